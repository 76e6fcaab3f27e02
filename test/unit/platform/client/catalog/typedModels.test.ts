import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../../../../emulator/index';
import { useEmulator } from '../../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { checkTypedModelId, isTypedModel, noModelListMessage, typedModelEntry, withTypedModels } from '#src/platform/client/catalog/typedModels';
import { usableTextModels } from '#src/platform/client/modelCatalog';
import { ModelListSchema } from '#src/platform/client/catalog/schemas';
import { providedModel } from '#src/lm/common/providedModels';
import { buildModelPickItems } from '#src/platform/models/modelPickItems';
import { streamReply } from '#src/platform/reply/streamReply';
import type { TextMessage } from '#src/platform/client/transports/textRequest';

describe('typedModels', () => {
  it('a typed id joins the list as a usable text model of which nothing is known; a listed id keeps its entry', () => {
    const listed = ModelListSchema().parse({ data: [{ id: 'acme/chat-large', context_length: 128_000, supported_parameters: ['tools'] }] });
    const list = withTypedModels(listed, ['corp/model-x', 'acme/chat-large']);
    assert.deepEqual(
      list.data.map((e) => [e.id, isTypedModel(e), e.context_length]),
      [
        ['acme/chat-large', false, 128_000],
        ['corp/model-x', true, undefined],
      ],
    );
    assert.deepEqual(
      usableTextModels(list, { requiredParameters: ['max_tokens'] }).map((e) => e.id),
      ['corp/model-x'],
    );
    assert.deepEqual(
      buildModelPickItems(list).filter((item) => item.kind === 'model' && item.modelId === 'corp/model-x'),
      [{ kind: 'model', modelId: 'corp/model-x', description: 'typed by hand: price, context and abilities unknown', current: false }],
    );
  });

  it("VS Code's chat is offered a typed model with conservative limits, saying nothing is known of it", () => {
    const offered = providedModel(typedModelEntry('corp/model-x'));
    assert.deepEqual([offered.maxInputTokens, offered.maxOutputTokens, offered.capabilities], [12_288, 4_096, { toolCalling: true, imageInput: false }]);
    assert.equal(offered.detail, 'Multi-Model AI · typed by hand: price, context and abilities unknown');
    assert.equal(
      offered.tooltip,
      "corp/model-x through Multi-Model AI, over its chat completions interface. Typed by hand: the service's list does not name it, so its price, context and abilities are unknown. It is sent at most 16,384 tokens of context, and the tools of VS Code's chat.",
    );
  });

  it('checks a typed id, and says why an address asks for one', () => {
    assert.deepEqual(['  corp/model-x ', '', 'two words', 'x'.repeat(201)].map(checkTypedModelId), [
      { ok: true, id: 'corp/model-x' },
      { ok: false, message: 'Type the model id, as the service names it (for example vendor/model-name).' },
      { ok: false, message: 'A model id has no spaces and is at most 200 characters long.' },
      { ok: false, message: 'A model id has no spaces and is at most 200 characters long.' },
    ]);
    assert.equal(noModelListMessage({ endpoint: '/v1/models', status: 404 }), 'This address serves no model list (GET /v1/models: 404); type a model id.');
  });

  describe('an address that serves chat without a model list, over HTTP', () => {
    const { emulator, control } = useEmulator();
    const client = (baseUrl = emulator.baseUrl, apiKey: string = FIXTURE_KEYS.alpha) => new ServiceClient({ baseUrl, apiKey, maxRetries: 0 });
    const failure = async (promise: Promise<unknown>) =>
      promise.then(
        () => assert.fail('it should fail'),
        (error: unknown) => (error instanceof ServiceError ? error : assert.fail(String(error))),
      );

    it('GET /models 404, chat there: an empty list that says so, after one request chat refuses, uncharged', async () => {
      await control.setCatalogShape('none');
      assert.deepEqual(await client().listModels(), { object: 'list', data: [], unlisted: { endpoint: '/v1/models', status: 404 } });
      assert.deepEqual(
        (await control.requests()).map((r) => [r.method, r.path, r.status]),
        [
          ['GET', '/v1/models', 404],
          ['POST', '/v1/chat/completions', 400],
        ],
      );
      assert.deepEqual(await control.charges(), []);
    });

    it('GET /models 405 is the same', async () => {
      await control.queueFaults('models', [{ type: 'status', status: 405, code: 'method_not_allowed' }]);
      assert.deepEqual((await client().listModels()).unlisted, { endpoint: '/v1/models', status: 405 });
    });

    it('no chat either: the address is wrong, said as before', async () => {
      const error = await failure(client(`${emulator.origin}/wrong/v1`).listModels());
      assert.deepEqual([error.kind, error.status, error.diagnostics.endpoint], ['not_found', 404, '/wrong/v1/models']);
      assert.equal(error.userMessage, 'The service does not offer this address: check the Multi-Model AI base URL setting (it must end with /v1).');
    });

    it('chat refuses the key: the key is told, not the list', async () => {
      await control.queueFaults('models', [{ type: 'status', status: 404 }]);
      await control.queueFaults('chat', [{ type: 'status', status: 401, code: 'invalid_api_key' }]);
      const error = await failure(client().listModels());
      assert.deepEqual([error.kind, error.status, error.diagnostics.endpoint], ['auth', 401, '/v1/chat/completions']);
    });

    it('a typed model streams through chat completions, its conversation fitted to a conservative context', async () => {
      await control.setCatalogShape('none');
      const long = 'word '.repeat(3_000);
      const messages: TextMessage[] = [
        ...Array.from({ length: 8 }, (_, i): TextMessage[] => [
          { role: 'user', content: `${i} ${long}` },
          { role: 'assistant', content: long },
        ]).flat(),
        { role: 'user', content: 'last question' },
      ];
      const trims: [number, number][] = [];
      let text = '';
      const outcome = await streamReply(
        { connection: Promise.resolve({ client: client(), model: typedModelEntry('acme/chat-large') }), messages, signal: new AbortController().signal },
        { onDelta: (t) => (text += t), intervalMs: 0, onTrimmed: (dropped, context) => trims.push([dropped, context]) },
      );
      assert.equal(outcome.status, 'done', JSON.stringify(outcome));
      assert.ok(text.length > 0);
      assert.deepEqual(trims, [[14, 16_384]]);
      const [record] = await control.requests();
      assert.deepEqual([record?.path, record?.model, record?.stream, record?.status], ['/v1/chat/completions', 'acme/chat-large', true, 200]);
    });
  });
});
