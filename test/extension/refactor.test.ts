// Refactoring in a real extension host against the emulator's scripted replies: Accept applies
// exactly the proposed code as one undo step; Reject, Cancel, a 5xx and a stream cut leave
// the document byte-identical; a document changed meanwhile is refused; a large selection
// is refused before any request. Moving the diff, a second Accept and a second start do not
// end or duplicate the refactoring.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import type { RefactorOutcome } from '#src/refactor/common/refactorRun';
import { ProposalDocuments } from '#src/platform/review/vscode/proposalDocuments';
import { RefactorController, type AcceptResult } from '#src/refactor/vscode/refactorController';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const ORIGINAL = ['export class Counter {', '  private n = 0;', '', '  add(x) {', '    this.n = this.n+x', '    return this.n', '  }', '}', ''].join('\n');
const SELECTED = '  add(x) {\n    this.n = this.n+x\n    return this.n\n  }\n';
// As a model would write it: no base indentation, prose around the fence.
const REPLY = 'Here is the typed version:\n\n```ts\nadd(x: number): number {\n  this.n += x;\n  return this.n;\n}\n```\n\nIt now says what it takes.';
const PROPOSED_CODE = '  add(x: number): number {\n    this.n += x;\n    return this.n;\n  }\n';
const PROPOSED = ORIGINAL.replace(SELECTED, PROPOSED_CODE);

let counter = 0;

/** The chat requests the emulator received (the shell also reads the model list). */
const chatRequests = async () => (await emulator().requests()).filter((r) => r.endpoint === 'chat');

/** A fresh saved file holding ORIGINAL, open in an editor with SELECTED selected. */
async function openSample(): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workbench has no folder open');
  const uri = vscode.Uri.joinPath(folder.uri, `refactor-sample-${Date.now()}-${++counter}.ts`);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(ORIGINAL));
  const document = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  const start = document.positionAt(ORIGINAL.indexOf(SELECTED));
  editor.selection = new vscode.Selection(start, document.positionAt(ORIGINAL.indexOf(SELECTED) + SELECTED.length));
  return editor;
}

const refactor = (instruction = 'Add types') => vscode.commands.executeCommand<RefactorOutcome | undefined>(Commands.refactorSelection, { instruction });
const accept = () => vscode.commands.executeCommand<AcceptResult>(Commands.acceptRefactor);

function proposalTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'multi-model-ai-proposed');
}

/** Byte-identical, same version, not dirty: nothing was ever applied. */
function assertUntouched(document: vscode.TextDocument, version: number): void {
  assert.equal(document.getText(), ORIGINAL);
  assert.equal(document.version, version, 'the document was edited (and maybe restored)');
  assert.equal(document.isDirty, false);
}

