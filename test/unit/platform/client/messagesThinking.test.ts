// Messages against what the interface refuses around thinking and content (Anthropic's rules,
// which the emulator enforces): the budget under max_tokens, no thinking with a forced tool, no
// empty text blocks or turns.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { type TextRequest } from '#src/platform/client/transports/textRequest';
import { run } from './textOutcome';

const PROMPT = 'Explain closures in TypeScript.';
const REASONING = 'The question is about "Explain closures in TypeScript.". First check what is asked, then answer briefly with an example.';
const TOOLS = [{ name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }];
const PNG = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');

describe('transports: Messages thinking and content as the interface requires them', () => {
  const harness = useEmulator();

  const ask = (request: Partial<TextRequest>) =>
    run(
      new ServiceClient({ baseUrl: harness.emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).streamText(TRANSPORTS.messages, {
        model: 'mira/messenger',
        messages: [{ role: 'user', content: PROMPT }],
        options: {},
        ...request,
      }),
    );

  for (const effort of ['low', 'medium', 'high']) {
    it(`with reasoning_effort ${effort} and no limit set, max_tokens stays above the thinking budget`, async () => {
      const outcome = await ask({ options: { reasoning_effort: effort } });
      assert.equal(outcome.error?.serviceMessage, undefined);
      assert.equal(outcome.reasoning, REASONING);
    });
  }

  it('a limit at the budget shrinks the budget below it; one at the smallest budget (1024) leaves thinking off', async () => {
    const shrunk = await ask({ options: { reasoning_effort: 'medium', max_tokens: 4096 } });
    assert.equal(shrunk.error?.serviceMessage, undefined);
    assert.equal(shrunk.reasoning, REASONING);
    const off = await ask({ options: { reasoning_effort: 'low', max_tokens: 1024 } });
    assert.equal(off.error?.serviceMessage, undefined);
    assert.equal(off.reasoning, '');
  });

  it('a forced tool choice leaves thinking off, and the tool loop it starts goes on without thinking', async () => {
    const messages: TextRequest['messages'] = [{ role: 'user', content: 'Use read_file on main.ts' }];
    const first = await ask({ messages, tools: TOOLS, toolChoice: 'required', options: { reasoning_effort: 'low' } });
    assert.equal(first.error?.serviceMessage, undefined);
    assert.deepEqual([first.reasoning, first.calls.map((c) => [c.name, c.arguments])], ['', [['read_file', '{"path":"example"}']]]);
    const call = first.calls[0]!;
    const second = await ask({
      messages: [
        ...messages,
        { role: 'assistant', content: '', toolCalls: [call] },
        { role: 'tool', toolCallId: call.id, content: 'export const answer = 42;' },
      ],
      tools: TOOLS,
      options: { reasoning_effort: 'low' },
    });
    assert.equal(second.error?.serviceMessage, undefined);
    assert.deepEqual([second.reasoning, second.text], ['', 'The tool answered: export const answer = 42;']);
  });

  it('an image-only user message sends no empty text block', async () => {
    const outcome = await ask({ messages: [{ role: 'user', content: '', images: [{ mimeType: 'image/png', data: PNG }] }] });
    assert.equal(outcome.error?.serviceMessage, undefined);
    assert.equal(outcome.text, 'I see one image (image/png).');
  });

  it('an assistant message with no text and no calls is not sent as an empty turn', async () => {
    await harness.control.queueReplies(['Fine.']);
    const outcome = await ask({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '' },
        { role: 'user', content: PROMPT },
      ],
    });
    assert.equal(outcome.error?.serviceMessage, undefined);
    assert.equal(outcome.text, 'Fine.');
  });
});
