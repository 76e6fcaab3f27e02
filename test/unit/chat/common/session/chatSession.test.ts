// The chat controller against the emulator over loopback HTTP: the client is real.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { FIXTURE_KEYS } from '../../../../emulator/index';
import { useEmulator } from '../../../../support/useEmulator';
import { ChatSession } from '#src/chat/common/session/chatSession';
import { codeBudget } from '#src/chat/common/attachments/contextBlock';
import type { AssistantTurn } from '#src/chat/common/conversation/conversation';
import { SetupError, type ModelConnection } from '#src/platform/reply/modelConnection';
import type { ToPageInput } from '#src/chat/common/protocol/protocol';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { selection } from '../fixtures/contextItems';
import { MapMemento } from '../fixtures/mapMemento';
import { historyStore, loadedStore, removeFolder, tempFolder } from '../fixtures/historyFolder';
import type { ConversationStore } from '#src/chat/common/conversation/conversationStore';

describe('ChatSession against the emulator', () => {
  const { emulator, control } = useEmulator();
  let memento: MapMemento;
  let folder: string;
  /** The history as a window opened now reads it. */
  const stored = () => loadedStore(folder, { state: memento });
  const newStore = () => historyStore(folder, { state: memento });
  let posted: ToPageInput[];
  let key: string;
  let modelId: string;
  let maxRetries: number;
  let maxTokens: number | undefined;

  afterEach(() => removeFolder(folder));

  beforeEach(async () => {
    memento = new MapMemento();
    folder = tempFolder();
    posted = [];
    key = FIXTURE_KEYS.alpha;
    modelId = 'acme/chat-large';
    maxRetries = 0;
    maxTokens = undefined;
  });

  async function connect(): Promise<ModelConnection> {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: key, maxRetries });
    const model = (await client.listModels()).data.find((m) => m.id === modelId);
    if (!model) throw new SetupError('Pick a model.', ['selectModel'], 'No model');
    return { client, model, maxTokens };
  }

  function session(onPost: (message: ToPageInput, s: ChatSession) => void = () => {}): ChatSession {
    const s: ChatSession = new ChatSession({
      connect,
      store: newStore(),
      post: (message) => {
        posted.push(message);
        onPost(message, s);
      },
    });
    return s;
  }

  const lastReply = (s: ChatSession): AssistantTurn => {
    const turn = s.current().turns.at(-1);
    assert.equal(turn?.role, 'assistant');
    return turn as AssistantTurn;
  };

  /** `model`'s finished answer to 'Explain closures' in a new session. */
  async function doneAnswer(model: string): Promise<AssistantTurn> {
    modelId = model;
    const s = session();
    await s.send('Explain closures');
    const reply = lastReply(s);
    assert.equal(reply.status, 'done');
    return reply;
  }
  const deltas = () => posted.flatMap((m) => (m.type === 'reply/delta' ? [m.text] : []));

  it('Limits 1: while a 429 without a window is waited out, the pages are told why and for how long', async () => {
    maxRetries = 2;
    await control.queueFaults('chat', [{ type: 'status', status: 429 }]);
    const s = session();
    await s.send('Explain closures');
    const reply = lastReply(s);
    assert.equal(reply.status, 'done');
    assert.deepEqual(
      posted.filter((m) => m.type === 'reply/wait'),
      [{ type: 'reply/wait', turnId: reply.id, text: 'The service is rate-limiting requests: trying again in', seconds: 3 }],
    );
  });

  it("Limits 3: a history longer than the model's context is trimmed from the oldest; the answer says so, also after a reload", async () => {
    modelId = 'acme/chat-basic';
    const s = session();
    const long = 'word '.repeat(1500);
    await s.send(`First ${long}`);
    assert.equal(lastReply(s).notice, undefined);
    await s.send(`Second ${long}`);
    const reply = lastReply(s);
    const notice = 'The 2 oldest messages were left out: the conversation is longer than acme/chat-basic reads (4,000 tokens).';
    assert.deepEqual([reply.status, reply.notice], ['done', notice]);
    assert.deepEqual(
      posted.filter((m) => m.type === 'reply/notice'),
      [{ type: 'reply/notice', turnId: reply.id, text: notice }],
    );
    const storedTurn = (await (await stored()).get(s.current().id))?.turns.at(-1) as AssistantTurn | undefined;
    assert.equal(storedTurn?.notice, notice);
  });

  it('a Responses-only model that thinks answers through Responses; the reasoning and the cost are kept with the answer', async () => {
    const reply = await doneAnswer('nova/responder');
    assert.equal(reply.reasoning, 'The question is about "Explain closures". First check what is asked, then answer briefly with an example.');
    assert.equal(
      posted
        .filter((m) => m.type === 'reply/reasoning')
        .map((m) => (m as { text: string }).text)
        .join(''),
      reply.reasoning,
    );
    assert.ok(!reply.text.includes('First check what is asked'), 'the reasoning is not part of the answer');
    assert.deepEqual([reply.usage?.prompt_tokens, reply.usage?.completion_tokens, reply.costRub], [41, 98, 0.0433]);
    assert.equal((await control.requests()).at(-1)?.endpoint, 'responses');
  });

  it('Endpoints 5: a model without `stream` answers in one piece, with usage', async () => {
    const reply = await doneAnswer('acme/chat-basic');
    assert.equal(deltas().join(''), reply.text);
    assert.ok(reply.usage && reply.usage.completion_tokens > 0);
    assert.equal((await control.requests()).at(-1)?.stream, false);
  });

  it('streams a reply: deltas batched to the pages, then the end with usage; titled and stored', async () => {
    const s = session();
    const result = await s.send('Show me a binary search in Python [[tokens:300]]');
    assert.deepEqual(result, { ok: true });
    const reply = lastReply(s);
    assert.equal(reply.status, 'done');
    assert.equal(reply.model, 'acme/chat-large');
    assert.match(reply.text, /```python/);
    assert.equal(deltas().join(''), reply.text, 'the pages saw exactly the reply');
    const request = (await control.requests()).at(-1);
    assert.ok(deltas().length < 300, `${deltas().length} page messages for about 300 deltas`);
    assert.ok(reply.usage && reply.usage.completion_tokens > 0, 'usage requested and shown (the model lists stream_options)');
    assert.equal(request?.stream, true);
    assert.deepEqual(
      posted.map((m) => m.type).filter((t) => t !== 'reply/delta' && t !== 'history/set'),
      ['context/set', 'turn/append', 'turn/append', 'reply/model', 'reply/end'],
    );
    // The live answer is labelled with the model, as the stored one is after a reload.
    const label = posted.find((m) => m.type === 'reply/model');
    assert.deepEqual(label, { type: 'reply/model', turnId: reply.id, model: 'acme/chat-large' });
    assert.ok(posted.indexOf(label!) < posted.findIndex((m) => m.type === 'reply/delta'), 'labelled before the first text');
    assert.equal(s.current().title, 'Show me a binary search in Python [[tokens:300]]');
    const reopened = await stored();
    assert.equal(reopened.activeId(), s.current().id);
    assert.deepEqual((await reopened.get(s.current().id))?.turns, s.current().turns);
  });

  it('does not ask for usage from a model that does not list stream_options', async () => {
    const { buildTextRequest } = await import('#src/platform/client/transports/textRequest');
    const { TRANSPORTS } = await import('#src/platform/client/transports/index');
    const { model } = await connect();
    const without = { ...model, supported_parameters: model.supported_parameters.filter((p) => p !== 'stream_options') };
    const { request } = buildTextRequest(without, [{ role: 'user', content: 'x' }], { includeUsage: true });
    assert.deepEqual(TRANSPORTS['chat-completions'].body(request, true), {
      model: 'acme/chat-large',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
  });

  it('shows an answer as ended only once it is stored, so a reload right after it restores it finished', async () => {
    let storedAtEnd: Promise<unknown> | undefined;
    const s = session((message, self) => {
      if (message.type === 'reply/end') storedAtEnd = stored().then(async (reopened) => (await reopened.get(self.current().id))?.turns.at(-1));
    });
    await s.send('Hello there');
    const reply = lastReply(s);
    assert.equal(reply.status, 'done');
    assert.deepEqual(await storedAtEnd, reply);
  });

  it('reopens the open conversation after a reload (a new session over the same state)', async () => {
    const first = session();
    await first.send('Hello there');
    const reloaded = session();
    await reloaded.loaded;
    assert.deepEqual(reloaded.current(), first.current());
    assert.deepEqual(
      reloaded.state({ options: [], loading: false }).history.map((h) => h.title),
      ['Hello there'],
    );
  });

  it('an answer that stopped at its token limit is kept and says so, with what to do and the button that opens the setting', async () => {
    maxTokens = 3;
    await control.queueReplies(['one two three four five six']);
    const s = session();
    await s.send('Count to six');
    const reply = lastReply(s);
    const notice = 'The answer stopped at its length limit: send "continue" for the rest, or raise the setting Multi Model AI: Max Tokens.';
    assert.deepEqual(
      { status: reply.status, text: reply.text, notice: reply.notice, noticeActions: reply.noticeActions },
      { status: 'done', text: 'one two three ', notice, noticeActions: ['openMaxTokensSetting'] },
    );
    // Shown at once, as the page shows a notice (the end redraws the state, not the notice), and kept for a reload.
    assert.deepEqual(
      posted.filter((m) => m.type === 'reply/notice').map((m) => m.type === 'reply/notice' && [m.text, m.actions]),
      [[notice, ['openMaxTokensSetting']]],
    );
    const end = posted.find((m) => m.type === 'reply/end');
    assert.deepEqual(end?.type === 'reply/end' ? [end.turn.notice, end.turn.noticeActions] : undefined, [notice, ['openMaxTokensSetting']]);
  });

  describe('leaving a conversation while it streams', () => {
    /** A session that does `act` at the answer's first words, over a reply that then stalls for 10 s. */
    async function midStream(act: (s: ChatSession) => void | Promise<void>): Promise<{ s: ChatSession; first: string }> {
      await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 10_000 }]);
      let acted = false;
      const s = session((message, self) => {
        if (message.type === 'reply/delta' && !acted) {
          acted = true;
          void act(self);
        }
      });
      await s.send('Write a long story [[tokens:500]]');
      const first = s.current().id;
      return { s, first };
    }

    it('New Chat: the pages are not busy any more, the new chat can send at once, the old answer is kept as stopped', async () => {
      let shown: ToPageInput | undefined;
      const { s } = await midStream((self) => {
        self.newConversation();
        shown = posted.at(-3);
      });
      assert.deepEqual(shown?.type === 'conversation/show' && [shown.busy, shown.conversation.turns.length], [false, 0]);
      await control.queueReplies(['fresh']);
      assert.deepEqual(await s.send('hello'), { ok: true });
      assert.equal(lastReply(s).text, 'fresh');
      const reopened = await stored();
      const old = reopened.list().find((item) => item.title.startsWith('Write a long story'));
      const last = (await reopened.get(old!.id))?.turns.at(-1);
      assert.equal(last?.role === 'assistant' && last.status, 'stopped');
    });

    it('opening the open conversation from History leaves its answer streaming to the end', async () => {
      await control.reset();
      await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 300 }]);
      let opened: Promise<boolean> | undefined;
      const s = session((message, self) => {
        if (message.type === 'reply/delta' && !opened) opened = self.open(self.current().id);
      });
      await s.send('Write a short story');
      assert.deepEqual([await opened, lastReply(s).status, s.busy], [true, 'done', false]);
    });

    it('deleting the open conversation while it streams does not bring it back when the answer stops', async () => {
      const { s, first } = await midStream((self) => self.delete(self.current().id));
      await s.settled();
      const reopened = await stored();
      assert.equal(await reopened.get(first), undefined);
      assert.deepEqual(reopened.list(), []);
    });
  });

  it('Retry is refused once the last answer is complete (a stale card would pay for a new one)', async () => {
    await control.queueReplies(['done answer']);
    const s = session();
    await s.send('hi');
    assert.deepEqual(await s.retry(), { ok: false, message: 'The last answer is complete: use Regenerate for another one.' });
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'chat').length, 1);
  });

  it('an /image message edited is asked as an image again, not as text', async () => {
    const s = session();
    await s.send('/image a red fox');
    await s.edit(s.current().turns[0]!.id, '/image a blue fox');
    assert.deepEqual(
      s
        .current()
        .turns.filter((t) => t.role === 'user')
        .map((t) => [t.text, t.role === 'user' && t.mode]),
      [['/image a blue fox', 'image']],
    );
    assert.equal((await control.requests()).filter((r) => r.endpoint === 'chat').length, 0);
  });

  it('Stop works while the model list is still being read: the answer ends at once, nothing is sent', async () => {
    const s = new ChatSession({ connect: () => new Promise<ModelConnection>(() => undefined), store: newStore(), post: (m) => posted.push(m) });
    await s.loaded;
    const sent = s.send('hi');
    s.stop();
    await sent;
    assert.deepEqual([lastReply(s).status, s.busy], ['failed', false]);
    assert.equal((await control.requests()).length, 0);
  });

  it('stop aborts mid-stream and keeps the partial answer, marked stopped', async () => {
    await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 5, ms: 10_000 }]);
    const s = session((message, self) => {
      if (message.type === 'reply/delta') self.stop();
    });
    await s.send('Write a long story [[tokens:5000]]');
    const reply = lastReply(s);
    assert.equal(reply.status, 'stopped');
    assert.ok(reply.text.length > 0);
    assert.equal(reply.text.split(/(?<=\s)/).length, 5, 'exactly what arrived before the pause');
    assert.equal(s.busy, false);
    assert.equal((await (await stored()).get(s.current().id))?.turns.at(-1)?.id, reply.id);
  });

  it('Errors 2: an answer lost on the way says so, and Retry (one memory of unfinished answers, as the extension keeps per address and key) gives that answer, charged once', async () => {
    await control.queueFaults('chat', [{ type: 'drop_reply' }]);
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: key, maxRetries: 0 });
    const model = (await client.listModels()).data.find((m) => m.id === modelId)!;
    const s = new ChatSession({ connect: async () => ({ client, model }), store: newStore(), post: (m) => posted.push(m) });
    await s.send('Explain closures');
    assert.deepEqual(lastReply(s).error, {
      message: 'The connection broke before the answer arrived: Retry asks the service for that same answer again, so it is not made and charged twice.',
      actions: ['retry', 'showLog'],
    });
    await s.retry();
    assert.equal(lastReply(s).status, 'done');
    assert.equal((await control.charges()).length, 1);
    assert.deepEqual(
      s.current().turns.map((t) => t.role),
      ['user', 'assistant'],
    );
  });

  it('a stream cut after partial output keeps it, marks it interrupted with Retry and the request id', async () => {
    await control.queueFaults('chat', [{ type: 'cut', afterDeltas: 5 }]);
    const failures: string[] = [];
    const s = new ChatSession({ connect, store: newStore(), post: (m) => posted.push(m), reportFailure: (what) => failures.push(what) });
    await s.send('Explain promises');
    const cut = lastReply(s);
    assert.equal(cut.status, 'interrupted');
    assert.ok(cut.text.length > 0);
    assert.deepEqual(cut.error?.actions, ['retry', 'showLog']);
    assert.match(cut.error?.requestId ?? '', /^req_/);
    assert.match(cut.error?.message ?? '', /is kept/);
    assert.deepEqual(failures, ['The answer was cut off']);

    await s.retry();
    const turns = s.current().turns;
    assert.deepEqual(
      turns.map((t) => (t.role === 'user' ? 'user' : t.status)),
      ['user', 'interrupted', 'done'],
      'the cut answer stays in view',
    );
    assert.equal(turns[1]?.text, cut.text);
  });

  it('a 401 fails before any output with Set API Key; the message and earlier turns stay', async () => {
    const s = session();
    await s.send('first');
    key = FIXTURE_KEYS.revoked;
    await s.send('second message');
    const reply = lastReply(s);
    assert.equal(reply.status, 'failed');
    assert.equal(reply.text, '');
    assert.deepEqual(reply.error?.actions, ['replaceKey', 'useAnotherKey', 'manageApiKeys', 'showLog', 'retry'], 'the fix first, then Retry');
    assert.deepEqual(
      s.current().turns.map((t) => t.text.slice(0, 14)),
      ['first', s.current().turns[1]?.text.slice(0, 14), 'second message', ''],
    );
    key = FIXTURE_KEYS.alpha;
    await s.retry();
    assert.deepEqual(
      s.current().turns.map((t) => (t.role === 'user' ? t.text : t.status)),
      ['first', 'done', 'second message', 'done'],
    );
    assert.ok(
      posted.some((m) => m.type === 'turn/remove'),
      'the failed card is replaced by the retry',
    );
  });

  it('a 429 says when to retry', async () => {
    await control.queueFaults('chat', [{ type: 'rate_limit', retryAfterSeconds: 7 }]);
    const s = session();
    await s.send('hi');
    const { error } = lastReply(s);
    assert.equal(error?.retryAfterSeconds, 7);
    assert.match(error?.message ?? '', /wait 7 s/);
    assert.deepEqual(error?.actions, ['retry', 'showLog']);
  });

  it('a service that does not answer: the card names the address tried, with Set Service Address', async () => {
    // A port nothing listens on: the address a person mistyped.
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const deadAddress = `http://127.0.0.1:${closed}/v1`;
    const { model } = await connect();
    const s = new ChatSession({
      connect: async () => ({ client: new ServiceClient({ baseUrl: deadAddress, apiKey: key, maxRetries: 0 }), model }),
      store: newStore(),
      post: (message) => posted.push(message),
      serviceAddress: () => deadAddress,
    });
    await s.send('hi');
    assert.deepEqual(lastReply(s).error, {
      message: `Could not reach the service at ${deadAddress}: check the address and your connection, then try again.`,
      actions: ['retry', 'setBaseUrl', 'showLog'],
    });
  });

  it('a setup problem (no usable model) is a card with its fix, not a request', async () => {
    modelId = 'gone/model';
    const s = session();
    await s.send('hi');
    assert.deepEqual(lastReply(s).error, { message: 'Pick a model.', actions: ['selectModel', 'retry'] });
  });

  it('sends pending context with the next message, then clears it', async () => {
    const s = session();
    assert.deepEqual(s.addContext(selection('def f(): pass')), { ok: true });
    await s.send('What is this?');
    const [user] = s.current().turns;
    assert.equal(user?.role === 'user' && user.context[0]?.text, 'def f(): pass');
    assert.deepEqual(s.pendingContext(), []);
    assert.match(lastReply(s).text, /```python/, 'the emulator answered in the language of the fenced context');
  });

  it('refuses context that would make the message too large', () => {
    const s = session();
    const result = s.addContext(selection('x'.repeat(30_000)));
    assert.equal(result.ok, false);
    assert.deepEqual(s.pendingContext(), []);
  });

  it("takes as much code as the chosen model's context leaves room for", () => {
    const s = new ChatSession({ connect, store: newStore(), post: (m) => posted.push(m), codeBudget: () => codeBudget(128_000) });
    assert.deepEqual(s.addContext(selection('x'.repeat(30_000))), { ok: true });
    assert.deepEqual(s.addContext(selection('y'.repeat(150_000), { path: 'src/other.py' })), {
      ok: false,
      message: 'The added code is too large to send: 2 lines, 180,000 characters (the limit is 173,465). Select a smaller part and try again.',
    });
    assert.deepEqual(
      s.pendingContext().map((item) => item.text.length),
      [30_000],
    );
  });

  it('explain sends the explain prompt with the selection as context', async () => {
    const s = session();
    const result = await s.explain(selection('def total(xs):\n    return sum(xs)'));
    assert.deepEqual(result, { ok: true });
    const [user, reply] = s.current().turns;
    assert.equal(user?.text, 'Explain sum.py:3-4');
    assert.equal(user?.role === 'user' && user.mode, 'explain');
    assert.equal(reply?.role === 'assistant' && reply.status, 'done');
    assert.equal(s.current().title, 'Explain sum.py:3-4');
  });

  it('refuses a second message while answering', async () => {
    const s = session();
    const first = s.send('long [[tokens:400]]');
    assert.deepEqual(await s.send('again'), { ok: false, message: 'Wait for the answer to finish, or stop it first.' });
    await first;
  });

  it('a conversation past its size bound is continued in a new one, with a note; the old one stays in the history', async () => {
    const s = new ChatSession({ connect, store: newStore(), maxConversationBytes: 200, post: (m) => posted.push(m) });
    await s.send('Hello there');
    assert.deepEqual(s.current().turns, []);
    assert.deepEqual(
      posted.filter((m) => m.type === 'notice/show'),
      [
        {
          type: 'notice/show',
          level: 'info',
          message: 'That conversation has grown past 0 MB, so a new one is started here; the old one stays in the history.',
        },
      ],
    );
    assert.deepEqual(
      (await stored()).list().map((h) => h.title),
      ['Hello there'],
    );
  });

  it("shows another window's turns in the open conversation, and closes it when another window deletes it", async function () {
    this.timeout(10_000);
    const s = new ChatSession({ connect, store: historyStore(folder, { state: memento, watch: true }), post: (m) => posted.push(m) });
    await s.send('Hello there');
    const id = s.current().id;
    const other = await stored();
    const theirs = (await other.get(id))!;
    const at = new Date().toISOString();
    theirs.turns.push({ id: 'u_other', role: 'user', text: 'From the other window', mode: 'chat', context: [], createdAt: at });
    await other.save(theirs);
    for (let waited = 0; !s.current().turns.some((turn) => turn.id === 'u_other') && waited < 5000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(
      s.current().turns.map((turn) => turn.role === 'user' && turn.text),
      ['Hello there', false, 'From the other window'],
    );
    await other.delete(id);
    for (let waited = 0; s.current().id === id && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual([s.current().turns.length, s.state({ options: [], loading: false }).history], [0, []]);
  });

  describe('a conversation another window deletes while it is answered here', () => {
    const until = async (done: () => boolean | Promise<boolean>, what: string) => {
      for (let waited = 0; !(await done()); waited += 20) {
        if (waited > 5000) assert.fail(`no ${what} within 5 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const keptMessage = '"First question" was deleted in another window while it was being answered here. It is kept here as a new conversation.';

    /** A session over its own store (watching the folder when asked) that tells what it would show in a notification. */
    let logged: string[] = [];
    function windowSession(store: ConversationStore, told: string[][], choice?: string, onPost?: (message: ToPageInput, s: ChatSession) => void): ChatSession {
      logged = [];
      const s: ChatSession = new ChatSession({
        connect,
        store,
        log: (line) => logged.push(line),
        post: (message) => {
          posted.push(message);
          onPost?.(message, s);
        },
        inform: (message, ...buttons) => {
          told.push([message, ...buttons]);
          return Promise.resolve(choice);
        },
      });
      return s;
    }

    it('is kept as a new conversation once the answer ends: every turn, its title, marked, and said once with Delete It Here Too', async function () {
      this.timeout(15_000);
      const other = await stored();
      const told: string[][] = [];
      let deleting: Promise<void> | undefined;
      const s = windowSession(historyStore(folder, { state: memento, watch: true }), told, undefined, (message, self) => {
        if (message.type === 'reply/delta' && self.busy && self.current().turns.length === 4 && !deleting) deleting = other.delete(self.current().id);
      });
      await s.send('First question');
      const first = s.current().id;
      // The other window deletes it at the second answer's first words; the answer then goes on for a while.
      await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 1500 }]);
      await s.send('Second question');
      assert.ok(deleting, 'deleted while answering');
      await deleting;

      const kept = s.current();
      assert.notEqual(kept.id, first);
      assert.deepEqual(
        [kept.title, kept.keptAfterDeletion, kept.turns.map((turn) => (turn.role === 'user' ? turn.text : turn.status))],
        ['First question', true, ['First question', 'done', 'Second question', 'done']],
      );
      assert.deepEqual(told, [[keptMessage, 'Delete It Here Too']]);
      assert.deepEqual(logged, [`Chat: ${first} was deleted in another window while it was being answered here; kept here as ${kept.id}.`]);
      const reopened = await stored();
      assert.deepEqual(
        reopened.list().map((item) => [item.id, item.title, item.keptAfterDeletion]),
        [[kept.id, 'First question', true]],
      );
      assert.deepEqual(await reopened.get(kept.id), kept);
      assert.equal(await reopened.get(first), undefined);
      assert.equal(reopened.activeId(), kept.id);
      // The pages show it under its new id.
      const shown = posted.filter((m) => m.type === 'conversation/show').at(-1);
      assert.equal(shown?.type === 'conversation/show' && shown.conversation.id, kept.id);
    });

    it('Delete It Here Too deletes the kept conversation here as well', async function () {
      this.timeout(15_000);
      const other = await stored();
      const told: string[][] = [];
      let deleting: Promise<void> | undefined;
      const s = windowSession(historyStore(folder, { state: memento, watch: true }), told, 'Delete It Here Too', (message, self) => {
        if (message.type === 'reply/delta' && !deleting) deleting = other.delete(self.current().id);
      });
      await control.queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 1000 }]);
      await s.send('First question');
      await deleting;
      await until(async () => s.current().turns.length === 0 && (await stored()).list().length === 0, 'deletion of the kept conversation');
      assert.deepEqual(told, [[keptMessage, 'Delete It Here Too']]);
    });

    it('a message sent before this window heard of the deletion is kept with the rest, and said once', async () => {
      const other = await stored();
      const told: string[][] = [];
      const s = windowSession(newStore(), told);
      await s.send('First question');
      const first = s.current().id;
      await other.delete(first);
      await s.send('Anyone there?');
      const kept = s.current();
      assert.notEqual(kept.id, first);
      assert.deepEqual(
        kept.turns.map((turn) => (turn.role === 'user' ? turn.text : turn.status)),
        ['First question', 'done', 'Anyone there?', 'done'],
      );
      assert.deepEqual(told, [[keptMessage, 'Delete It Here Too']]);
      assert.deepEqual(
        (await stored()).list().map((item) => [item.id, item.keptAfterDeletion]),
        [[kept.id, true]],
      );
    });

    it('deleted after its answer was stored, while the answer was still ending: left here too once it ends, as when idle, and nothing is said', async () => {
      const other = await stored();
      const told: string[][] = [];
      const real = newStore();
      const listeners = new Set<(ids: ReadonlySet<string>) => void>();
      let saves = 0;
      // The other window's deletion, and its news, come right after the answer's own save.
      const store: ConversationStore = {
        load: () => real.load(),
        list: () => real.list(),
        activeId: () => real.activeId(),
        setActive: (id) => real.setActive(id),
        get: (id, options) => real.get(id, options),
        rename: (id, title) => real.rename(id, title),
        delete: (id) => real.delete(id),
        search: (query, stopped) => real.search(query, stopped),
        discardImage: (file) => real.discardImage(file),
        unreadable: () => real.unreadable(),
        onDidChange: (listener) => {
          listeners.add(listener);
          return { dispose: () => listeners.delete(listener) };
        },
        async save(conversation) {
          const result = await real.save(conversation);
          if (++saves === 2) {
            await other.delete(conversation.id);
            for (const listener of listeners) listener(new Set([conversation.id]));
          }
          return result;
        },
      };
      const s = windowSession(store, told);
      await s.send('First question');
      assert.equal(saves, 2);
      await until(() => s.current().turns.length === 0, 'the deleted conversation left');
      assert.deepEqual([told, logged, (await stored()).list()], [[], [], []]);
    });
  });

  it('tells the pages how many conversation files could not be read, with the list', async () => {
    const s = session();
    await s.send('Hello there');
    const conversations = path.join(folder, 'conversations');
    writeFileSync(path.join(conversations, 'c_broken.json'), '{"id":"c_bro');
    writeFileSync(path.join(conversations, 'c_empty.json'), '');
    posted = [];
    const reopened = session();
    await reopened.loaded;
    const lists = posted.flatMap((m) => (m.type === 'history/set' ? [[m.items.map((item) => item.title), m.unreadable]] : []));
    assert.deepEqual(lists, [[['Hello there'], 2]]);
    assert.equal(reopened.state({ options: [], loading: false }).unreadable, 2);
  });

  it('history: open, rename, delete', async () => {
    const s = session();
    await s.send('first chat');
    const firstId = s.current().id;
    s.newConversation();
    await s.send('second chat');
    assert.ok(await s.open(firstId));
    assert.equal(s.current().title, 'first chat');
    await s.rename(firstId, 'Renamed');
    assert.equal(s.current().title, 'Renamed');
    await s.delete(firstId);
    assert.equal(s.current().turns.length, 0, 'deleting the open conversation starts a new one');
    assert.deepEqual(
      (await stored()).list().map((h) => h.title),
      ['second chat'],
    );
  });
});
