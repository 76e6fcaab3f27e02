import * as assert from 'node:assert/strict';
import { ModelEntrySchema } from '#src/core/client/schemas';
import { modelDetail, modelTooltip } from '#src/core/lm/modelDescription';
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

describe("what VS Code's model picker says of each model", () => {
  afterEach(useEnglish);

  it('a priced model: context, ₽ per million in and out, interface, thinks, images, tools', () => {
    assert.equal(modelDetail(priced, 100_000), 'Multi-Model AI · context 100,000 · ≈ 300.00 ₽ / ≈ 1,500.00 ₽ per 1M');
    assert.equal(
      modelTooltip(priced, 100_000, 'auto'),
      'Mira Messenger (mira/messenger) through Multi-Model AI, over its Messages interface. Context: 100,000 tokens. ' +
        'Price per million tokens: ≈ 300.00 ₽ in, ≈ 1,500.00 ₽ out. Thinks before it answers. Takes images. Calls tools (agent mode).',
    );
  });

  it('a model without prices says so, and what it cannot do; the interface is the one multiModelAI.transport forces', () => {
    assert.equal(modelDetail(unpriced, 32_000), 'Multi-Model AI · context 32,000');
    assert.equal(
      modelTooltip(unpriced, 32_000, 'chat-completions'),
      'acme/plain through Multi-Model AI, over its chat completions interface. Context: 32,000 tokens. The catalog gives no price. ' +
        'Answers without thinking. Takes no images. Calls no tools (not in agent mode).',
    );
  });

  it('in Russian, with Russian numbers (a no-break space between thousands)', () => {
    useRussian();
    assert.equal(modelDetail(priced, 100_000), `Multi-Model AI · контекст 100${NBSP}000 · ≈ 300,00 ₽ / ≈ 1${NBSP}500,00 ₽ за 1 млн`);
    assert.equal(
      modelTooltip(priced, 100_000, 'auto'),
      `Mira Messenger (mira/messenger) через Multi-Model AI, по интерфейсу Messages. Контекст (токенов): 100${NBSP}000. ` +
        `Цена за миллион токенов: ≈ 300,00 ₽ на входе, ≈ 1${NBSP}500,00 ₽ на выходе. Размышляет перед ответом. Принимает изображения. Вызывает инструменты (режим агента).`,
    );
  });
});
