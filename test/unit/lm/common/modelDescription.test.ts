import * as assert from 'node:assert/strict';
import { ModelEntrySchema, type ModelEntry } from '#src/platform/client/catalog/schemas';
import type { TransportSetting } from '#src/platform/client/transports/index';
import { modelDetail, modelTooltip } from '#src/lm/common/modelDescription';
import { useEnglish, useRussian } from '../../l10n/displayLanguage';

/** Mira Messenger as the emulator lists it: Messages only, thinks, takes images, calls tools, priced in RUB per token. */
const priced = ModelEntrySchema().parse({
  id: 'mira/messenger',
  name: 'Mira Messenger',
  architecture: { output_modalities: ['text'], input_modalities: ['text', 'image'] },
  supported_parameters: ['max_tokens', 'stream', 'reasoning_effort', 'tools', 'tool_choice'],
  supported_endpoint_types: ['messages'],
  context_length: 100_000,
  pricing: { currency: 'RUB', prompt: '0.0003', completion: '0.0015' },
});
const NBSP = '\u00a0';
/** A plain model a gateway lists without prices or a name. */
const unpriced = ModelEntrySchema().parse({ id: 'acme/plain', architecture: { output_modalities: ['text'] }, supported_parameters: ['stream'] });

/** What the picker shows of a model (its detail line and its tooltip), in a display language. */
const descriptions: {
  behaviour: string;
  language: () => void;
  shown: [model: ModelEntry, contextTokens: number, transport: TransportSetting];
  detail: string;
  tooltip: string;
}[] = [
  {
    behaviour: 'a priced model: context, ₽ per million in and out, interface, thinks, images, tools',
    language: useEnglish,
    shown: [priced, 100_000, 'auto'],
    detail: 'Multi-Model AI · context 100,000 · ≈ 300.00 ₽ / ≈ 1,500.00 ₽ per 1M',
    tooltip:
      'Mira Messenger (mira/messenger) through Multi-Model AI, over its Messages interface. Context: 100,000 tokens. ' +
      'Price per million tokens: ≈ 300.00 ₽ in, ≈ 1,500.00 ₽ out. Thinks before it answers. Takes images. Calls tools (agent mode).',
  },
  {
    behaviour: 'a model without prices says so, and what it cannot do; the interface is the one multiModelAI.transport forces',
    language: useEnglish,
    shown: [unpriced, 32_000, 'chat-completions'],
    detail: 'Multi-Model AI · context 32,000',
    tooltip:
      'acme/plain through Multi-Model AI, over its chat completions interface. Context: 32,000 tokens. The catalog gives no price. ' +
      'Answers without thinking. Takes no images. Calls no tools (not in agent mode).',
  },
  {
    behaviour: 'in Russian, with Russian numbers (a no-break space between thousands)',
    language: useRussian,
    shown: [priced, 100_000, 'auto'],
    detail: `Multi-Model AI · контекст 100${NBSP}000 · ≈ 300,00 ₽ / ≈ 1${NBSP}500,00 ₽ за 1 млн`,
    tooltip:
      `Mira Messenger (mira/messenger) через Multi-Model AI, по интерфейсу Messages. Контекст (токенов): 100${NBSP}000. ` +
      `Цена за миллион токенов: ≈ 300,00 ₽ на входе, ≈ 1${NBSP}500,00 ₽ на выходе. Размышляет перед ответом. Принимает изображения. Вызывает инструменты (режим агента).`,
  },
];

describe("what VS Code's model picker says of each model", () => {
  afterEach(useEnglish);

  for (const { behaviour, language, shown, detail, tooltip } of descriptions) {
    it(behaviour, () => {
      language();
      const [model, contextTokens, transport] = shown;
      assert.deepEqual([modelDetail(model, contextTokens), modelTooltip(model, contextTokens, transport)], [detail, tooltip]);
    });
  }
});
