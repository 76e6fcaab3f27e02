// One connection owns settings + key -> client + catalog, cached by what it depends
// on. Counted in the emulator's records: picking a model anywhere reads no catalog again;
// another key or another address does.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import { FIXTURE_KEYS } from '../emulator/index';
import { StandInPage } from './chatHarness';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const catalogReads = async () => (await emulator().requests()).filter((r) => r.endpoint === 'models').length;

describe('connection: one catalog per address and key', () => {
  const api = useTestHandle();
  const { baseUrl, emulatorOrigin } = suiteEnv();

  /** Waits until the status bar and the chat both show `model`. */
  async function shown(model: string, page: StandInPage): Promise<void> {
    await until(() => (api.statusBar.view().text.endsWith(model.split('/')[1]!) ? true : undefined), `the status bar to show ${model}`);
    await until(
      () =>
        page.received.some(
          (m) =>
            (m as { type: string; model?: { current?: string; loading: boolean } }).type === 'model/set' &&
            (m as { model: { current?: string } }).model.current === model,
        ) || undefined,
      `the chat to show ${model}`,
    );
  }

  it('switching the model from the chat, the quick-pick and the status bar sends no new GET /v1/models', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    const page = new StandInPage(api);
    try {
      page.send({ type: 'ready' });
      // The catalog of this address and key is read (again) now; what the arrangement read before is not counted.
      await api.connection.models({ refresh: true });
      await api.statusBar.refresh();
      await api.chat.host.refreshModels();
      const baseline = await catalogReads();

      // From the chat's model selector.
      page.send({ type: 'model/select', modelId: 'acme/chat-mini' });
      await shown('acme/chat-mini', page);

      // From the quick-pick, which is also what the status bar item runs.
      assert.deepEqual(api.statusBar.view().action, 'selectModel');
      const closed = vscode.commands.executeCommand<string | undefined>(Commands.selectModel);
      const picker = await until(() => {
        const open = api.modelPicker.current();
        return open && !open.busy && open.items.length > 0 ? open : undefined;
      }, 'the model picker to load');
      const large = picker.items.find((i) => i.modelId === 'acme/chat-large');
      assert.ok(large);
      picker.activeItems = [large];
      // Let the host's quick-pick update reach the workbench before the accept overtakes it.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      assert.equal(await closed, 'acme/chat-large');
      await shown('acme/chat-large', page);

      assert.equal(await catalogReads(), baseline);
    } finally {
      page.close();
    }
  });

  it('another key gets its own catalog, and another address reads its own once', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    await api.connection.models({ refresh: true });
    const baseline = await catalogReads();

    await api.apiKeys.store(FIXTURE_KEYS.beta);
    const beta = await api.connection.models();
    // Workspace beta may use zeta/reasoner-pro; alpha may not: not alpha's list.
    assert.ok(beta.kind === 'ready' && beta.usable.some((m) => m.id === 'zeta/reasoner-pro'));

    // The legacy prefix serves the same API under another address.
    await api.settings.update('multiModelAI.baseUrl', `${emulatorOrigin}/legacy/v1`);
    await api.connection.models();
    await api.connection.models();
    const records = (await emulator().requests()).filter((r) => r.endpoint === 'models');
    const reads = records.slice(baseline - 1).map((r) => [r.path, r.keyPrefix]);
    // Catalogs are kept per address and key: beta's may still be cached from an earlier test.
    assert.deepEqual(reads[0], ['/v1/models', 'sk_test_al…']);
    assert.deepEqual(
      reads.filter(([path]) => path !== '/v1/models'),
      [['/legacy/v1/models', 'sk_test_be…']],
    );
    assert.ok(reads.slice(1).every(([, key]) => key === 'sk_test_be…'));
  });

  it('Errors 5: after a 403 unavailable model the catalog is read again before Select Model is offered', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    await api.chat.host.session.settled();
    api.chat.host.session.newConversation();
    await api.connection.models({ refresh: true });
    await emulator().queueFaults('chat', [{ type: 'status', status: 403, code: 'model_unavailable' }]);
    await api.chat.host.session.send('hello');
    const reply = api.chat.host.session.current().turns.at(-1);
    assert.deepEqual(reply?.role === 'assistant' && reply.error?.actions, ['selectModel', 'showLog', 'retry']);
    // Whatever the arrangement read before, the chat request is followed by a fresh catalog read.
    const sinceChat = async () => {
      const records = await emulator().requests();
      return records.slice(records.findIndex((r) => r.endpoint === 'chat')).map((r) => [r.endpoint, r.status]);
    };
    await until(async () => ((await sinceChat()).length === 2 ? true : undefined), 'the catalog to be read again');
    assert.deepEqual(await sinceChat(), [
      ['chat', 403],
      ['models', 200],
    ]);
  });
});
