// Gateways' error answers end to end in a real extension host: the emulator answers in
// OpenRouter's or Anthropic's error shape, and the chat's card, its actions and Copy Diagnostics
// show the advice and the request id as a person would get them (docs/SERVICE.md, "Error answers").
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import { arrangeChat, lastReply } from './chatHarness';
import { emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const SELECT_MODEL = "'Multi-Model AI: Select Model'";

describe("gateways' error answers in the extension host", () => {
  const api = useTestHandle();
  beforeEach(() => arrangeChat(api));

  /** The chat's answer to a message the emulator refuses with `status` in OpenRouter's error shape. */
  async function openRouterRefusal(status: number, message: string, metadata: Record<string, unknown>): Promise<ReturnType<typeof lastReply>> {
    await emulator().setErrorShape('openrouter');
    await emulator().queueFaults('chat', [{ type: 'status', status, message, metadata }]);
    await api.chat.host.session.send('hello');
    return lastReply(api);
  }

  it('Errors 5: an OpenRouter 404 about the model leads to Select Model, and the catalog is read again', async () => {
    const reply = await openRouterRefusal(404, 'No allowed providers are available for the selected model.', {
      available_providers: ['google-ai-studio'],
      requested_providers: ['openai'],
    });
    assert.equal(reply.status, 'failed');
    assert.equal(
      reply.error?.message,
      `The service cannot run this model now (no provider serves it, or not with this request's options): pick another with ${SELECT_MODEL}.`,
    );
    assert.deepEqual(reply.error?.actions, ['selectModel', 'showLog', 'retry']);
    assert.equal(api.lastDiagnostics()?.kind, 'model_unavailable');
    await until(async () => ((await emulator().requests()).at(-1)?.endpoint === 'models' ? true : undefined), 'the catalog to be read again');
    assert.equal((await emulator().requests()).filter((r) => r.endpoint === 'chat').length, 1);
  });

  it('a 403 moderation refusal is told as the content refused, without Set API Key', async () => {
    const reply = await openRouterRefusal(403, 'Your chosen model requires moderation and your input was flagged', {
      reasons: ['harassment'],
      flagged_input: '...',
    });
    assert.equal(
      reply.error?.message,
      `The service refused this request because of its content (a moderation or guardrail check): rephrase it or leave out the flagged part, or pick another model with ${SELECT_MODEL}. If you think it is a mistake, copy the diagnostics into a support message.`,
    );
    assert.deepEqual(reply.error?.actions, ['selectModel', 'showLog', 'retry']);
  });

  it('a 403 the body cannot tell is said neutrally, with the request id, without Set API Key', async () => {
    await emulator().queueFaults('chat', [{ type: 'status', status: 403, code: 'forbidden' }]);
    await api.chat.host.session.send('hello');
    const reply = lastReply(api);
    const [record] = (await emulator().requests()).filter((r) => r.endpoint === 'chat');
    assert.ok(record);
    assert.equal(
      reply.error?.message,
      `The service refused this request (HTTP 403, forbidden): try again later, or with another model; if it keeps happening, quote request id ${record.requestId} to support.`,
    );
    assert.deepEqual(reply.error?.actions, ['showLog', 'retry']);
  });

  it("Authentication 8: an Anthropic-shaped error's request id, from its request-id header, is in Copy Diagnostics", async () => {
    await emulator().setErrorShape('anthropic');
    await emulator().queueFaults('chat', [{ type: 'status', status: 400, message: 'messages: text content blocks must be non-empty' }]);
    await api.chat.host.session.send('hello');
    const [record] = (await emulator().requests()).filter((r) => r.endpoint === 'chat');
    assert.ok(record);
    assert.equal(lastReply(api).error?.requestId, record.requestId);
    const copied = await vscode.commands.executeCommand<string>(Commands.copyDiagnostics);
    assert.ok(copied.includes(`Request id: ${record.requestId} (header request-id)`), copied);
    assert.ok(copied.includes('Error code: invalid_request_error'), copied);
  });

  it("Anthropic's too-long refusal is the too-long card, with its numbers", async () => {
    await emulator().setErrorShape('anthropic');
    await emulator().queueFaults('chat', [{ type: 'status', status: 400, message: 'prompt is too long: 219898 tokens > 200000 maximum' }]);
    await api.chat.host.session.send('hello');
    const reply = lastReply(api);
    assert.equal(
      reply.error?.message,
      `The conversation is too long for this model (219,898 tokens, the model takes 200,000): start a new chat, or pick a model with a larger context with ${SELECT_MODEL}.`,
    );
    assert.deepEqual(reply.error?.actions, ['selectModel', 'showLog', 'retry']);
  });

  it("a gateway's own refusal (Portkey's mark) names the gateway and the model, offers its settings, and is sent once", async () => {
    await emulator().queueFaults(
      'chat',
      [1, 2, 3].map(() => ({
        type: 'status' as const,
        status: 500,
        headers: { 'x-portkey-gateway-exception': 'true' },
        body: JSON.stringify({ status: 'failure', message: 'chatComplete is not supported by openai' }),
      })),
    );
    await api.chat.host.session.send('hello');
    const reply = lastReply(api);
    assert.match(reply.error?.message ?? '', /^Portkey, the gateway in front of the service, refused the request for [\w/.-]+ because of its own setup: /);
    assert.deepEqual(reply.error?.actions, ['openSettings', 'selectModel', 'showLog', 'retry']);
    assert.equal((await emulator().requests()).filter((r) => r.endpoint === 'chat').length, 1);
  });
});
