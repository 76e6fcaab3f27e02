// Fix and Explain with the model in a real extension host, on a real TypeScript error reported
// by VS Code's TypeScript server: the light bulb offers both; Fix shows the change in the
// refactoring's diff and Accept applies it; a file changed since is not touched; Explain asks
// the chat with the problem and its code attached.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import type { ProblemResult } from '#src/fix/vscode/problemActions';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

// Two type errors on line 6: one fix for both.
const ORIGINAL = [
  'export function total(items: number[]): number {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item;',
  '  }',
  "  const label: number = 'total'; const count: string = items.length;",
  '  return sum;',
  '}',
  '',
].join('\n');
const FIXED_LINE = "  const label: string = 'total'; const count: number = items.length;";
const REPLY = `\`\`\`ts\n${ORIGINAL.replace(/^ {2}const label.*$/m, FIXED_LINE).trimEnd()}\n\`\`\``;
const FIXED = ORIGINAL.replace(/^ {2}const label.*$/m, FIXED_LINE);

let counter = 0;

/** A saved file with ORIGINAL, open, once the TypeScript server reports its two errors. */
async function openWithErrors(): Promise<{ document: vscode.TextDocument; errors: vscode.Diagnostic[] }> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workbench has no folder open');
  const uri = vscode.Uri.joinPath(folder.uri, `fix-sample-${Date.now()}-${++counter}.ts`);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(ORIGINAL));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  const errors = await until(
    () => {
      const found = vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
      return found.length === 2 ? found : undefined;
    },
    'the TypeScript errors',
    60_000,
  );
  return { document, errors };
}

async function quickFixes(document: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
    'vscode.executeCodeActionProvider',
    document.uri,
    range,
    vscode.CodeActionKind.QuickFix.value,
  );
  return actions.filter((a) => a.title.endsWith('with Multi-Model AI'));
}

const run = (action: vscode.CodeAction | undefined) => {
  assert.ok(action?.command, 'the action has no command');
  return vscode.commands.executeCommand<ProblemResult>(action.command.command, ...(action.command.arguments ?? []));
};
const chatRequests = async () => (await emulator().requests()).filter((r) => r.endpoint === 'chat');

describe('Fix with the model', () => {
  const api = useTestHandle();

  beforeEach(async () => {
    await arrange(api, { baseUrl: suiteEnv().baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
  });

  afterEach(async () => {
    api.refactor.reject();
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the light bulb offers Fix and Explain once for the two errors on the line, both on that line', async () => {
    const { document, errors } = await openWithErrors();
    assert.deepEqual(
      errors.map((e) => e.range.start.line),
      [5, 5],
    );
    const actions = await quickFixes(document, document.lineAt(5).range);
    assert.deepEqual(
      actions.map((a) => [a.title, a.kind?.value, a.command?.command, (a.command?.arguments?.[0] as { lines: unknown }).lines]),
      [
        ['Fix with Multi-Model AI', 'quickfix', Commands.fixWithModel, { startLine: 5, endLine: 5 }],
        ['Explain with Multi-Model AI', 'quickfix', Commands.explainProblem, { startLine: 5, endLine: 5 }],
      ],
    );
  });

  it('Fix shows the change in the diff, and Accept applies it as one edit', async () => {
    const { document, errors } = await openWithErrors();
    const [fix] = await quickFixes(document, errors[0]!.range);
    await emulator().queueReplies([REPLY]);
    const outcome = await run(fix);
    assert.equal(outcome?.status, 'done');
    assert.equal(api.refactor.current()?.state, 'done');
    assert.equal(api.refactor.current()?.documentUri.toString(), document.uri.toString());
    assert.equal(document.getText(), ORIGINAL, 'nothing is applied before Accept');
    assert.equal(await vscode.commands.executeCommand(Commands.acceptRefactor), 'applied');
    assert.equal(document.getText(), FIXED);
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), ORIGINAL);
  });

  it('a file changed since the light bulb was shown is not touched, and nothing is sent', async () => {
    const { document, errors } = await openWithErrors();
    const [fix] = await quickFixes(document, errors[0]!.range);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), '// note\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.deepEqual(await run(fix), { status: 'documentChanged' });
    assert.deepEqual(await chatRequests(), []);
    assert.equal(api.refactor.current(), undefined);
  });

  it('Explain opens the chat with the problems and their code attached', async () => {
    const { session } = api.chat.host;
    await session.loaded;
    await session.settled();
    session.newConversation();
    const { document, errors } = await openWithErrors();
    const [, explain] = await quickFixes(document, errors[0]!.range);
    assert.deepEqual(await run(explain), { status: 'sent' });
    await until(() => session.current().turns.length === 2 || undefined, 'the question in the chat');
    await session.settled();
    const [question, answer] = session.current().turns;
    assert.equal(question?.role, 'user');
    if (question?.role !== 'user') return;
    const path = vscode.workspace.asRelativePath(document.uri);
    assert.match(
      question.text,
      new RegExp(`^Explain these problems in ${path.replace(/\./g, '\\.')}, why it happens and how to fix it:\n- line 6, column \\d+: error 2322 from ts: `),
    );
    assert.ok(question.text.includes("Type 'string' is not assignable to type 'number'."), question.text);
    assert.deepEqual(
      question.context.map((c) => [c.path, c.startLine, c.endLine, c.text]),
      [[path, 1, 8, ORIGINAL]],
    );
    assert.equal(answer?.role === 'assistant' && answer.status, 'done');
  });
});
