// The Select Model quick-pick over the live catalog, for each fixture key.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import type { ModelPickItem } from '#src/models/vscode/modelPicker';
import type { TestHandle } from '#src/testHandle';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const REASON = "Not included in this workspace's plan";

/** Opens the picker through its command; resolves once the catalog has filled it. */
async function openPicker(api: TestHandle): Promise<{ picker: vscode.QuickPick<ModelPickItem>; closed: Thenable<string | undefined> }> {
  const closed = vscode.commands.executeCommand<string | undefined>(Commands.selectModel);
  const picker = await until(() => {
    const open = api.modelPicker.current();
    return open && !open.busy && open.items.length > 0 ? open : undefined;
  }, 'the model picker to load');
  return { picker, closed };
}

/** An item as a line: its icon's id in brackets (beside the text, never in it), label, description, detail. */
const summary = (items: readonly ModelPickItem[]) =>
  items.map((i) => (i.kind === vscode.QuickPickItemKind.Separator ? `-- ${i.label}` : `${iconOf(i)}${i.label} | ${i.description} | ${i.detail ?? ''}`));
const iconOf = (item: ModelPickItem) => (item.iconPath instanceof vscode.ThemeIcon ? `(${item.iconPath.id}) ` : '');

async function accept(picker: vscode.QuickPick<ModelPickItem>, which: string | ((item: ModelPickItem) => boolean)): Promise<void> {
  const item = picker.items.find(typeof which === 'string' ? (i) => i.modelId === which : which);
  assert.ok(item, `${String(which)} is listed`);
  picker.activeItems = [item];
  // The extension host sends quick-pick updates to the workbench on a zero-delay timer:
  // let it go out before the accept command, which would otherwise overtake it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}

describe('Select Model quick-pick', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  afterEach(() => api.modelPicker.current()?.hide());

  it('workspace alpha: usable text models by vendor with what they accept; the unavailable one apart with its reason; no image models', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-mini' });
    const { picker } = await openPicker(api);
    assert.deepEqual(summary(picker.items), [
      '-- acme',
      'acme/chat-basic | Acme Chat Basic — max_tokens · temperature | ',
      'acme/chat-large | Acme Chat Large — max_tokens · temperature · stream · stream_options · tools · tool_choice | ',
      '(check) acme/chat-mini | Acme Chat Mini — temperature · stream · stream_options | ',
      '-- mira',
      'mira/messenger | Mira Messenger — max_tokens · temperature · stream · reasoning_effort · tools · tool_choice | ',
      '-- nova',
      'nova/responder | Nova Responder — max_tokens · temperature · stream · reasoning_effort · tools · tool_choice | ',
      '-- Not available here',
      `(circle-slash) zeta/reasoner-pro | Zeta Reasoner Pro — max_tokens · stream · stream_options · reasoning_effort · tools · tool_choice | ${REASON}`,
      '(edit) Use a Model Id… | type the id of a model the list does not name | ',
    ]);
    assert.equal(picker.activeItems[0]?.modelId, 'acme/chat-mini');
    assert.equal(picker.matchOnDescription, true);
    assert.equal(picker.buttons.length, 1);
  });

  it('workspace beta: the reasoner is usable, in its own vendor group', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.beta });
    const { picker } = await openPicker(api);
    assert.deepEqual(
      summary(picker.items).filter((line) => line.startsWith('--')),
      ['-- acme', '-- mira', '-- nova', '-- zeta'],
    );
    assert.equal(picker.items.find((i) => i.modelId === 'zeta/reasoner-pro')?.reason, undefined);
  });

  it('with a token limit set, the model without max_tokens is listed apart', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.beta, maxTokens: 200 });
    const { picker } = await openPicker(api);
    const mini = picker.items.find((i) => i.modelId === 'acme/chat-mini');
    assert.match(mini?.detail ?? '', /Does not accept max_tokens/);
  });

  it('picking an unavailable model explains why and stays open; picking a usable one saves it', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const { picker, closed } = await openPicker(api);
    await accept(picker, 'zeta/reasoner-pro');
    await until(() => picker.placeholder?.includes(REASON) || undefined, 'the explanation');
    assert.equal(api.modelPicker.current(), picker, 'the picker stays open');
    assert.equal(api.settings.current().model, undefined);

    await accept(picker, 'acme/chat-large');
    assert.equal(await closed, 'acme/chat-large');
    assert.equal(api.settings.current().model, 'acme/chat-large');
    assert.equal(vscode.workspace.getConfiguration('multiModelAI').get('model'), 'acme/chat-large');
  });

  it('a revoked key: the failure becomes actions; picking one closes the picker to run it', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.revoked });
    const { picker, closed } = await openPicker(api);
    assert.deepEqual(
      picker.items.map((i) => i.label),
      ['Replace Key', 'Use Another Key', 'Manage API Keys', 'Show Log', 'Retry', 'Use a Model Id…'],
    );
    assert.match(picker.placeholder ?? '', /^Could not load the models: Your API key Default · sk_test_\w+… was rejected/);
    assert.equal(api.lastDiagnostics()?.code, 'invalid_api_key');
    // Retry reads the catalog again and stays open with the same answer.
    const reads = (await emulator().requests()).length;
    await accept(picker, (i) => i.label === 'Retry');
    await until(async () => ((await emulator().requests()).length === reads + 1 && !picker.busy) || undefined, 'the catalog to be read again');
    assert.equal(api.modelPicker.current(), picker);
    await accept(picker, (i) => i.label === 'Show Log');
    assert.equal(await closed, undefined);
    assert.equal(api.modelPicker.current(), undefined);
  });
});
