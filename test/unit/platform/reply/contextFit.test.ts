import * as assert from 'node:assert/strict';
import type { TextMessage } from '#src/platform/client/transports/textRequest';
import { fitToContext } from '#src/platform/reply/contextFit';

const msg = (role: 'system' | 'user' | 'assistant', chars: number): TextMessage => ({ role, content: role[0]!.repeat(chars) });

describe('fitToContext (spec, Limits 3)', () => {
  it('keeps everything when the context is unknown or large enough', () => {
    const messages = [msg('system', 30), msg('user', 300)];
    assert.deepEqual(fitToContext(messages, undefined), { messages, dropped: 0 });
    assert.deepEqual(fitToContext(messages, 1000), { messages, dropped: 0 });
  });

  it('drops whole exchanges from the oldest, keeping the system prompt and the last message', () => {
    // 799 tokens in all (112 a message, 15 the system); 900 - 225 for the answer leaves 675: one exchange goes.
    const messages = [
      msg('system', 30),
      msg('user', 300),
      msg('assistant', 300),
      msg('user', 300),
      msg('assistant', 300),
      msg('user', 300),
      msg('assistant', 300),
      msg('user', 300),
    ];
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

  it('counts an image at its fixed estimate: one picture in an old question is enough to drop that exchange', () => {
    const image = { mimeType: 'image/png', data: 'iVBORw==' };
    const messages: TextMessage[] = [{ role: 'user', content: 'What is this?', images: [image] }, msg('assistant', 30), msg('user', 30)];
    // 1 609 + 15 + 15 tokens; 2 400 - 600 for the answer leaves 1 800: all fit. 2 000 - 500 leaves 1 500: the picture's exchange goes.
    assert.deepEqual([fitToContext(messages, 2_400).dropped, fitToContext(messages, 2_000)], [0, { messages: messages.slice(2), dropped: 2 }]);
  });

  it('sends a tool conversation whole, so no call is parted from its result', () => {
    const call = { id: 'c1', name: 'read_file', arguments: '{}' };
    const messages: TextMessage[] = [
      msg('user', 3000),
      { role: 'assistant', content: '', toolCalls: [call] },
      { role: 'tool', toolCallId: 'c1', content: 'x'.repeat(3000) },
      msg('user', 30),
    ];
    assert.deepEqual(fitToContext(messages, 1000), { messages, dropped: 0 });
  });
});
