// The service's models inside VS Code's own language-model API, used as any other
// extension uses them (vscode.lm), against the emulator, on every VS Code version the suite runs on.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Settings } from '#src/platform/manifest/ids';
import { PART_INTERVAL_MS } from '#src/lm/vscode/languageModelProvider';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const VENDOR = 'multi-model-ai';
const TOOLS: vscode.LanguageModelChatTool[] = [
  { name: 'read_file', description: 'Reads a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];

const models = async () => (await vscode.lm.selectChatModels({ vendor: VENDOR })).sort((a, b) => a.id.localeCompare(b.id));

async function model(id: string): Promise<vscode.LanguageModelChat> {
  return until(async () => (await models()).find((m) => m.id === id), `the model ${id} to be offered`);
}

/** The response's parts, and the error that ended it, if any. */
async function collect(response: vscode.LanguageModelChatResponse): Promise<{ text: string; calls: vscode.LanguageModelToolCallPart[]; error?: unknown }> {
  const out: { text: string; calls: vscode.LanguageModelToolCallPart[]; error?: unknown } = { text: '', calls: [] };
  try {
    for await (const part of response.stream) {
      if (part instanceof vscode.LanguageModelTextPart) out.text += part.value;
      else if (part instanceof vscode.LanguageModelToolCallPart) out.calls.push(part);
    }
  } catch (error) {
    out.error = error;
  }
  return out;
}

/** sendRequest and its whole response; a rejected request is the error. */
async function send(chat: vscode.LanguageModelChat, messages: vscode.LanguageModelChatMessage[], options: vscode.LanguageModelChatRequestOptions = {}) {
  try {
    return await collect(await chat.sendRequest(messages, options));
  } catch (error) {
    return { text: '', calls: [], error };
  }
}

const minor = Number(vscode.version.split('.')[1]);

describe('language models in VS Code (vscode.lm)', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  beforeEach(() => arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' }));

  it('offers exactly the usable text models of the live catalog, with their limits and capabilities', async () => {
    await until(async () => ((await models()).length === 5 ? true : undefined), 'the five usable models');
    const offered = await models();
    assert.deepEqual(
      offered.map((m) => [m.id, m.vendor, m.family, m.maxInputTokens]),
      [
        ['acme/chat-basic', VENDOR, 'acme', 2_000],
        ['acme/chat-large', VENDOR, 'acme', 111_616],
        ['acme/chat-mini', VENDOR, 'acme', 27_904],
        ['mira/messenger', VENDOR, 'mira', 95_904],
        ['nova/responder', VENDOR, 'nova', 59_904],
      ],
    );
    assert.equal(offered[1]?.name, 'Acme Chat Large');
  });

  it('offers only the models that the interface forced by multiModelAI.transport reaches', async () => {
    const settings = vscode.workspace.getConfiguration();
    await settings.update(Settings.transport, 'chat-completions', vscode.ConfigurationTarget.Global);
    try {
      // mira/messenger serves only Messages, nova/responder only Responses: every request to them would fail.
      const ids = () => models().then((offered) => offered.map((m) => m.id).join(' '));
      await until(async () => ((await ids()) === 'acme/chat-basic acme/chat-large acme/chat-mini' ? true : undefined), 'the chat-completions models only');
    } finally {
      await settings.update(Settings.transport, undefined, vscode.ConfigurationTarget.Global);
      await until(async () => ((await models()).length === 5 ? true : undefined), 'the five models again');
    }
  });

  it('streams the answer through sendRequest', async () => {
    await emulator().queueReplies(['one two three four']);
    const response = await (await model('acme/chat-large')).sendRequest([vscode.LanguageModelChatMessage.User('hi')], {});
    assert.deepEqual(await collect(response), { text: 'one two three four', calls: [] });
  });

  it('an answer is priced and added to the spend, as in the chat panel (usage asked for on chat completions)', async () => {
    const before = api.spend.sinceStart();
    assert.equal((await send(await model('acme/chat-large'), [vscode.LanguageModelChatMessage.User('hi')])).error, undefined);
    const after = api.spend.sinceStart();
    const charged = (await emulator().charges()).map((c) => c.amountRub);
    const rub = (n: number | undefined) => Math.round((n ?? NaN) * 1e9) / 1e9;
    assert.deepEqual([after.answers - before.answers, rub(after.rub - before.rub)], [1, rub(charged[0])]);
  });

  it('counts the tokens of tool-call arguments and tool results (an edit tool carries a whole file)', async () => {
    const chat = await model('acme/chat-large');
    const edit = vscode.LanguageModelChatMessage.Assistant([
      new vscode.LanguageModelToolCallPart('call_1', 'create_file', { path: 'a.ts', content: 'let x = 1;\n'.repeat(2_500) }),
    ]);
    const result = vscode.LanguageModelChatMessage.User([
      new vscode.LanguageModelToolResultPart('call_1', [new vscode.LanguageModelTextPart('The file has 40 lines.\n'.repeat(100))]),
    ]);
    // The estimate with the trim's margin: o200k_base counts 17,511 and 700 tokens of text in them.
    assert.deepEqual([await chat.countTokens(edit), await chat.countTokens(result)], [21_895, 818]);
  });

  it('a reply paced a token every 10 ms comes in a few batches, not a part a token (VS Code holds parts closer than 30 ms)', async () => {
    const words = Array.from({ length: 24 }, (_, i) => `w${i}`).join(' ');
    await emulator().queueReplies([words]);
    const started = performance.now();
    const response = await (await model('acme/chat-large')).sendRequest([vscode.LanguageModelChatMessage.User('Say the words [[pace:10]]')], {});
    const parts: string[] = [];
    for await (const part of response.stream) if (part instanceof vscode.LanguageModelTextPart && part.value) parts.push(part.value);
    const elapsed = performance.now() - started;
    assert.equal(parts.join(''), words);
    // The first words at once, then at most one part per interval of the time the reply took (a
    // busy machine stretches the 240 ms it is paced at), and the rest at its end: about 8 parts
    // where a part a token would be 24.
    const most = 2 + Math.floor(elapsed / PART_INTERVAL_MS);
    assert.ok(parts.length >= 2 && parts.length <= most, `${parts.length} parts in ${Math.round(elapsed)} ms, at most ${most}: ${JSON.stringify(parts)}`);
  });

  for (const id of ['acme/chat-large', 'mira/messenger', 'nova/responder']) {
    it(`a tool call round-trips on ${id}: the call out, its result in, then text`, async () => {
      const chat = await model(id);
      const ask = [vscode.LanguageModelChatMessage.User('Use read_file on main.ts')];
      const first = await collect(await chat.sendRequest(ask, { tools: TOOLS, toolMode: vscode.LanguageModelChatToolMode.Required }));
      assert.equal(first.error, undefined, String(first.error));
      const [call] = first.calls;
      assert.deepEqual([first.calls.length, call?.name, call?.input], [1, 'read_file', { path: 'example' }]);
      const second = await collect(
        await chat.sendRequest(
          [
            ...ask,
            vscode.LanguageModelChatMessage.Assistant([call!]),
            vscode.LanguageModelChatMessage.User([
              new vscode.LanguageModelToolResultPart(call!.callId, [new vscode.LanguageModelTextPart('export const answer = 42;')]),
            ]),
          ],
          { tools: TOOLS },
        ),
      );
      assert.equal(second.error, undefined, String(second.error));
      assert.equal(second.text, 'The tool answered: export const answer = 42;');
    });
  }

  it('an image goes to a model that accepts images; a model that does not says so', async function () {
    // Image data parts (LanguageModelDataPart) are in VS Code's API from after 1.104.
    const DataPart = (vscode as unknown as { LanguageModelDataPart?: { image(data: Uint8Array, mime: string): unknown } }).LanguageModelDataPart;
    if (!DataPart) this.skip();
    // A real 1x1 PNG: the workbench decodes (and may resize) images before they reach the provider.
    const png = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    const message = vscode.LanguageModelChatMessage.User([
      new vscode.LanguageModelTextPart('What is this?'),
      DataPart!.image(png, 'image/png') as vscode.LanguageModelTextPart,
    ]);
    const mira = await model('mira/messenger');
    assert.deepEqual(await send(mira, [message]), { text: 'I see one image (image/png).', calls: [] });
    const { error } = await send(await model('acme/chat-large'), [message]);
    assert.match(String((error as Error | undefined)?.message), /does not accept images/);
  });

  it('cancelling mid-stream keeps what arrived and sends nothing more', async function () {
    // VS Code forwards the cancellation to the provider only from 1.127 (microsoft/vscode#277872).
    if (minor < 127) this.skip();
    await emulator().queueReplies(['one two three four five six seven eight']);
    await emulator().queueFaults('chat', [{ type: 'stall', afterDeltas: 3, ms: 10_000 }]);
    const source = new vscode.CancellationTokenSource();
    const response = await (await model('acme/chat-large')).sendRequest([vscode.LanguageModelChatMessage.User('hi')], {}, source.token);
    let text = '';
    const started = Date.now();
    try {
      for await (const piece of response.text) {
        text += piece;
        if (text.split(' ').length > 3) source.cancel();
      }
    } catch {
      // A cancelled request may end with a cancellation error.
    }
    assert.equal(text, 'one two three ');
    assert.ok(Date.now() - started < 9_000, 'the stall was not waited out');
    assert.equal((await emulator().requests()).filter((r) => r.endpoint === 'chat').length, 1);
  });

  const refusals = [
    {
      title: 'a revoked key gives a NoPermissions error with the same explanation and request id as the chat',
      fault: { status: 401, code: 'invalid_api_key' },
      code: 'NoPermissions',
      kind: 'auth',
      message: /^Your API key Default · sk_test_\w+… was rejected .* \(request id req_[0-9a-f]+\)$/,
    },
    {
      title: 'a model that became unavailable gives a NotFound error that says to pick another',
      fault: { status: 403, code: 'model_unavailable' },
      code: 'NotFound',
      kind: 'model_unavailable',
      message: /^This model is not available to your workspace: pick another/,
    },
  ];
  for (const { title, fault, code, kind, message } of refusals) {
    it(title, async () => {
      const chat = await model('acme/chat-large');
      await emulator().queueFaults('chat', [{ type: 'status', ...fault }]);
      const { error } = await send(chat, [vscode.LanguageModelChatMessage.User('hi')]);
      assert.ok(error instanceof vscode.LanguageModelError, String(error));
      assert.equal(error.code, code);
      assert.match(error.message, message);
      assert.ok(api.logLines().some((l) => l.line.includes(`A request from VS Code's chat failed: kind=${kind} `)));
    });
  }

  it('a cut stream says it was cut off, after the text that arrived (as much as the reader took before the error)', async () => {
    await emulator().queueReplies(['one two three four five six']);
    await emulator().queueFaults('chat', [{ type: 'cut', afterDeltas: 2 }]);
    const result = await collect(await (await model('acme/chat-large')).sendRequest([vscode.LanguageModelChatMessage.User('hi')], {}));
    assert.ok('one two '.startsWith(result.text), result.text);
    assert.ok(result.error instanceof vscode.LanguageModelError, String(result.error));
    assert.match((result.error as Error).message, /cut off/);
  });

  it('the model list follows a change of key', async () => {
    await model('acme/chat-large');
    assert.equal(
      (await models()).some((m) => m.id === 'zeta/reasoner-pro'),
      false,
      'workspace alpha may not use the reasoner',
    );
    await api.apiKeys.store(FIXTURE_KEYS.beta);
    // The provider tells VS Code the list changed; VS Code asks it again.
    await until(
      async () => ((await models()).some((m) => m.id === 'zeta/reasoner-pro') ? true : undefined),
      'the reasoner to be offered to workspace beta',
      30_000,
    );
    assert.equal((await models()).length, 6);
  });
});
