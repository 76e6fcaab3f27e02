// Issue 5.4: the status bar names the current model, or what is missing.
import * as assert from 'node:assert/strict';
import type { TestHandle } from '../../src/vscode/testHandle';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, testHandle, until } from './shellHarness';

describe('status bar', () => {
  let api: TestHandle;
  const { baseUrl } = suiteEnv();

  before(async () => {
    api = await testHandle();
  });

  it('asks for the service address when none is set', async () => {
    await arrange(api, { key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    const view = await api.statusBar.refresh();
    assert.deepEqual([view.text, view.action], ['$(gear) Multi-Model AI: set address', 'setBaseUrl']);
  });

  it('asks for the key when none is stored', async () => {
    await arrange(api, { baseUrl, model: 'acme/chat-large' });
    const view = await api.statusBar.refresh();
    assert.deepEqual([view.text, view.action], ['$(key) Multi-Model AI: set API key', 'setApiKey']);
  });

  it('asks for a model when none is selected', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const view = await api.statusBar.refresh();
    assert.deepEqual([view.text, view.action], ['$(sparkle) Select model', 'selectModel']);
  });

  it("shows the model's short name; the tooltip has its id and what it accepts; click opens the picker", async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    const view = await api.statusBar.refresh();
    assert.equal(view.text, '$(sparkle) chat-large');
    assert.equal(view.tooltip, 'acme/chat-large\nAccepts: max_tokens · temperature · stream · stream_options\nClick to pick another model.');
    assert.equal(view.action, 'selectModel');
    assert.deepEqual(api.statusBar.view(), view);
  });

  it('warns when the model is not available to the key, and not for the workspace that has it', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'zeta/reasoner-pro' });
    const alpha = await api.statusBar.refresh();
    assert.equal(alpha.text, '$(warning) reasoner-pro');
    assert.match(alpha.tooltip, /Not included in this workspace's plan/);

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
