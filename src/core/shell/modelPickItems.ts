// What the "Select Model" quick-pick lists, built from the live catalog (spec: the model
// list is dynamic and read at run time). Usable text models are grouped by vendor; text
// models this workspace cannot use are listed apart with the reason; image models never appear.
import { isTextModel, unavailableReason, usableTextModels } from '../client/modelCatalog';
import type { ModelEntry, ModelList } from '../client/schemas';

export type ModelPickEntry =
  | { kind: 'separator'; label: string }
  | {
      kind: 'model';
      modelId: string;
      description: string;
      /** Set only for models that cannot be picked: why, and what to do. */
      reason?: string;
      current: boolean;
    };

export const NOT_AVAILABLE_LABEL = 'Not available here';

export function vendorOf(modelId: string): string {
  const slash = modelId.indexOf('/');
  return slash > 0 ? modelId.slice(0, slash) : modelId;
}

export function shortModelName(modelId: string): string {
  const slash = modelId.indexOf('/');
  return slash >= 0 ? modelId.slice(slash + 1) : modelId;
}

export function capabilitiesText(entry: ModelEntry): string {
  return entry.supported_parameters.length > 0 ? entry.supported_parameters.join(' · ') : 'no optional parameters';
}

function whyNotUsable(entry: ModelEntry, requiredParameters: readonly string[]): string {
  if (!entry.available) return unavailableReason(entry);
  const missing = requiredParameters.filter((p) => !entry.supported_parameters.includes(p));
  return `Does not accept ${missing.join(', ')}, which your settings ask for: clear multiModelAI.maxTokens to use it.`;
}

export function buildModelPickItems(
  list: ModelList,
  options: { currentModelId?: string; requiredParameters?: string[] } = {},
): ModelPickEntry[] {
  const requiredParameters = options.requiredParameters ?? [];
  const byId = (a: ModelEntry, b: ModelEntry) => a.id.localeCompare(b.id);
  const usable = [...usableTextModels(list, { requiredParameters })].sort(byId);
  const usableIds = new Set(usable.map((m) => m.id));
  const unusable = list.data.filter((m) => isTextModel(m) && !usableIds.has(m.id)).sort(byId);

  const items: ModelPickEntry[] = [];
  let vendor: string | undefined;
  for (const entry of usable) {
    if (vendorOf(entry.id) !== vendor) {
      vendor = vendorOf(entry.id);
      items.push({ kind: 'separator', label: vendor });
    }
    items.push({
      kind: 'model',
      modelId: entry.id,
      description: capabilitiesText(entry),
      current: entry.id === options.currentModelId,
    });
  }
  if (unusable.length > 0) items.push({ kind: 'separator', label: NOT_AVAILABLE_LABEL });
  for (const entry of unusable) {
    items.push({
      kind: 'model',
      modelId: entry.id,
      description: capabilitiesText(entry),
      reason: whyNotUsable(entry, requiredParameters),
      current: entry.id === options.currentModelId,
    });
  }
  return items;
}

/** `max_tokens` is required only when the person asked for a limit; other optional fields are just not sent. */
export function requiredParametersFor(settings: { maxTokens?: number }): string[] {
  return settings.maxTokens === undefined ? [] : ['max_tokens'];
}

/** Why `modelId` cannot be used for chat with this catalog and these settings, or undefined when it can. */
export function whyModelUnusable(list: ModelList, modelId: string, requiredParameters: readonly string[]): string | undefined {
  const entry = list.data.find((m) => m.id === modelId);
  if (!entry) return 'This model is not in the catalog any more: pick another.';
  if (!isTextModel(entry)) return 'This is not a text model: pick one that writes text.';
  if (usableTextModels(list, { requiredParameters }).some((m) => m.id === modelId)) return undefined;
  return whyNotUsable(entry, requiredParameters);
}
