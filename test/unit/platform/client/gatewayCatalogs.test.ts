// Gateway catalogs read by the client over loopback HTTP: a 371-model catalog made here in
// OpenRouter's published shape (fixtures/catalogs/syntheticCatalog.ts, README.md there), and the same
// models as a New API gateway lists them. The expected counts, transports and costs follow from the
// generator's rules and its well-known models, worked out by reading it, not by running the client.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { imageModels, isTextModel, usableTextModels, whyNotUsable, type TextNeeds } from '#src/platform/client/modelCatalog';
import { costOfUsage, formatRub } from '#src/platform/client/catalog/pricing';
import type { ModelEntry, ModelList } from '#src/platform/client/catalog/schemas';
import { chooseTransport, type TransportSetting } from '#src/platform/client/transports/index';
import { newApiCatalogBody } from './fixtures/catalogs/newApiCatalog';
import { openRouterCatalogBody } from './fixtures/catalogs/syntheticCatalog';

/** How many text models each reason keeps out, for these needs. */
function reasonCounts(list: ModelList, needs: TextNeeds): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of list.data.filter(isTextModel)) {
    const reason = whyNotUsable(entry, needs);
    if (reason !== undefined) counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}

function transportOf(list: ModelList, id: string, setting: TransportSetting = 'auto'): string {
  const entry = list.data.find((e) => e.id === id) as ModelEntry;
  const choice = chooseTransport(entry, setting);
  return choice.ok ? choice.transport.name : choice.message;
}

const forced = (name: string, serves: string) =>
  `Does not serve the ${name} interface that multiModelAI.transport forces (it serves ${serves}): set multiModelAI.transport to "auto", or pick another model.`;

