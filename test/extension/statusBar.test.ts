// The status bar names the current model, or what is missing.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

describe('status bar', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  it('asks for the service address when none is set', async () => {
    await arrange(api, { key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    const view = await api.statusBar.refresh();
    assert.deepEqual([view.text, view.action], ['$(gear) Multi-Model AI: set address', 'setBaseUrl']);
    assert.deepEqual(api.statusBar.accessibility(), { label: 'Multi-Model AI: the service address is not set' });
  });

  it('asks for the key when none is stored', async () => {
    await arrange(api, { baseUrl, model: 'acme/chat-large' });
    const view = await api.statusBar.refresh();
    assert.deepEqual([view.text, view.action], ['$(key) Multi-Model AI: set API key', 'setApiKey']);
    assert.deepEqual(api.statusBar.accessibility(), { label: 'Multi-Model AI: no API key is stored' });
  });

  it('asks for a model when none is selected', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const view = await api.statusBar.refresh();
    assert.deepEqual([view.text, view.action], ['$(sparkle) Select model', 'selectModel']);
    assert.deepEqual(api.statusBar.accessibility(), { label: 'Multi-Model AI: no model is selected' });
  });

  it("shows the model's short name; the tooltip has its id and what it accepts; click opens the picker", async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    const view = await api.statusBar.refresh();
    assert.equal(view.text, '$(sparkle) chat-large');
    // A screen reader hears the item's own words, not "sparkle".
    assert.deepEqual(api.statusBar.accessibility(), { label: 'Multi-Model AI: model acme/chat-large' });
    // Earlier tests may have spent: that line is checked on its own below.
    const lines = view.tooltip.split('\n').filter((line) => !line.startsWith('Spent since'));
    assert.deepEqual(lines, [
      'acme/chat-large',
      'Key: Default · sk_test_al…',
      'Accepts: max_tokens · temperature · stream · stream_options · tools · tool_choice',
      'Click to pick another model.',
    ]);
    assert.equal(view.action, 'selectModel');
    assert.deepEqual(api.statusBar.view(), view);
  });

  it('the tooltip adds up what answers cost since VS Code started, at the catalog prices', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'nova/responder' });
    const spent = (tooltip: string) => {
      const match =
        /^Spent since VS Code started: ≈ ([\d.]+) ₽ \((\d+) answers?, at the catalog's prices; answers stopped or cut off report no usage, so they are not counted\)$/m.exec(
          tooltip,
        );
      return match ? [Number(match[1]), Number(match[2])] : [0, 0];
    };
    const [rubBefore, answersBefore] = spent((await api.statusBar.refresh()).tooltip);
    api.chat.host.session.newConversation();
    await api.chat.host.session.send('Explain closures');
    const after = await until(async () => {
      const view = await api.statusBar.refresh();
      return spent(view.tooltip)[1] === answersBefore! + 1 ? view : undefined;
    }, 'the spend to be counted');
    // 41 tokens in at 100 ₽ and 98 out at 400 ₽ per million: 0.0433 ₽; both totals are shown rounded to 0.01.
    const added = spent(after.tooltip)[0]! - rubBefore!;
    assert.ok(Math.abs(added - 0.0433) <= 0.0101, `added ${added}`);
  });

  it('warns when the model is not available to the key, and not for the workspace that has it', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'zeta/reasoner-pro' });
    const alpha = await api.statusBar.refresh();
    assert.equal(alpha.text, '$(warning) reasoner-pro');
    assert.match(alpha.tooltip, /Not included in this workspace's plan/);
    assert.match(api.statusBar.accessibility()?.label ?? '', /^Multi-Model AI: model zeta\/reasoner-pro\. Not included in this workspace's plan/);

    await arrange(api, { baseUrl, key: FIXTURE_KEYS.beta, model: 'zeta/reasoner-pro' });
    const beta = await api.statusBar.refresh();
    assert.equal(beta.text, '$(sparkle) reasoner-pro');
  });

  it('follows a key change by itself', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    await api.statusBar.refresh();
    await api.apiKeys.remove();
    await until(() => api.statusBar.view().action === 'setApiKey' || undefined, 'the status bar to ask for a key');
    assert.equal(api.statusBar.view().text, '$(key) Multi-Model AI: set API key');
  });
});
