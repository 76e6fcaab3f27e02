// A model's output limit from its catalog entry. The spec says limits are per model and read
// from the catalog but names no field: `max_output_tokens`, or `top_provider.max_completion_tokens`
// (OpenRouter's name) (docs/SERVICE.md, "Catalog fields beyond the spec's").
import type { ModelEntry } from './schemas';

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The most tokens the model writes in one answer, where the catalog says. */
export function outputLimit(entry: ModelEntry): number | undefined {
  const fields = entry as Record<string, unknown>;
  const top = fields.top_provider as Record<string, unknown> | undefined;
  return positive(fields.max_output_tokens) ?? positive(top?.max_completion_tokens);
}
