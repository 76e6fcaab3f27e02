import * as assert from 'node:assert/strict';
import { ownGatewayOf, type AnswerMarks } from '#src/platform/client/errors/gatewaySignals';

const answer = (status: number, headers: Record<string, string>, body: unknown): AnswerMarks => ({ status, headers, body });

describe('gatewaySignals', () => {
  it("names the gateway whose own error an answer is, by each gateway's marks", () => {
    const answers = [
      answer(500, { 'x-portkey-gateway-exception': 'true' }, { status: 'failure', message: 'messages is not supported by openai' }),
      answer(400, {}, { status: 'failure', message: 'Invalid custom host' }),
      answer(401, {}, { error: { message: 'key not allowed to access model.', type: 'team_model_access_denied', param: 'model', code: '401' } }),
      answer(400, {}, { error: { message: "{'error': 'Invalid model name'}", type: 'None', param: 'None', code: '400' } }),
      answer(400, {}, { error: { message: 'no key left', type: 'new_api_error', param: '', code: 'channel:no_available_key' } }),
      answer(400, { 'x-kong-response-latency': '2' }, { error: { message: 'cannot use own model - must be: gpt-4o' } }),
    ];
    assert.deepEqual(answers.map(ownGatewayOf), ['Portkey', 'Portkey', 'LiteLLM', 'LiteLLM', 'New API', 'Kong']);
  });

  it('an error the gateway relays, a limit of its own, or an answer that proxied through it is not its own', () => {
    const answers = [
      answer(429, {}, { error: { message: 'openai error: Rate limit reached', type: 'rate_limit_error', param: null, code: null }, provider: 'openai' }),
      answer(429, {}, { error: { message: 'Max parallel request limit reached.', type: 'None', param: 'None', code: '429' } }),
      answer(500, { 'x-portkey-gateway-exception': 'false' }, { error: { message: 'upstream failed' } }),
      answer(400, { 'x-kong-upstream-latency': '120', 'x-kong-proxy-latency': '1' }, { error: { message: 'bad request' } }),
      answer(429, { 'x-kong-response-latency': '0' }, { message: 'API rate limit exceeded' }),
      answer(503, {}, { error: { message: 'no channel', type: 'new_api_error', code: 'model_not_found' } }),
      answer(404, {}, '404 page not found'),
    ];
    assert.deepEqual(answers.map(ownGatewayOf), [undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
