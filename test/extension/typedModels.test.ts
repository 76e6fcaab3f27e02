// A model typed by hand, for an address that serves chat but no model list (the emulator's
// catalog shape `none`): Verify Connection and Select Model say so, Use a Model Id… takes the id
// typed in the filter and keeps it for the address, and the model answers, in VS Code's chat too.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import type { ModelPickItem } from '#src/models/vscode/modelPicker';
import type { CommandOutcome } from '#src/keys/vscode/apiKeyCommands';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

/** A picker item as seen: its icon, label and description. */
const shown = (i: ModelPickItem): string => `${i.iconPath instanceof vscode.ThemeIcon ? `(${i.iconPath.id}) ` : ''}${i.label} | ${i.description ?? ''}`;

const NO_LIST = 'This address serves no model list (GET /v1/models: 404); type a model id.';
const UNKNOWN = 'typed by hand: price, context and abilities unknown';

describe('a model typed by hand, at an address without a model list', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  beforeEach(async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    await emulator().setCatalogShape('none');
  });
  afterEach(async () => {
    api.modelPicker.current()?.hide();
    // The next suites read the whole catalog again at this address.
    await emulator().reset();
    await api.connection.models({ refresh: true, quiet: true });
  });

  it('Verify Connection, Select Model, Use a Model Id…: the id is kept for the address, and the model answers in VS Code’s chat', async () => {
    // The key is verified by chat where no model list is served.
    const keyed = await vscode.commands.executeCommand<CommandOutcome>(Commands.setApiKey, FIXTURE_KEYS.alpha);
    assert.equal(keyed.ok, true);
    assert.match(keyed.message, new RegExp(`^API key .+ verified and saved\\. ${NO_LIST.replace(/[()]/g, '\\$&')}$`));
    const verified = await vscode.commands.executeCommand<CommandOutcome>(Commands.verifyConnection);
    assert.equal(verified.ok, true);
    assert.ok(verified.message.endsWith(` ${NO_LIST}`), verified.message);
    assert.ok(verified.message.startsWith(`Connected to ${baseUrl} with key `), verified.message);

    const closed = vscode.commands.executeCommand<string | undefined>(Commands.selectModel);
    const picker = await until(() => {
      const open = api.modelPicker.current();
      return open && !open.busy && open.items.length > 0 ? open : undefined;
    }, 'the model picker to load');
    assert.equal(picker.placeholder, NO_LIST);
    assert.deepEqual(picker.items.map(shown), ['(edit) Use a Model Id… | type the id of a model the list does not name']);
    picker.value = 'acme/chat-large';
    const useId = await until(
      () => picker.items.find((i: ModelPickItem) => i.typesId && i.description === 'acme/chat-large'),
      'the typed id on Use a Model Id…',
    );
    picker.activeItems = [useId];
    // The extension host sends quick-pick updates on a zero-delay timer: let them go out before the accept.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    assert.equal(await closed, 'acme/chat-large');
    await until(() => api.settings.current().model === 'acme/chat-large' || undefined, 'the model setting');
    assert.deepEqual(new Map(api.storedState().global).get('multiModelAI.typedModels'), { [baseUrl]: ['acme/chat-large'] });

    const view = await api.statusBar.refresh();
    assert.equal(view.warning, false);
    assert.ok(view.tooltip.includes(`Accepts: ${UNKNOWN}`), view.tooltip);

    const chat = await until(
      async () => (await vscode.lm.selectChatModels({ vendor: 'multi-model-ai' })).find((m) => m.id === 'acme/chat-large'),
      'the typed model in VS Code’s chat',
    );
    assert.deepEqual([chat.maxInputTokens], [12_288]);
    await emulator().queueReplies(['typed and answered']);
    const response = await chat.sendRequest([vscode.LanguageModelChatMessage.User('Hello')], {});
    let text = '';
    for await (const part of response.stream) if (part instanceof vscode.LanguageModelTextPart) text += part.value;
    assert.equal(text, 'typed and answered');
    const chatRequest = (await emulator().requests()).find((r) => r.method === 'POST' && r.path === '/v1/chat/completions' && r.status === 200);
    assert.deepEqual([chatRequest?.model, chatRequest?.stream], ['acme/chat-large', true]);

    // Select Model again: the typed id is listed, with what is unknown of it.
    const again = vscode.commands.executeCommand<string | undefined>(Commands.selectModel);
    const reopened = await until(() => {
      const open = api.modelPicker.current();
      return open && !open.busy && open.items.length > 1 ? open : undefined;
    }, 'the model picker to list the typed id');
    assert.deepEqual(reopened.items.map(shown), [
      'acme | ',
      `(check) acme/chat-large | ${UNKNOWN}`,
      '(edit) Use a Model Id… | type the id of a model the list does not name',
    ]);
    reopened.hide();
    assert.equal(await again, undefined);
  });
});
