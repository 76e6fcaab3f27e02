// The usage record in a real extension host against the emulator: an answer in the chat, a
// refactoring, an answer to VS Code's chat and an image request each add one entry with the
// model, the key (its masked prefix, never the secret), the workspace and the source; the
// record is a file under global storage, not extension state; Show Usage opens its page.
import * as assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import { usageLine, type UsageEntry } from '#src/platform/usage/usageEntry';
import { LanguageModelProvider } from '#src/lm/vscode/languageModelProvider';
import { arrangeChat, lastReply } from './chatHarness';
import { suiteEnv } from './env';
import { until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

describe('Usage record in the extension host', () => {
  const api = useTestHandle();
  let key: () => { id: string; name: string };

  /** The entries added by `act`, once they are on disk. */
  async function added(act: () => PromiseLike<unknown>): Promise<UsageEntry[]> {
    const before = (await api.usage.recorder.record.read()).entries.length;
    await act();
    await api.usage.recorder.record.flushed();
    return (await api.usage.recorder.record.read()).entries.slice(before);
  }

  beforeEach(async () => {
    await arrangeChat(api);
    const identity = await api.apiKeys.identity();
    assert.ok(identity, 'a key is in use');
    key = () => ({ id: identity.id, name: identity.name });
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('an answer in the chat adds one entry: model, interface, key, workspace, tokens and cost', async () => {
    const entries = await added(() => api.chat.host.session.send('Write a TypeScript debounce function'));
    const reply = lastReply(api);
    assert.ok(reply.usage);
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.deepEqual(
      { ...entry, time: undefined, costRub: undefined },
      {
        v: 2,
        time: undefined,
        model: 'acme/chat-large',
        interface: 'chat-completions',
        key: key(),
        project: vscode.workspace.name,
        source: 'chat',
        tokens: { in: reply.usage.prompt_tokens, out: reply.usage.completion_tokens, cached: 0 },
        costRub: undefined,
      },
    );
    assert.ok(entry!.costRub !== undefined && entry!.costRub > 0);
  });

  it('a refactoring, an answer to VS Code’s chat and an image request say where they came from', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const file = vscode.Uri.joinPath(folder, `usage-sample-${Date.now()}.ts`);
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('export const add = (a, b) => a + b;\n'));
    const editor = await vscode.window.showTextDocument(file);
    editor.selection = new vscode.Selection(0, 0, 1, 0);
    const refactored = await added(() => vscode.commands.executeCommand(Commands.refactorSelection, { instruction: 'Add types' }));
    api.refactor.reject();
    const provider = new LanguageModelProvider(api.connection, api.failures);
    const asked = await added(async () => {
      const model = (await provider.provideLanguageModelChatInformation({ silent: true })).find((m) => m.id === 'acme/chat-large')!;
      await provider.provideLanguageModelChatResponse(
        model,
        [vscode.LanguageModelChatMessage.User('Say hello')],
        { toolMode: vscode.LanguageModelChatToolMode.Auto },
        { report() {} },
        new vscode.CancellationTokenSource().token,
      );
    });
    provider.dispose();
    const images = await added(() => vscode.commands.executeCommand(Commands.generateImage, { prompt: `Usage fox ${Date.now()}`, n: 2 }));
    assert.deepEqual(
      [...refactored, ...asked].map((e) => [e.source, e.model, e.key.id]),
      [
        ['refactor', 'acme/chat-large', key().id],
        ['vscodeChat', 'acme/chat-large', key().id],
      ],
    );
    assert.deepEqual(
      images.map((e) => [e.source, e.interface, e.images, e.costRub, e.tokens]),
      [['images', 'images', 2, 16, undefined]],
    );
  });

  it('the record is a file under global storage holding no key, and nothing of it is in extension state', async () => {
    await added(() => api.chat.host.session.send('Say hello'));
    const month = new Date().toISOString().slice(0, 7);
    const { folder } = api.usage.recorder.record.options;
    const text = readFileSync(`${folder}/usage-${month}.jsonl`, 'utf8');
    assert.ok(text.includes(`"id":"${key().id}"`));
    assert.ok(!text.includes(suiteEnv().apiKey), 'no key in the record');
    assert.ok(!JSON.stringify(api.storedState()).includes('"source":"chat"'), 'no usage in extension state');
  });

  it('the status bar’s spend of the key counts each answer as it is added, and what another window appends', async () => {
    const { recorder } = api.usage;
    const before = await recorder.spendOf(key().id);
    const [entry] = await added(() => api.chat.host.session.send('Say hello'));
    const after = await recorder.spendOf(key().id);
    assert.ok(entry?.costRub);
    assert.ok(Math.abs(after.today - before.today - entry.costRub) < 1e-9, `${JSON.stringify({ before, after, entry })}`);
    const time = new Date().toISOString();
    const other = { time, model: 'acme/chat-large', interface: 'chat-completions', key: key(), project: 'other', source: 'chat', costRub: 7 } as const;
    appendFileSync(`${recorder.record.options.folder}/usage-${time.slice(0, 7)}.jsonl`, usageLine(other));
    const later = await recorder.spendOf(key().id);
    assert.ok(Math.abs(later.today - after.today - 7) < 1e-9, `${JSON.stringify({ after, later })}`);
    assert.ok(Math.abs(later.month - after.month - 7) < 1e-9, `${JSON.stringify({ after, later })}`);
  });

  it('Show Usage opens the page under the strict CSP with the shared stylesheet, and it gets today’s answers in its report', async () => {
    await added(() => api.chat.host.session.send('Say hello'));
    const panel = await vscode.commands.executeCommand<vscode.WebviewPanel>(Commands.showUsage);
    assert.equal(panel.title, 'Multi-Model AI Usage');
    // The chat's CSP: scripts only by nonce, styles, fonts and images only from the extension's files.
    const html = panel.webview.html;
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1]?.replace(/'nonce-[\w-]{24}'/, "'nonce-…'");
    const source = panel.webview.cspSource;
    assert.equal(csp, `default-src 'none'; script-src 'nonce-…'; style-src ${source}; font-src ${source}; img-src ${source} data:`);
    // The base both pages share, then its own.
    assert.deepEqual(
      [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]?.replace(/^.*\/dist\//, 'dist/')),
      ['dist/base.css', 'dist/usage.css'],
    );
    const report = await until(() => api.usage.panel.lastReport(), 'the page to ask for its report');
    assert.ok(report.periods.today.byModel.some((row) => row.name === 'acme/chat-large' && row.answers > 0));
    assert.equal(report.corrupt, 0);
  });
});
