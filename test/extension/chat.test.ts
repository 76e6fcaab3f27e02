// The chat in a real extension host against the emulator: the shared controller (send,
// stream, stop, errors, history in files), the host<->page protocol, the panel's HTML.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AssistantTurn } from '#src/chat/common/conversation/conversation';
import { Commands, Settings } from '#src/platform/manifest/ids';
import { suiteEnv } from './env';
import { arrangeChat, lastReply, StandInPage } from './chatHarness';
import { emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

/** The card a failed reply shows: what it says and the actions it offers. */
const card = (reply: AssistantTurn) => ({ message: reply.error?.message, actions: reply.error?.actions });
/** How many chat requests reached the emulator. */
const chatRequests = async () => (await emulator().requests()).filter((r) => r.endpoint === 'chat').length;

describe('chat: controller in the extension host', () => {
  const api = useTestHandle();
  beforeEach(() => arrangeChat(api));

  it('sends, streams a reply with a code block and usage, and stores the conversation in the history', async () => {
    const { session } = api.chat.host;
    await session.send('Write a TypeScript debounce function');
    const reply = lastReply(api);
    assert.equal(reply.status, 'done');
    assert.equal(reply.model, 'acme/chat-large');
    assert.match(reply.text, /```typescript/);
    assert.ok(reply.usage && reply.usage.total_tokens > 0);
    const stored = await api.chat.host.store.get(session.current().id);
    assert.equal(stored?.title, 'Write a TypeScript debounce function');
    assert.equal(api.chat.host.store.list()[0]?.id, session.current().id);
    assert.ok(!JSON.stringify(api.storedState()).includes(suiteEnv().apiKey), 'no key in extension state');
  });

  for (const [model, endpoint] of [
    ['nova/responder', 'responses'],
    ['mira/messenger', 'messages'],
  ] as const) {
    it(`${model} serves only ${endpoint}: the chat answers through it, with its reasoning, usage and cost`, async () => {
      await arrangeChat(api, model);
      // Messages thinks only when the request enables it, as upstream: a reasoning effort does.
      const config = vscode.workspace.getConfiguration('multiModelAI');
      if (endpoint === 'messages') {
        await config.update('modelOptions', { [model]: { reasoning_effort: 'low' } }, vscode.ConfigurationTarget.Global);
        await until(() => api.settings.current().modelOptions[model] !== undefined || undefined, 'the model options');
      }
      try {
        await api.chat.host.session.send('Explain closures');
        const reply = lastReply(api);
        assert.equal(reply.status, 'done', reply.error?.message);
        assert.equal(reply.model, model);
        assert.equal(reply.reasoning, 'The question is about "Explain closures". First check what is asked, then answer briefly with an example.');
        assert.ok(reply.usage && reply.usage.completion_tokens > 0);
        assert.ok((reply.costRub ?? 0) > 0);
        const requests = (await emulator().requests()).filter((r) => r.endpoint !== 'models');
        assert.deepEqual(
          requests.map((r) => [r.endpoint, r.status]),
          [[endpoint, 200]],
        );
      } finally {
        if (endpoint === 'messages') await config.update('modelOptions', undefined, vscode.ConfigurationTarget.Global);
      }
    });
  }

  it('a transport forced in the settings that the model does not serve is refused before sending, with its fix', async () => {
    await arrangeChat(api, 'nova/responder');
    await vscode.workspace.getConfiguration('multiModelAI').update('transport', 'messages', vscode.ConfigurationTarget.Global);
    try {
      await until(() => api.settings.current().transport === 'messages' || undefined, 'the transport setting');
      await api.chat.host.session.send('hello');
      assert.deepEqual(card(lastReply(api)), {
        message:
          'The model nova/responder cannot be used: Does not serve the Messages interface that multiModelAI.transport forces (it serves Responses): set multiModelAI.transport to "auto", or pick another model.',
        actions: ['selectModel', 'openSettings', 'retry'],
      });
      assert.equal((await emulator().requests()).filter((r) => r.endpoint !== 'models').length, 0);
    } finally {
      await vscode.workspace.getConfiguration('multiModelAI').update('transport', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('stop keeps the partial answer, marked stopped', async () => {
    await emulator().queueFaults('chat', [{ type: 'stall', afterDeltas: 4, ms: 10_000 }]);
    const { session } = api.chat.host;
    const sent = session.send('Tell me a long story');
    await until(() => (session.current().turns.at(-1)?.text.length ?? 0) > 0 || undefined, 'the first deltas');
    session.stop();
    await sent;
    assert.equal(lastReply(api).status, 'stopped');
    assert.ok(lastReply(api).text.length > 0);
  });

  it('a 401 becomes a card with Set API Key and the request id, logged; the message stays', async () => {
    await api.apiKeys.store('sk_test_revoked');
    await until(async () => (await api.apiKeys.get()) === 'sk_test_revoked' || undefined, 'the revoked key');
    const { session } = api.chat.host;
    await session.send('hello with a bad key');
    const reply = lastReply(api);
    assert.equal(reply.status, 'failed');
    assert.deepEqual(reply.error?.actions, ['replaceKey', 'useAnotherKey', 'manageApiKeys', 'showLog', 'retry']);
    assert.match(reply.error?.requestId ?? '', /^req_[0-9a-f]+$/);
    assert.equal(session.current().turns[0]?.text, 'hello with a bad key');
    assert.equal(api.lastDiagnostics()?.status, 401);
    assert.ok(api.logLines().some((l) => /The chat request failed: kind=auth/.test(l.line)));
  });

  it('Limits 4: an exhausted balance is a card naming the key and the cabinet, sent once; the message stays', async () => {
    await emulator().setBilling(suiteEnv().apiKey, { balanceRub: 0 });
    const { session } = api.chat.host;
    await session.send('hello on an empty balance');
    const reply = lastReply(api);
    assert.equal(reply.status, 'failed');
    assert.deepEqual(card(reply), {
      message: 'The prepaid balance is exhausted (key Default · sk_test_al…): top up the balance in the management cabinet, then try again.',
      actions: ['showLog', 'retry'],
    });
    assert.equal(session.current().turns[0]?.text, 'hello on an empty balance');
    assert.equal(await chatRequests(), 1);
  });

  it('Limits 2: a spend limit sent as 429 is not retried, and says which key', async () => {
    await emulator().queueFaults('chat', [{ type: 'status', status: 429, code: 'spend_limit_exceeded' }]);
    await api.chat.host.session.send('hello over the limit');
    assert.equal(
      lastReply(api).error?.message,
      "The spend limit of key Default · sk_test_al… is reached: raise the key's limit in the management cabinet, then try again.",
    );
    assert.equal(await chatRequests(), 1);
  });

  it('Errors 4: a 422 says the request was refused as invalid, with the request id for support', async () => {
    await emulator().queueFaults('chat', [{ type: 'status', status: 422 }]);
    await api.chat.host.session.send('hello');
    const reply = lastReply(api);
    assert.equal(
      reply.error?.message,
      `The service refused the request as invalid (HTTP 422, invalid_request): if it keeps happening, quote request id ${reply.error?.requestId} to support.`,
    );
    assert.match(reply.error?.requestId ?? '', /^req_[0-9a-f]+$/);
  });

  it('Errors 4: a 413 says the conversation is too long, with Select Model', async () => {
    await emulator().queueFaults('chat', [{ type: 'status', status: 413 }]);
    await api.chat.host.session.send('hello');
    assert.deepEqual(card(lastReply(api)), {
      message: "The conversation is too long for this model: start a new chat, or pick a model with a larger context with 'Multi-Model AI: Select Model'.",
      actions: ['selectModel', 'showLog', 'retry'],
    });
  });

  it('Limits 1: a 429 window over 60 s is reported at once with the time to try again, not waited on', async () => {
    await emulator().queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 600 }]);
    await api.chat.host.session.send('hello');
    assert.match(lastReply(api).error?.message ?? '', /^The service is rate-limiting requests for 10 min: try again at \d{1,2}:\d\d:\d\d\s[AP]M\.$/);
    assert.equal(await chatRequests(), 1);
  });

  it('a stream cut keeps the partial output as interrupted, with Retry that answers again', async () => {
    await emulator().queueFaults('chat', [{ type: 'cut', afterDeltas: 6 }]);
    const { session } = api.chat.host;
    await session.send('Explain generators');
    const cut = lastReply(api);
    assert.equal(cut.status, 'interrupted');
    assert.ok(cut.text.length > 0);
    assert.ok(cut.error?.actions.includes('retry'));
    await session.retry();
    assert.deepEqual(
      session.current().turns.map((t) => (t.role === 'user' ? 'user' : t.status)),
      ['user', 'interrupted', 'done'],
    );
  });

  it('a missing model is a card that offers Select Model, without a request', async () => {
    await api.settings.update(Settings.model, undefined);
    await emulator().reset();
    await api.chat.host.session.send('hi');
    assert.deepEqual(lastReply(api).error?.actions, ['selectModel', 'retry']);
    assert.equal(await chatRequests(), 0);
  });
});

describe('chat: host <-> page protocol', () => {
  const api = useTestHandle();
  let page: StandInPage;
  beforeEach(async () => {
    await arrangeChat(api);
    page = new StandInPage(api);
  });
  afterEach(() => page.close());

  it("posts nothing before ready, then the state first, in VS Code's language", async () => {
    api.chat.host.notify('queued notice', 'info');
    assert.deepEqual(page.received, []);
    page.send({ type: 'ready' });
    assert.deepEqual(page.types(), ['session/init', 'notice/show']);
    // An English VS Code loads no bundle: the page words itself in English and formats for "en".
    const [init] = page.received as { l10n: object; language: string; commandTitles: object }[];
    assert.deepEqual(
      [init?.l10n, init?.language, init?.commandTitles],
      [{}, 'en', { explainSelection: 'Multi-Model AI: Explain Selection', addSelectionToChat: 'Multi-Model AI: Add Selection to Chat' }],
    );
  });

  it('opens a long conversation with its latest 20 turns, and sends the ones before when the page asks for them', async () => {
    const { session } = api.chat.host;
    for (let i = 0; i < 11; i++) await session.send(`Question ${i}`);
    page.send({ type: 'ready' });
    page.received.length = 0;
    const { id } = session.current();
    page.send({ type: 'history/open', id });
    type Shown = { type: string; conversation: { earlier: number; turns: { id: string; text: string }[] } };
    const shown = await until(() => page.received.find((m) => (m as Shown).type === 'conversation/show') as Shown | undefined, 'the conversation shown');
    assert.deepEqual([shown.conversation.earlier, shown.conversation.turns.length, shown.conversation.turns[0]?.text], [2, 20, 'Question 1']);
    page.received.length = 0;
    const before = shown.conversation.turns[0]!.id;
    page.send({ type: 'conversation/earlier', id: 'another', before });
    page.send({ type: 'conversation/earlier', id, before });
    await until(() => page.received.length > 0 || undefined, 'the earlier turns');
    type Earlier = { type: string; id: string; before: string; turns: { role: string; text: string; status?: string }[] };
    assert.deepEqual(
      page.received.map((m) => {
        const { type, turns, ...rest } = m as Earlier;
        return { type, ...rest, turns: turns.map((t) => (t.role === 'user' ? t.text : t.status)) };
      }),
      [{ type: 'conversation/earlier', id, before, turns: ['Question 0', 'done'] }],
    );
  });

  it("sends another answer's text only when the page asks for it: its tab carries none", async () => {
    const { session } = api.chat.host;
    await emulator().queueReplies(['Red.', 'Green.']);
    await session.send('Name a colour');
    await session.regenerate();
    const { id, others } = session.current();
    const first = others?.[0]?.id ?? '';
    page.send({ type: 'ready' });
    type Tabs = { type: string; conversation: { turns: { answers?: { id: string; text?: string }[] }[] } };
    const init = await until(() => page.received.find((m) => (m as Tabs).type === 'session/init') as Tabs | undefined, 'the page set up');
    page.received.length = 0;
    page.send({ type: 'conversation/answer', id: 'another', answerId: first });
    page.send({ type: 'conversation/answer', id, answerId: first });
    await until(() => page.received.length > 0 || undefined, "the answer's text");
    assert.deepEqual(
      {
        tabs: init.conversation.turns[1]?.answers?.map((tab) => tab.text),
        sent: page.received.map((m) => {
          const { type, id: conversation, turn } = m as { type: string; id: string; turn: { id: string; text: string } };
          return { type, conversation, answer: turn.id, text: turn.text };
        }),
      },
      { tabs: [undefined, undefined], sent: [{ type: 'conversation/answer', conversation: id, answer: first, text: 'Red.' }] },
    );
  });

  it('drops and logs unknown and malformed messages', () => {
    page.send({ type: 'ready' });
    const before = api.logLines().length;
    page.send({ type: 'chat/format-disk' });
    page.send({ type: 'chat/send', text: 42 });
    page.send('ready');
    const logged = api
      .logLines()
      .slice(before)
      .map((l) => l.line);
    assert.deepEqual(logged, [
      'Chat: dropped a message from the chat page (unknown type "chat/format-disk").',
      'Chat: dropped a message from the chat page (malformed chat/send: Invalid input: expected string, received number).',
      'Chat: dropped a message from the chat page (not an object).',
    ]);
    assert.equal(api.chat.host.session.current().turns.length, 0);
  });

  it('a sent message streams to the page as coalesced deltas, then the end', async () => {
    page.send({ type: 'ready' });
    page.send({ type: 'chat/send', text: 'Show a Python example [[tokens:200]]' });
    await until(() => page.types().includes('reply/end') || undefined, 'the end of the reply');
    const deltas = page.received.filter((m) => (m as { type: string }).type === 'reply/delta') as { text: string }[];
    assert.equal(deltas.map((d) => d.text).join(''), lastReply(api).text);
    assert.ok(deltas.length < 200, `${deltas.length} delta messages for about 200 tokens`);
  });

  it('Limits 1: a 429 without a window shows the page why it waits, and for how long; then the answer', async () => {
    await emulator().queueFaults('chat', [{ type: 'status', status: 429 }]);
    page.send({ type: 'ready' });
    page.send({ type: 'chat/send', text: 'Explain closures' });
    await until(() => page.types().includes('reply/end') || undefined, 'the end of the reply', 15_000);
    const reply = lastReply(api);
    assert.equal(reply.status, 'done');
    assert.deepEqual(
      page.received.filter((m) => (m as { type: string }).type === 'reply/wait'),
      [{ type: 'reply/wait', turnId: reply.id, text: 'The service is rate-limiting requests: trying again in', seconds: 3 }],
    );
  });

  it('picking a model in the page updates the setting, and the status bar follows', async () => {
    page.send({ type: 'ready' });
    page.send({ type: 'model/select', modelId: 'acme/chat-mini' });
    await until(() => api.settings.current().model === 'acme/chat-mini' || undefined, 'the model setting');
    const view = await until(async () => {
      const v = await api.statusBar.refresh();
      return v.text.includes('chat-mini') ? v : undefined;
    }, 'the status bar');
    assert.match(view.text, /chat-mini/);
  });
});

describe('chat: panel, commands and editor actions', () => {
  const api = useTestHandle();
  beforeEach(() => arrangeChat(api));
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('the editor panel HTML has a strict CSP, one nonce for its one script, and loads only from dist, the folder of saved images and the stored attachments', async () => {
    await vscode.commands.executeCommand(Commands.openChatInEditor);
    const [panel] = api.chat.panels.all();
    assert.ok(panel);
    const html = panel.webview.html;
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    assert.deepEqual(directives.get('default-src'), ["'none'"]);
    const nonce = /^'nonce-([A-Za-z0-9_-]{24})'$/.exec(directives.get('script-src')?.join(' ') ?? '')?.[1];
    assert.ok(nonce, `script-src is only a nonce: ${csp}`);
    const extensionSources = panel.webview.cspSource.split(' ');
    assert.deepEqual(directives.get('img-src'), [...extensionSources, 'data:']);
    assert.deepEqual(directives.get('style-src'), extensionSources);
    assert.ok(!csp.includes('unsafe'), csp);
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]?.[2], '', 'no inline script');
    assert.match(scripts[0]?.[1] ?? '', new RegExp(`nonce="${nonce}" src="[^"]+/dist/webview\\.js"`));
    // The base both pages share, then the chat's own.
    assert.deepEqual(
      [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]?.replace(/^.*\/dist\//, 'dist/')),
      ['dist/base.css', 'dist/codicon.css', 'dist/webview.css'],
    );
    const roots = panel.webview.options.localResourceRoots?.map((u) => u.path);
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(workspace);
    // Its own files, the folder /image saves into (nothing else of the workspace), and the images attached to messages.
    assert.deepEqual(roots?.slice(0, 2), [
      vscode.Uri.joinPath(vscode.Uri.file(suiteEnv().extensionDir), 'dist').path,
      vscode.Uri.joinPath(workspace, 'images').path,
    ]);
    assert.equal(roots.length, 3);
    assert.match(roots[2] ?? '', /\/globalStorage\/multi-model-ai\.multi-model-ai\/history\/attachments$/);
    await vscode.commands.executeCommand(Commands.openChatInEditor);
    assert.equal(api.chat.panels.all().length, 1, 'a second open reveals the same panel');
  });

  async function editorWith(content: string, language: string, select: [number, number, number, number]): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ language, content });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(select[0], select[1], select[2], select[3]);
    return editor;
  }

  it('Explain Selection opens the chat with the selection as context and streams the explanation', async () => {
    await emulator().queueReplies(['`total` adds up the numbers in `xs`.']);
    await editorWith('import math\n\ndef total(xs):\n    return sum(xs)\n', 'python', [2, 0, 3, 18]);
    assert.equal(await vscode.commands.executeCommand(Commands.explainSelection), true);
    const { session } = api.chat.host;
    await session.settled();
    const [user, reply] = session.current().turns;
    assert.equal(user?.role === 'user' && user.mode, 'explain');
    assert.equal(user?.text.startsWith('Explain Untitled-'), true, user?.text);
    const [chip] = user?.role === 'user' ? user.context : [];
    assert.deepEqual(chip && [chip.kind, chip.languageId, chip.startLine, chip.endLine, chip.text], [
      'selection',
      'python',
      3,
      4,
      'def total(xs):\n    return sum(xs)',
    ]);
    assert.equal(reply?.text, '`total` adds up the numbers in `xs`.');
    assert.ok(api.chat.host.pageCount() > 0, 'the chat view is open');
  });

  it('Explain Selection reads the selection of the editor in front, whatever it shows (here a read-only virtual document)', async () => {
    await emulator().reset();
    await emulator().queueReplies(['It logs a warning.']);
    await editorWith('const earlier = 1;\n', 'typescript', [0, 0, 0, 18]);
    const provider = vscode.workspace.registerTextDocumentContentProvider('mmai-explain-test', {
      provideTextDocumentContent: () => 'line one\nconsole.warn("low disk");\n',
    });
    try {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse('mmai-explain-test:/log.txt'));
      const editor = await vscode.window.showTextDocument(document);
      editor.selection = new vscode.Selection(1, 0, 1, 25);
      assert.equal(await vscode.commands.executeCommand(Commands.explainSelection), true);
      await api.chat.host.session.settled();
      const [user] = api.chat.host.session.current().turns;
      const [chip] = user?.role === 'user' ? user.context : [];
      assert.equal(chip?.text, 'console.warn("low disk");');
    } finally {
      provider.dispose();
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('Explain Selection refuses a selection over the limit without a request', async () => {
    await emulator().reset();
    const big = 'x = 1\n'.repeat(5000);
    await editorWith(big, 'python', [0, 0, 5000, 0]);
    assert.equal(await vscode.commands.executeCommand(Commands.explainSelection), false);
    assert.equal(api.chat.host.session.current().turns.length, 0);
    assert.equal((await emulator().requests()).length, 0);
  });

  it('Add Selection to Chat adds a chip for the next message', async () => {
    await editorWith('a\nb\nc\n', 'plaintext', [1, 0, 2, 1]);
    assert.equal(await vscode.commands.executeCommand(Commands.addSelectionToChat), true);
    const [item] = api.chat.host.session.pendingContext();
    assert.deepEqual(item && [item.startLine, item.endLine, item.text], [2, 3, 'b\nc']);
  });

  it('code actions: insert at the cursor, apply through an accepted diff, new file in the language', async () => {
    const editor = await editorWith('first\nsecond\n', 'plaintext', [1, 0, 1, 0]);
    assert.equal(await api.chat.code.insert('inserted\n'), true);
    assert.equal(editor.document.getText(), 'first\ninserted\nsecond\n');

    editor.selection = new vscode.Selection(0, 0, 0, 5);
    assert.equal(await api.chat.code.apply('FIRST', () => Promise.resolve(false)), false, 'discarded');
    assert.equal(editor.document.getText(), 'first\ninserted\nsecond\n');
    assert.equal(await api.chat.code.apply('FIRST', () => Promise.resolve(true)), true);
    assert.equal(editor.document.getText(), 'FIRST\ninserted\nsecond\n');

    const created = await api.chat.code.newFile('print("hi")\n', 'py');
    assert.equal(created.document.languageId, 'python');
    assert.equal(created.document.getText(), 'print("hi")\n');
  });
});
