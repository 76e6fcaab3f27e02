import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call, chatBody } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';
import { EDIT_INPUT, imageFile, postEdit } from './imageFixtures';

describe('emulator images: charged once, and faults', () => {
  const { emulator, control } = useEmulator();
  const generate = (extra: Record<string, unknown> = {}, clientRequestId?: string) =>
    call(emulator.origin, '/v1/images/generations', {
      body: { model: 'pixel/image-gen', prompt: 'a red fox', ...extra },
      headers: clientRequestId ? { 'x-client-request-id': clientRequestId } : {},
    });
  const edit = (clientRequestId?: string, extra: Record<string, string> = {}) =>
    postEdit(emulator.origin, { image: imageFile(EDIT_INPUT), prompt: 'sunset', ...extra }, clientRequestId ? { 'x-client-request-id': clientRequestId } : {});
  const charges = async () => (await control.charges()).map((c) => [c.clientRequestId, c.model, c.amountRub, c.images]);

  it('charges each request once, at the per-image price times n', async () => {
    await generate({ n: 3 }, 'g-1');
    await edit('e-1');
    assert.deepEqual(await control.charges(), [
      { clientRequestId: 'g-1', keyPrefix: 'sk_test_al…', model: 'pixel/image-gen', amountRub: 24, promptTokens: 0, completionTokens: 0, images: 3 },
      { clientRequestId: 'e-1', keyPrefix: 'sk_test_al…', model: 'pixel/image-edit', amountRub: 10, promptTokens: 0, completionTokens: 0, images: 1 },
    ]);
  });

  it('a repeat of a client request id gets the first reply, the same URLs, and no second charge', async () => {
    const first = await generate({ response_format: 'url' }, 'same');
    const repeat = await generate({ response_format: 'url' }, 'same');
    assert.deepEqual(repeat.json, first.json);
    const firstEdit = await edit('same-edit');
    assert.deepEqual((await edit('same-edit')).json, firstEdit.json);
    // A text request with an id an images request used is not taken for its repeat.
    const chat = await call(emulator.origin, '/v1/chat/completions', {
      body: chatBody('Explain closures [[tokens:4]]'),
      headers: { 'x-client-request-id': 'same' },
    });
    assert.equal(chat.json.object, 'chat.completion');
    assert.deepEqual(await charges(), [
      ['same', 'pixel/image-gen', 8, 1],
      ['same-edit', 'pixel/image-edit', 10, 1],
      ['same', 'acme/chat-large', 0.00575, undefined],
    ]);
  });

  it('drop_reply: the images are made and charged, the answer is lost; the retry gets them, uncharged', async () => {
    await control.queueFaults('images', [{ type: 'drop_reply' }, { type: 'drop_reply' }]);
    await assert.rejects(generate({ response_format: 'url' }, 'lost'), TypeError);
    await assert.rejects(edit('lost-edit'), TypeError);
    assert.deepEqual(await charges(), [
      ['lost', 'pixel/image-gen', 8, 1],
      ['lost-edit', 'pixel/image-edit', 10, 1],
    ]);
    const retry = await generate({ response_format: 'url' }, 'lost');
    assert.equal(retry.status, 200);
    assert.equal((await fetch(retry.json.data[0].url)).status, 200, 'the file made before the drop is served');
    assert.equal((await edit('lost-edit')).status, 200);
    assert.equal((await control.charges()).length, 2);
    assert.deepEqual(
      (await control.requests()).map((r) => [r.path, r.status, r.fault, r.model]),
      [
        ['/v1/images/generations', null, 'drop_reply', 'pixel/image-gen'],
        ['/v1/images/edits', null, 'drop_reply', 'pixel/image-edit'],
        ['/v1/images/generations', 200, null, 'pixel/image-gen'],
        ['/v1/images/edits', 200, null, 'pixel/image-edit'],
      ],
    );
  });

  it('refuses a key out of balance or at its spend limit, before making anything', async () => {
    await control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 });
    const refused = await generate();
    assert.deepEqual([refused.status, refused.json.error.code], [402, 'insufficient_balance']);
    await control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: null, spendLimitRub: 10 });
    assert.equal((await edit()).status, 200);
    const over = await edit();
    assert.deepEqual([over.status, over.json.error.code], [403, 'spend_limit_exceeded']);
    assert.deepEqual(await charges(), [[null, 'pixel/image-edit', 10, 1]]);
  });

  it('the fault endpoint "images" serves generations and edits alike: status, rate_limit, reset, slow_first_byte', async () => {
    await control.queueFaults('images', [
      { type: 'status', status: 503 },
      { type: 'rate_limit', retryAfterSeconds: 4 },
      { type: 'reset' },
      { type: 'slow_first_byte', ms: 200 },
    ]);
    const unavailable = await edit();
    assert.deepEqual([unavailable.status, unavailable.json.error.code], [503, 'service_unavailable']);
    const limited = await generate();
    assert.deepEqual([limited.status, limited.json.error.code, limited.headers.get('retry-after')], [429, 'rate_limit_exceeded', '4']);
    await assert.rejects(edit(), TypeError);
    const started = performance.now();
    assert.equal((await generate()).status, 200);
    assert.ok(performance.now() - started >= 190, 'headers came no sooner than the delay');
    assert.deepEqual(
      (await control.requests()).map((r) => r.fault),
      ['status', 'rate_limit', 'reset', 'slow_first_byte'],
    );
    assert.deepEqual(await charges(), [[null, 'pixel/image-gen', 8, 1]]);
  });

  it('cut sends half the JSON and closes: charged, and the retry gets the whole reply', async () => {
    await control.queueFaults('images', [{ type: 'cut', afterDeltas: 0 }]);
    const res = await fetch(`${emulator.baseUrl}/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FIXTURE_KEYS.alpha}`, 'content-type': 'application/json', 'x-client-request-id': 'cut' },
      body: JSON.stringify({ model: 'pixel/image-gen', prompt: 'a red fox' }),
    });
    assert.equal(res.status, 200);
    let received = '';
    const reader = res.body!.getReader();
    await assert.rejects(async () => {
      for (let read = await reader.read(); !read.done; read = await reader.read()) received += Buffer.from(read.value).toString('latin1');
    });
    const whole = await generate({}, 'cut');
    assert.ok(received.length > 0 && whole.text.startsWith(received) && received.length < whole.text.length, 'a prefix of the reply');
    assert.equal((await control.charges()).length, 1);
  });
});
