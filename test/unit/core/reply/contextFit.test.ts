import * as assert from 'node:assert/strict';
import type { ChatMessage } from '../../../../src/core/client/schemas';
import { estimateTokens, fitToContext } from '../../../../src/core/reply/contextFit';

const msg = (role: ChatMessage['role'], chars: number): ChatMessage => ({ role, content: role[0]!.repeat(chars) });

describe('fitToContext (spec, Limits 3)', () => {
  it('estimates 2.8 characters a token plus 4 a message', () => {
    assert.equal(estimateTokens([msg('user', 280), msg('assistant', 281)]), 100 + 4 + 101 + 4);
  });

  it('keeps everything when the context is unknown or large enough', () => {
    const messages = [msg('system', 30), msg('user', 300)];
    assert.deepEqual(fitToContext(messages, undefined), { messages, dropped: 0 });
    assert.deepEqual(fitToContext(messages, 1000), { messages, dropped: 0 });
  });

  it('drops whole exchanges from the oldest, keeping the system prompt and the last message', () => {
    // 799 tokens in all (112 a message, 15 the system); 900 - 225 for the answer leaves 675: one exchange goes.
    const messages = [msg('system', 30), msg('user', 300), msg('assistant', 300), msg('user', 300), msg('assistant', 300), msg('user', 300), msg('assistant', 300), msg('user', 300)];
    const fitted = fitToContext(messages, 900);
    assert.equal(fitted.dropped, 2);
    assert.deepEqual(fitted.messages, [messages[0], ...messages.slice(3)]);
  });

  it('reserves max_tokens for the answer when the person set it', () => {
    const messages = [msg('user', 300), msg('assistant', 300), msg('user', 300)];
    assert.equal(fitToContext(messages, 400, 100).dropped, 2);
    assert.equal(fitToContext(messages, 400, 50).dropped, 0);
  });

  it('never drops the message being answered, even when it alone is too long', () => {
    const messages = [msg('system', 30), msg('user', 3000)];
    assert.deepEqual(fitToContext(messages, 100), { messages, dropped: 0 });
  });
});
