import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../emulator';
import { call, chatBody } from './emulatorCalls';
import { useEmulator } from '../../support/useEmulator';

describe('emulator balance, spend limits and charges (spec, Limits 2 and 4; Errors 2)', () => {
  const { emulator, control } = useEmulator();
  const chat = (extra: { key?: string; clientRequestId?: string; path?: string; body?: unknown } = {}) =>
    call(emulator.origin, extra.path ?? '/v1/chat/completions', {
      key: extra.key,
      body: extra.body ?? chatBody('Explain closures [[tokens:4]]'),
      headers: extra.clientRequestId ? { 'x-client-request-id': extra.clientRequestId } : {},
    });

  it('charges each generation once, at the model price per million tokens', async () => {
    await chat({ clientRequestId: 'c-1' });
    assert.deepEqual(await control.charges(), [
      { clientRequestId: 'c-1', keyPrefix: 'sk_test_al…', model: 'acme/chat-large', amountRub: 0.00575, promptTokens: 7, completionTokens: 4 },
    ]);
  });

  it('Limits 4: an exhausted balance answers 402 insufficient_balance and charges nothing', async () => {
    assert.deepEqual(await control.setBilling(FIXTURE_KEYS.alpha, { balanceRub: 0 }), { keyPrefix: 'sk_test_al…', balanceRub: 0, spentRub: 0 });
    const refused = await chat();
    assert.equal(refused.status, 402);
    assert.equal(refused.json.error.code, 'insufficient_balance');
    assert.deepEqual(await control.charges(), []);
    // Another key's balance is its own.
    assert.equal((await chat({ key: FIXTURE_KEYS.beta })).status, 200);
  });

  it('Limits 2: a key at its spend limit answers 403 spend_limit_exceeded on every text endpoint', async () => {
    await control.setBilling(FIXTURE_KEYS.alpha, { spendLimitRub: 0.001 });
    assert.equal((await chat()).status, 200);
    const bodies: [string, unknown][] = [
      ['/v1/chat/completions', chatBody('Again')],
      ['/v1/responses', { model: 'acme/chat-large', input: 'Again' }],
      ['/v1/messages', { model: 'acme/chat-large', max_tokens: 50, messages: [{ role: 'user', content: 'Again' }] }],
    ];
    for (const [path, body] of bodies) {
      const refused = await chat({ path, body });
      assert.deepEqual([refused.status, refused.json.error.code], [403, 'spend_limit_exceeded'], path);
    }
    await control.setBilling(FIXTURE_KEYS.alpha, { spendLimitRub: null });
    assert.equal((await chat()).status, 200);
  });

  it('Errors 2: a repeat of a client request id gets the first answer and no second charge', async () => {
    const first = await chat({ clientRequestId: 'same', body: chatBody('Explain promises') });
    const repeat = await chat({ clientRequestId: 'same', body: chatBody('Explain promises') });
    const other = await chat({ clientRequestId: 'other', body: chatBody('Explain promises') });
    assert.equal(repeat.json.choices[0].message.content, first.json.choices[0].message.content);
    assert.deepEqual(
      (await control.charges()).map((c) => c.clientRequestId),
      ['same', 'other'],
    );
    assert.equal(other.status, 200);
  });

  it('drop_reply: the answer is made and charged, then the connection drops before any header', async () => {
    await control.queueFaults('chat', [{ type: 'drop_reply' }]);
    await assert.rejects(chat({ clientRequestId: 'lost' }));
    assert.deepEqual(
      (await control.charges()).map((c) => c.clientRequestId),
      ['lost'],
    );
    assert.equal((await control.requests())[0]?.fault, 'drop_reply');
  });
});
