// What the "Select Model" quick-pick lists, built from the live catalog (spec: the model
// list is dynamic and read at run time). Usable text models are grouped by vendor; text
// models this workspace cannot use are listed apart with the reason; image models never appear.
import * as l10n from '@vscode/l10n';
import { isTextModel, usableTextModels, whyNotUsable, type TextNeeds } from '../client/modelCatalog';
import type { ModelEntry, ModelList } from '../client/catalog/schemas';
import { isTypedModel } from '../client/catalog/typedModels';

export type ModelPickEntry =
  | { kind: 'separator'; label: string }
  | {
      kind: 'model';
      modelId: string;
      /** The catalog's display name, where it gives one other than the id. */
      name?: string;
      /** The display name, if any, and what the model accepts. */
      description: string;
      /** Set only for models that cannot be picked: why, and what to do. */
      reason?: string;
      current: boolean;
    };

/** The separator above the models this workspace cannot use. */
export const notAvailableLabel = (): string => l10n.t('Not available here');

export function vendorOf(modelId: string): string {
  const slash = modelId.indexOf('/');
  return slash > 0 ? modelId.slice(0, slash) : modelId;
}

export function shortModelName(modelId: string): string {
  const slash = modelId.indexOf('/');
  return slash >= 0 ? modelId.slice(slash + 1) : modelId;
}

export function capabilitiesText(entry: ModelEntry): string {
  if (isTypedModel(entry)) return l10n.t('typed by hand: price, context and abilities unknown');
  return entry.supported_parameters.length > 0 ? entry.supported_parameters.join(' · ') : l10n.t('no optional parameters');
}

/** The catalog's display name, when it gives one other than the id. */
export function displayName(entry: ModelEntry): string | undefined {
  const name = entry.name?.trim();
  return name && name !== entry.id ? name : undefined;
}

/** The model entry of the pick list: its id, the name beside it, what it accepts. */
function modelItem(entry: ModelEntry, current: boolean, reason?: string): ModelPickEntry {
  const name = displayName(entry);
  const capabilities = capabilitiesText(entry);
  return {
    kind: 'model',
    modelId: entry.id,
    ...(name !== undefined && { name }),
    description: name === undefined ? capabilities : `${name} — ${capabilities}`,
    ...(reason !== undefined && { reason }),
    current,
  };
}

export function buildModelPickItems(list: ModelList, options: { currentModelId?: string; needs?: TextNeeds } = {}): ModelPickEntry[] {
  const needs = options.needs ?? {};
  const byId = (a: ModelEntry, b: ModelEntry) => a.id.localeCompare(b.id);
  const usable = [...usableTextModels(list, needs)].sort(byId);
  const usableIds = new Set(usable.map((m) => m.id));
  const unusable = list.data.filter((m) => isTextModel(m) && !usableIds.has(m.id)).sort(byId);

  const items: ModelPickEntry[] = [];
  let vendor: string | undefined;
  for (const entry of usable) {
    if (vendorOf(entry.id) !== vendor) {
      vendor = vendorOf(entry.id);
      items.push({ kind: 'separator', label: vendor });
    }
    items.push(modelItem(entry, entry.id === options.currentModelId));
  }
  if (unusable.length > 0) items.push({ kind: 'separator', label: notAvailableLabel() });
  for (const entry of unusable) {
    items.push(modelItem(entry, entry.id === options.currentModelId, whyNotUsable(entry, needs)));
  }
  return items;
}
