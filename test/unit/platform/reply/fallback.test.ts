// Which models a request falls back to: `similar` chosen from a 371-model gateway catalog in
// OpenRouter's shape (test/unit/platform/client/fixtures/catalogs, read by the real client over
// loopback), and from the emulator's catalog, whose models serve different interfaces; and a list.
// The expected models follow from the catalog generator's rules (its README), worked out by reading it.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { usableTextModels } from '#src/platform/client/modelCatalog';
import type { ModelEntry, ModelList } from '#src/platform/client/catalog/schemas';
import { fallbackModels, similarModel, type RequestNeeds } from '#src/platform/reply/fallback';
import { openRouterCatalogBody } from '../client/fixtures/catalogs/syntheticCatalog';

const small: RequestNeeds = { tokens: 1_000, images: false, tools: false };

function entry(list: ModelList, id: string): ModelEntry {
  const found = list.data.find((e) => e.id === id);
  assert.ok(found, id);
  return found;
}

describe('similar: the next usable model that takes the same request at prices no higher', () => {
  describe("in a 371-model catalog of OpenRouter's shape", () => {
    let server: Server;
    let list: ModelList;

    before(async () => {
      const body = openRouterCatalogBody();
      server = createServer((request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      list = await new ServiceClient({ baseUrl, apiKey: 'sk-or-v1-fallback-catalog', maxRetries: 0 }).listModels();
    });

    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const similar = (id: string, needs: RequestNeeds = small) => similarModel(entry(list, id), list.data, usableTextModels(list), needs)?.id;

    it('gpt-4o ($2.5 and $10 per million): the next one in the catalog at no more, gpt-5-image-mini ($2.5 and $2); gpt-5-image costs more to read', () => {
      assert.equal(similar('openai/gpt-4o'), 'openai/gpt-5-image-mini');
    });

    it('the output price counts as well as the input: after gpt-5-image-mini ($2.5 and $2), model-02 reads for less ($0.75) but writes for more ($3)', () => {
      // 100,000 tokens leave out model-01 (32,768).
      assert.equal(similar('openai/gpt-5-image-mini', { ...small, tokens: 100_000 }), 'openai/model-03');
    });

    it('a request longer than its 131,072 tokens passes it over for the next with the context: model-03 (262,144)', () => {
      assert.equal(similar('openai/gpt-4o', { ...small, tokens: 150_000 }), 'openai/model-03');
    });

    it('a request with images passes over the models that read only text: after Claude Sonnet 4, model-03 (every third reads images), not model-01', () => {
      assert.equal(similar('anthropic/claude-sonnet-4'), 'anthropic/model-01');
      assert.equal(similar('anthropic/claude-sonnet-4', { ...small, images: true }), 'anthropic/model-03');
    });

    it('the room for the answer counts: max_tokens on top of the messages', () => {
      // anthropic/model-01 has 32,768 tokens: 30,000 with 2,000 for the answer fit, with 3,000 they do not.
      assert.equal(similar('anthropic/claude-sonnet-4', { ...small, tokens: 30_000, maxTokens: 2_000 }), 'anthropic/model-01');
      assert.equal(similar('anthropic/claude-sonnet-4', { ...small, tokens: 30_000, maxTokens: 3_000 }), 'anthropic/model-02');
    });

    it('after the last model of the catalog, from its start again', () => {
      // z-ai/model-10 costs 550 and 2,200 billionths a token; ai21/model-01 400 and 1,600.
      assert.equal(list.data.at(-1)?.id, 'z-ai/model-10');
      assert.equal(similar('z-ai/model-10'), 'ai21/model-01');
    });

    it('a free model falls back only to a free one; a variable price (the router, "-1") to none', () => {
      assert.equal(similar('openai/model-05:free'), 'openai/model-15:free');
      assert.equal(similar('openrouter/auto'), undefined);
    });

    it('a model not usable with the settings is passed over (max_tokens asked: o1-pro lacks it)', () => {
      const needsMaxTokens = usableTextModels(list, { requiredParameters: ['max_tokens'] });
      // After o1-pro ($150 and $600) comes o3-pro, which lacks max_tokens too, then the router (a variable price), then Perplexity's.
      assert.equal(similarModel(entry(list, 'openai/o1-pro'), list.data, usableTextModels(list), small)?.id, 'openai/o3-pro');
      assert.equal(similarModel(entry(list, 'openai/o1-pro'), list.data, needsMaxTokens, small)?.id, 'perplexity/model-01');
    });
  });

  describe("in the emulator's catalog, whose models serve different interfaces", () => {
    const { emulator } = useEmulator();
    let list: ModelList;

    before(async () => {
      list = await new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).listModels();
    });

    it('acme/chat-large: acme/chat-mini, which serves all three interfaces as it does', () => {
      assert.equal(similarModel(entry(list, 'acme/chat-large'), list.data, usableTextModels(list), small)?.id, 'acme/chat-mini');
    });

    it('nova/responder (Responses only): the cheaper mini serves Responses too; mira/messenger costs more and serves Messages only', () => {
      assert.equal(similarModel(entry(list, 'nova/responder'), list.data, usableTextModels(list), small)?.id, 'acme/chat-mini');
    });

    it('zeta/reasoner-pro (all three interfaces): not the cheaper nova/responder or mira/messenger, which serve one each, but acme/chat-large', () => {
      assert.equal(similarModel(entry(list, 'zeta/reasoner-pro'), list.data, usableTextModels(list), small)?.id, 'acme/chat-large');
    });

    it('with tools: none of the cheaper models calls tools, so none', () => {
      assert.equal(similarModel(entry(list, 'nova/responder'), list.data, usableTextModels(list), { ...small, tools: true }), undefined);
    });

    it('mira/messenger (Messages only): acme/chat-large costs less and serves Messages among the three', () => {
      assert.equal(similarModel(entry(list, 'mira/messenger'), list.data, usableTextModels(list), small)?.id, 'acme/chat-large');
    });
  });
});

describe('fallbackModels', () => {
  const { emulator } = useEmulator();
  let list: ModelList;
  let usable: ModelEntry[];

  before(async () => {
    list = await new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 }).listModels();
    usable = usableTextModels(list);
  });

  const ids = (setting: Parameters<typeof fallbackModels>[0], needs: RequestNeeds = small) =>
    fallbackModels(setting, entry(list, 'acme/chat-large'), list.data, usable, needs).map((e) => e.id);

  it('a list: its usable models in its order, without the failed one, each once', () => {
    assert.deepEqual(ids(['mira/messenger', 'acme/chat-large', 'zeta/reasoner-pro', 'unknown/model', 'acme/chat-mini', 'mira/messenger']), [
      'mira/messenger',
      'acme/chat-mini',
    ]);
  });

  it("a list: a model that cannot take the request's images is passed over; a longer conversation is left to be trimmed", () => {
    assert.deepEqual(ids(['acme/chat-basic', 'acme/chat-mini'], { ...small, images: true }), ['acme/chat-mini']);
    assert.deepEqual(ids(['acme/chat-basic'], { ...small, tokens: 50_000 }), ['acme/chat-basic']);
  });

  it('similar: the one similar model; off: none', () => {
    assert.deepEqual(ids('similar'), ['acme/chat-mini']);
    assert.deepEqual(ids('off'), []);
  });
});