describe('Refactor Selection', () => {
  const api = useTestHandle();
  let editor: vscode.TextEditor;
  let version: number;

  beforeEach(async () => {
    await arrange(api, { baseUrl: suiteEnv().baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    editor = await openSample();
    version = editor.document.version;
  });

  afterEach(async () => {
    api.refactor.reject();
    await until(() => proposalTabs().length === 0 || undefined, 'the proposal diff to close');
    if (editor.document.isDirty) await editor.document.save();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the proposal in a diff; Accept applies exactly the proposed code, and one undo restores the original', async () => {
    await emulator().queueReplies([REPLY]);
    const outcome = await refactor();
    assert.deepEqual(outcome, { status: 'done', code: PROPOSED_CODE, document: PROPOSED });

    const view = api.refactor.current();
    assert.equal(view?.state, 'done');
    const [tab] = proposalTabs();
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'no proposal diff is open');
    assert.equal(tab.input.original.toString(), editor.document.uri.toString());
    const proposed = await vscode.workspace.openTextDocument(view!.proposedUri);
    await until(() => proposed.getText() === PROPOSED || undefined, 'the diff to show the whole proposal');
    assertUntouched(editor.document, version);

    assert.equal(await accept(), 'applied');
    assert.equal(editor.document.getText(), PROPOSED);
    assert.equal(api.refactor.current(), undefined);
    await until(() => proposalTabs().length === 0 || undefined, 'the diff to close after Accept');

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), ORIGINAL);

    const [request] = await chatRequests();
    assert.equal(request?.model, 'acme/chat-large');
    assert.equal(request?.stream, true);
  });

  for (const [model, endpoint] of [
    ['nova/responder', 'responses'],
    ['mira/messenger', 'messages'],
  ] as const) {
    it(`${model} serves only ${endpoint}: the refactoring goes there, and its reasoning stays out of the code`, async () => {
      await arrange(api, { baseUrl: suiteEnv().baseUrl, key: FIXTURE_KEYS.alpha, model });
      await emulator().queueReplies([{ text: REPLY, reasoning: 'Types first: x is a number.' }]);
      const outcome = await refactor();
      assert.deepEqual(outcome, { status: 'done', code: PROPOSED_CODE, document: PROPOSED });
      const requests = (await emulator().requests()).filter((r) => r.endpoint !== 'models');
      assert.deepEqual(
        requests.map((r) => [r.endpoint, r.model, r.status]),
        [[endpoint, model, 200]],
      );
    });
  }

  it('Reject leaves the document byte-identical and closes the diff', async () => {
    await emulator().queueReplies([REPLY]);
    assert.equal((await refactor())?.status, 'done');
    await vscode.commands.executeCommand(Commands.rejectRefactor);
    assert.equal(api.refactor.current(), undefined);
    await until(() => proposalTabs().length === 0 || undefined, 'the diff to close after Reject');
    assertUntouched(editor.document, version);
    assert.equal(await accept(), 'nothingToAccept');
    assertUntouched(editor.document, version);
  });

  it('Cancel mid-stream stops the request and leaves the document byte-identical', async () => {
    await emulator().queueReplies([REPLY]);
    await emulator().queueFaults('chat', [{ type: 'stall', afterDeltas: 8, ms: 20_000 }]);
    const running = refactor();
    const proposedUri = await until(() => api.refactor.current()?.proposedUri, 'the proposal to open');
    const proposed = await vscode.workspace.openTextDocument(proposedUri);
    // Code from the open fence is already in the diff, the rest is still to come.
    await until(() => (proposed.getText() !== ORIGINAL && proposed.getText() !== PROPOSED) || undefined, 'partial code in the diff');
    assert.equal(api.refactor.current()?.state, 'streaming');

    api.refactor.cancel();
    assert.deepEqual(await running, { status: 'stopped' });
    assert.equal(api.refactor.current(), undefined);
    await until(() => proposalTabs().length === 0 || undefined, 'the diff to close after Cancel');
    assertUntouched(editor.document, version);
  });

  it('a 5xx (after its retries) leaves the document byte-identical and is recorded for diagnostics', async () => {
    const fault = { type: 'status' as const, status: 503 };
    await emulator().queueFaults('chat', [fault, fault, fault]);
    const outcome = await refactor();
    assert.equal(outcome?.status, 'failed');
    assert.equal(api.refactor.current(), undefined);
    assert.equal(api.lastDiagnostics()?.status, 503);
    assertUntouched(editor.document, version);
    assert.equal((await chatRequests()).length, 3);
  });

  it('a stream cut after partial code shows the interrupted proposal, never applies it, and leaves the document byte-identical', async () => {
    await emulator().queueReplies([REPLY]);
    await emulator().queueFaults('chat', [{ type: 'cut', afterDeltas: 10 }]);
    const outcome = await refactor();
    assert.equal(outcome?.status, 'interrupted');
    assert.equal(api.refactor.current()?.state, 'interrupted');
    assert.equal(proposalTabs().length, 1, 'the partial proposal stays in view');
    assertUntouched(editor.document, version);
    assert.equal(await accept(), 'nothingToAccept');
    assertUntouched(editor.document, version);
  });

  it('refuses to apply when the document changed under the selection meanwhile', async () => {
    await emulator().queueReplies([REPLY]);
    assert.equal((await refactor())?.status, 'done');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(editor.document.uri, new vscode.Position(0, 0), '// edited meanwhile\n');
    assert.ok(await vscode.workspace.applyEdit(edit));

    assert.equal(await accept(), 'documentChanged');
    assert.equal(editor.document.getText(), `// edited meanwhile\n${ORIGINAL}`);
    assert.equal(api.refactor.current(), undefined);
  });

  it('moving the proposal diff to another editor group keeps the refactoring, and Accept still applies it', async () => {
    await emulator().queueReplies([REPLY]);
    assert.equal((await refactor())?.status, 'done');
    // VS Code moves a tab by opening it in the target group, then closing it in the source group.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    await vscode.commands.executeCommand('workbench.action.moveEditorToFirstGroup');
    await until(() => proposalTabs().every((t) => t.group.viewColumn === vscode.ViewColumn.One) || undefined, 'the diff to leave the second group');
    assert.equal(api.refactor.current()?.state, 'done', 'moving the diff rejected the refactoring');
    assert.equal(proposalTabs().length, 1);
    assert.equal(await accept(), 'applied');
    assert.equal(editor.document.getText(), PROPOSED);
  });

  it('a second Accept while the first applies (title button and notification) joins it: applied once', async () => {
    await emulator().queueReplies([REPLY]);
    assert.equal((await refactor())?.status, 'done');
    assert.deepEqual(await Promise.all([accept(), accept()]), ['applied', 'applied']);
    assert.equal(editor.document.getText(), PROPOSED);
  });

  it('a second start while the first connects drops the first: one request, one diff, Accept applies the second file', async () => {
    await emulator().queueReplies([REPLY, REPLY]);
    // Connections are held until released, so both starts are connecting at once.
    const gates: (() => void)[] = [];
    const connect = async () => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return api.connection.forModel();
    };
    const proposals = new ProposalDocuments('multi-model-ai-proposed-test');
    const controller = new RefactorController({ connect, proposals, failures: api.failures });
    try {
      const first = controller.refactorSelection('Add types');
      const second = await openSample();
      const started = controller.refactorSelection('Add types');
      assert.equal(gates.length, 2);
      for (const release of gates) release();
      assert.equal(await first, undefined);
      assert.equal((await started)?.status, 'done');
      assert.equal((await chatRequests()).length, 1);
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff);
      assert.deepEqual(
        tabs.map((t) => (t.input as vscode.TabInputTextDiff).original.toString()),
        [second.document.uri.toString()],
      );
      assert.equal(await controller.accept(), 'applied');
      assert.equal(second.document.getText(), PROPOSED);
      assertUntouched(editor.document, version);
      await second.document.save();
    } finally {
      controller.dispose();
      proposals.dispose();
    }
  });

  it('refuses a selection over the size limit before sending anything', async () => {
    const big = `// ${'x'.repeat(13_000)}\n`;
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), big));
    editor.selection = new vscode.Selection(0, 0, 1, 0);
    assert.equal(await refactor(), undefined);
    assert.equal(api.refactor.current(), undefined);
    assert.deepEqual(await chatRequests(), []);
  });
});
