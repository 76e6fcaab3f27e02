// What the language-model provider tells VS Code about each usable model: the same
// usable models as the quick-pick, with their limits and capabilities from the live catalog.
// The spec says limits are per model and read from the catalog but names no fields: the
// entry's `context_length` and `max_output_tokens` (also read: `top_provider.max_completion_tokens`,
// the widely used catalogs' name) are read, with documented defaults when absent.
import { outputLimit } from '../../platform/client/catalog/modelLimits';
import type { ModelEntry } from '../../platform/client/catalog/schemas';
import type { TransportSetting } from '../../platform/client/transports/index';
import { vendorOf } from '../../platform/models/modelPickItems';
import { callsTools, modelDetail, modelTooltip, takesImages } from './modelDescription';
import { configurationSchema } from './reasoningEffort';
import { TYPED_MODEL_CONTEXT_TOKENS, TYPED_MODEL_OUTPUT_TOKENS, isTypedModel } from '../../platform/client/catalog/typedModels';

/** When the catalog gives no context length. */
export const DEFAULT_CONTEXT_TOKENS = 32_000;
/** When the catalog gives no output limit. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4_096;

export interface ProvidedModel {
  id: string;
  name: string;
  family: string;
  version: string;
  detail: string;
  tooltip: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  capabilities: { toolCalling: boolean; imageInput: boolean };
  /** What VS Code's chat offers to set for the model (reasoning effort), where VS Code reads it. */
  configurationSchema?: Record<string, unknown>;
}

/** `transport`: multiModelAI.transport, which decides the interface the tooltip names. */
export function providedModel(entry: ModelEntry, transport: TransportSetting = 'auto'): ProvidedModel {
  // A model typed by hand is told conservative limits: nothing is known of it (typedModels.ts).
  const typed = isTypedModel(entry);
  const context = entry.context_length ?? (typed ? TYPED_MODEL_CONTEXT_TOKENS : DEFAULT_CONTEXT_TOKENS);
  const maxOutputTokens = Math.min(outputLimit(entry) ?? (typed ? TYPED_MODEL_OUTPUT_TOKENS : DEFAULT_MAX_OUTPUT_TOKENS), Math.floor(context / 2));
  const schema = configurationSchema(entry);
  return {
    id: entry.id,
    name: entry.name ?? entry.id,
    family: vendorOf(entry.id),
    version: entry.id,
    detail: modelDetail(entry, context),
    tooltip: modelTooltip(entry, context, transport),
    maxInputTokens: context - maxOutputTokens,
    maxOutputTokens,
    capabilities: { toolCalling: callsTools(entry), imageInput: takesImages(entry) },
    ...(schema && { configurationSchema: schema }),
  };
}
