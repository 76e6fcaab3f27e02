import * as assert from 'node:assert/strict';
import type { TextMessage } from '#src/platform/client/transports/textRequest';
import { fitToContext } from '#src/platform/reply/contextFit';

/** A message of `words` short words: as many tokens by the estimate, and 4 for the message. */
const msg = (role: 'system' | 'user' | 'assistant', words: number): TextMessage => ({ role, content: 'word '.repeat(words) });

describe('fitToContext (spec, Limits 3)', () => {
  it('keeps everything when the context is unknown or large enough', () => {
    const messages = [msg('system', 10), msg('user', 100)];
    assert.deepEqual(fitToContext(messages, undefined), { messages, dropped: 0 });
    assert.deepEqual(fitToContext(messages, 1000), { messages, dropped: 0 });
  });

  it('drops whole exchanges from the oldest, keeping the system prompt and the last message, by the estimate with its margin', () => {
    // 742 tokens by the estimate (104 a message, 14 the system), 928 with the margin; 1,200 - 300
    // for the answer leaves 900: the estimate alone would fit, with the margin one exchange goes.
    const messages = [
      msg('system', 10),
      msg('user', 100),
      msg('assistant', 100),
      msg('user', 100),
      msg('assistant', 100),
      msg('user', 100),
      msg('assistant', 100),
      msg('user', 100),
    ];
    const fitted = fitToContext(messages, 1_200);
    assert.equal(fitted.dropped, 2);
    assert.deepEqual(fitted.messages, [messages[0], ...messages.slice(3)]);
  });

  it('reserves max_tokens for the answer when the person set it', () => {
    // 312 tokens, 390 with the margin.
    const messages = [msg('user', 100), msg('assistant', 100), msg('user', 100)];
    assert.equal(fitToContext(messages, 400, 100).dropped, 2);
    assert.equal(fitToContext(messages, 400, 10).dropped, 0);
  });

  it('never drops the message being answered, even when it alone is too long', () => {
    const messages = [msg('system', 10), msg('user', 1000)];
    assert.deepEqual(fitToContext(messages, 100), { messages, dropped: 0 });
  });

  it('counts an image at its fixed estimate: one picture in an old question is enough to drop that exchange', () => {
    const image = { mimeType: 'image/png', data: 'iVBORw==' };
    const messages: TextMessage[] = [{ role: 'user', content: 'What is this?', images: [image] }, msg('assistant', 10), msg('user', 10)];
    // 1 608 + 14 + 14 tokens, 2 045 with the margin; 2 800 - 700 for the answer leaves 2 100: all fit. 2 400 - 600 leaves 1 800: the picture's exchange goes.
    assert.deepEqual([fitToContext(messages, 2_800).dropped, fitToContext(messages, 2_400)], [0, { messages: messages.slice(2), dropped: 2 }]);
  });

  it('sends a tool conversation whole, so no call is parted from its result', () => {
    const call = { id: 'c1', name: 'read_file', arguments: '{}' };
    const messages: TextMessage[] = [
      msg('user', 1000),
      { role: 'assistant', content: '', toolCalls: [call] },
      { role: 'tool', toolCallId: 'c1', content: 'x'.repeat(3000) },
      msg('user', 30),
    ];
    assert.deepEqual(fitToContext(messages, 1000), { messages, dropped: 0 });
  });
});