describe('gateway catalogs of 371 models, read by the client', () => {
  let server: Server;
  let body: Buffer;
  let baseUrl: string;

  before(async () => {
    server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The list the client reads from `served()`, read once before the tests of the calling suite. */
  const readBefore = (served: () => Buffer): { list: ModelList } => {
    const read = {} as { list: ModelList };
    before(async () => {
      body = served();
      read.list = await new ServiceClient({ baseUrl, apiKey: 'sk-or-v1-gateway-catalog', maxRetries: 0 }).listModels();
    });
    return read;
  };

  describe("in OpenRouter's shape", () => {
    const read = readBefore(openRouterCatalogBody);

    it('every one of the 371 models is read, and all are usable for text (none says available, none names an interface)', () => {
      assert.equal(read.list.data.length, 371);
      assert.equal(read.list.dropped, undefined);
      assert.equal(usableTextModels(read.list).length, 371);
      assert.deepEqual(reasonCounts(read.list, {}), {});
    });

    it('each model goes through chat completions, and the display names are read', () => {
      assert.equal(read.list.data.filter((e) => transportOf(read.list, e.id) === 'chat-completions').length, 371);
      assert.deepEqual(
        ['openai/gpt-4o', 'anthropic/claude-sonnet-4', 'google/gemini-2.5-pro', 'x-ai/grok-4'].map((id) => [
          id,
          read.list.data.find((e) => e.id === id)?.name,
          transportOf(read.list, id),
        ]),
        [
          ['openai/gpt-4o', 'OpenAI: GPT-4o', 'chat-completions'],
          ['anthropic/claude-sonnet-4', 'Anthropic: Claude Sonnet 4', 'chat-completions'],
          ['google/gemini-2.5-pro', 'Google: Gemini 2.5 Pro', 'chat-completions'],
          ['x-ai/grok-4', 'xAI: Grok 4', 'chat-completions'],
        ],
      );
    });

    it('with multiModelAI.maxTokens set, the 3 models whose parameters lack max_tokens (o1-pro, o3 Pro, Sonar Deep Research) are kept out, saying why', () => {
      assert.deepEqual(reasonCounts(read.list, { requiredParameters: ['max_tokens'] }), {
        'Does not accept max_tokens, which your settings ask for: clear multiModelAI.maxTokens to use it.': 3,
      });
      assert.equal(usableTextModels(read.list, { requiredParameters: ['max_tokens'] }).length, 368);
    });

    // docs/SERVICE.md, "Prices": prompt and completion per token; no currency field means the
    // service's RUB, so OpenRouter's dollar figures are read as the amounts they are.
    it('costs are per token, in the amounts the entry gives: gpt-4o 1M + 1M tokens is 12.5', () => {
      const entry = (id: string) => read.list.data.find((e) => e.id === id) as ModelEntry;
      const cost = (id: string, prompt_tokens: number, completion_tokens: number) =>
        costOfUsage(entry(id), { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens });
      assert.deepEqual([(entry('openai/gpt-4o') as { pricing?: unknown }).pricing], [{ prompt: '0.0000025', completion: '0.00001', request: '0', image: '0' }]);
      assert.equal(cost('openai/gpt-4o', 1_000_000, 1_000_000), 12.5);
      assert.equal(formatRub(cost('openai/gpt-4o', 1_000_000, 1_000_000) as number), '≈ 12.50 ₽');
      assert.equal(cost('anthropic/claude-sonnet-4', 1000, 500), 0.0105);
      // A made-up model, n = 1: 50 × (1 + 7) = 400 billionths a prompt token, 1600 a completion token.
      assert.equal(formatRub(cost('mistralai/model-01', 1_000_000, 1_000_000) as number), '≈ 2.00 ₽');
      assert.equal(cost('qwen/model-05:free', 1000, 1000), 0);
      // "-1": a variable price, so no cost at all.
      assert.equal(cost('openrouter/auto', 1000, 1000), undefined);
    });
  });

  describe('the same models as a New API gateway lists them', () => {
    const read = readBefore(newApiCatalogBody);

    it('the 366 text models are usable, and the 5 that draw images are offered for image generation instead', () => {
      assert.equal(read.list.data.length, 371);
      assert.equal(usableTextModels(read.list).length, 366);
      assert.deepEqual(reasonCounts(read.list, {}), {});
      assert.deepEqual(
        imageModels(read.list, 'image-generation').usable.map((e) => e.id),
        ['google/gemini-2.5-flash-image', 'google/gemini-3-pro-image-preview', 'openai/gpt-5-image', 'openai/gpt-5-image-mini', 'openrouter/auto'],
      );
    });

    it('chat completions is chosen wherever a model serves it; Responses and Messages when the setting forces them and the model serves them', () => {
      assert.deepEqual(
        [
          transportOf(read.list, 'openai/gpt-4o'),
          transportOf(read.list, 'anthropic/claude-sonnet-4'),
          transportOf(read.list, 'google/gemini-2.5-pro'),
          transportOf(read.list, 'openai/gpt-4o', 'responses'),
          transportOf(read.list, 'anthropic/claude-sonnet-4', 'messages'),
        ],
        ['chat-completions', 'chat-completions', 'chat-completions', 'responses', 'messages'],
      );
    });

    // 62 OpenAI models less its 2 image writers; the 292 others are 366 less those 60 and Anthropic's 14.
    const forcings = [
      [
        'responses',
        'forcing Responses keeps the 60 OpenAI text models, and says what each other model serves',
        60,
        'Responses',
        'chat completions and Messages',
        14,
      ],
      ['messages', 'forcing Messages keeps the 14 Anthropic models', 14, 'Messages', 'chat completions and Responses', 60],
    ] as const;
    for (const [transport, title, kept, forcedName, otherServes, otherCount] of forcings) {
      it(title, () => {
        const needs = { transport } as const;
        assert.equal(usableTextModels(read.list, needs).length, kept);
        assert.deepEqual(reasonCounts(read.list, needs), {
          [forced(forcedName, otherServes)]: otherCount,
          [forced(forcedName, 'chat completions')]: 292,
        });
      });
    }
  });
});
