// What VS Code's model picker says of each model, beside its name (`detail`) and on hover
// (`tooltip`): what a person chooses by. The context size, the price per million tokens when the
// catalog has prices, the interface it is served through, and whether it thinks, takes images
// and calls tools.
import * as l10n from '@vscode/l10n';
import { tokenPrices } from '../../platform/client/catalog/pricing';
import type { ModelEntry } from '../../platform/client/catalog/schemas';
import { chooseTransport, interfaceLabel, type TransportSetting } from '../../platform/client/transports/index';
import { displayLocale } from '../../platform/format/displayLanguage';
import { formatInteger, formatRub } from '../../platform/format/localeFormat';
import { displayName } from '../../platform/models/modelPickItems';
import { isTypedModel } from '../../platform/client/catalog/typedModels';

/** Catalog parameters that turn a model's reasoning on or tune it (OpenRouter's names, and the OpenAI one). */
const REASONING_PARAMETERS = ['reasoning_effort', 'reasoning', 'include_reasoning'];

export function thinks(entry: ModelEntry): boolean {
  return entry.supported_parameters.some((name) => REASONING_PARAMETERS.includes(name));
}

export function takesImages(entry: ModelEntry): boolean {
  return (entry.architecture.input_modalities ?? []).includes('image');
}

export function callsTools(entry: ModelEntry): boolean {
  return entry.supported_parameters.includes('tools');
}

/** Input and output prices per million tokens, formatted, when the catalog prices the model's tokens. */
function pricesPerMillion(entry: ModelEntry): { input: string; output: string } | undefined {
  const prices = tokenPrices(entry);
  const locale = displayLocale();
  return prices && { input: formatRub(prices.input * 1_000_000, locale), output: formatRub(prices.output * 1_000_000, locale) };
}

/** "Multi-Model AI · context 128,000 · ≈ 250.00 ₽ / ≈ 1,000.00 ₽ per 1M": one line beside the name. */
export function modelDetail(entry: ModelEntry, contextTokens: number): string {
  if (isTypedModel(entry)) return l10n.t('Multi-Model AI · typed by hand: price, context and abilities unknown');
  const context = formatInteger(contextTokens, displayLocale());
  const prices = pricesPerMillion(entry);
  return prices
    ? l10n.t('Multi-Model AI · context {0} · {1} / {2} per 1M', context, prices.input, prices.output)
    : l10n.t('Multi-Model AI · context {0}', context);
}

/** Sentences: the model and the interface, the context, the prices, what it can do. */
export function modelTooltip(entry: ModelEntry, contextTokens: number, transport: TransportSetting): string {
  const locale = displayLocale();
  const name = displayName(entry);
  const chosen = chooseTransport(entry, transport);
  const through = chosen.ok
    ? l10n.t('{0} through Multi-Model AI, over its {1} interface.', name ? `${name} (${entry.id})` : entry.id, interfaceLabel(chosen.transport.name))
    : l10n.t('{0} through Multi-Model AI.', name ? `${name} (${entry.id})` : entry.id);
  if (isTypedModel(entry))
    return [
      through,
      l10n.t(
        "Typed by hand: the service's list does not name it, so its price, context and abilities are unknown. It is sent at most {0} tokens of context, and the tools of VS Code's chat.",
        formatInteger(contextTokens, locale),
      ),
    ].join(' ');
  const prices = pricesPerMillion(entry);
  const abilities = [
    thinks(entry) ? l10n.t('Thinks before it answers.') : l10n.t('Answers without thinking.'),
    takesImages(entry) ? l10n.t('Takes images.') : l10n.t('Takes no images.'),
    callsTools(entry) ? l10n.t('Calls tools (agent mode).') : l10n.t('Calls no tools (not in agent mode).'),
  ];
  return [
    through,
    l10n.t('Context: {0} tokens.', formatInteger(contextTokens, locale)),
    prices ? l10n.t('Price per million tokens: {0} in, {1} out.', prices.input, prices.output) : l10n.t('The catalog gives no price.'),
    ...abilities,
  ].join(' ');
}
