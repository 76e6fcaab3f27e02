// The catalog is dynamic (spec, 'What the service does' 4 and Versioning 4): read at run time, cached for a
// short time, refreshed on demand. Filtering follows spec, Endpoints rule 2.
import * as l10n from '@vscode/l10n';
import { namesImageEndpoint, servesEndpoint } from './catalog/endpointTypes';
import type { ModelEntry, ModelList } from './catalog/schemas';
import type { ServiceClient } from './serviceClient';
import { chooseTransport, type TransportSetting } from './transports/index';

export function isTextModel(entry: ModelEntry): boolean {
  return entry.architecture.output_modalities.includes('text') && !namesImageEndpoint(entry.supported_endpoint_types);
}

/** What the settings ask of every text request: parameters the model must accept, and the interface that must reach it. */
export interface TextNeeds {
  requiredParameters?: readonly string[];
  transport?: TransportSetting;
}

export function textNeedsFor(settings: { maxTokens?: number; transport?: TransportSetting }): TextNeeds {
  return { requiredParameters: settings.maxTokens === undefined ? [] : ['max_tokens'], transport: settings.transport ?? 'auto' };
}

/** Models the person can chat with now: available, text out, not an image model, every need met (whyNotUsable says none). */
export function usableTextModels(list: ModelList | readonly ModelEntry[], needs: TextNeeds = {}): ModelEntry[] {
  const entries = Array.isArray(list) ? (list as readonly ModelEntry[]) : (list as ModelList).data;
  return entries.filter((entry) => isTextModel(entry) && whyNotUsable(entry, needs) === undefined);
}

// The spec does not name the field that carries the reason; these are the likely spellings.
const REASON_FIELDS = ['unavailable_reason', 'availability_reason', 'unavailability_reason', 'reason', 'status_reason'];

/** Why the model is unavailable to the workspace, in the service's words when it gives them. */
export function unavailableReason(entry: ModelEntry): string {
  const fields = entry as Record<string, unknown>;
  for (const name of REASON_FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  const availability = fields.availability;
  if (typeof availability === 'object' && availability !== null) {
    const reason = (availability as Record<string, unknown>).reason;
    if (typeof reason === 'string' && reason.trim() !== '') return reason.trim();
  }
  return l10n.t('This model is not available to your workspace.');
}

// Usability: which models a request can go to, and why the others cannot (spec, Endpoints 2
// and 5, Authentication 9). The quick-pick, the status bar, the chat and every feature that
// sends use these, through the connection.

/** Why a text model in the catalog cannot be used with these needs; undefined when it can. */
export function whyNotUsable(entry: ModelEntry, needs: TextNeeds): string | undefined {
  if (entry.unreadable) return entry.unreadable;
  if (!entry.available) return unavailableReason(entry);
  const missing = (needs.requiredParameters ?? []).filter((p) => !entry.supported_parameters.includes(p));
  if (missing.length > 0) return l10n.t('Does not accept {0}, which your settings ask for: clear multiModelAI.maxTokens to use it.', missing.join(', '));
  // A model no interface reaches (multiModelAI.transport forces one it does not serve) would fail every request.
  const transport = chooseTransport(entry, needs.transport);
  return transport.ok ? undefined : transport.message;
}

/** `modelId`'s catalog entry, and why it cannot be used for text with these needs (absent when it can). */
export function modelUsability(
  list: ModelList,
  modelId: string,
  needs: TextNeeds,
): { entry: ModelEntry; unusable?: string } | { entry?: undefined; unusable: string } {
  const entry = list.data.find((m) => m.id === modelId);
  if (!entry) return { unusable: l10n.t('This model is not in the catalog any more: pick another.') };
  if (!isTextModel(entry)) return { entry, unusable: l10n.t('This is not a text model: pick one that writes text.') };
  const unusable = whyNotUsable(entry, needs);
  return unusable === undefined ? { entry } : { entry, unusable };
}

export type ImageEndpoint = 'image-generation' | 'image-edit';

export interface ImageModels {
  usable: ModelEntry[];
  unusable: { entry: ModelEntry; reason: string }[];
}

/** The image models for `endpoint`: those the workspace can use, and the others with why not. */
export function imageModels(list: ModelList, endpoint: ImageEndpoint): ImageModels {
  const serving = list.data.filter((entry) => servesEndpoint(entry.supported_endpoint_types, endpoint)).sort((a, b) => a.id.localeCompare(b.id));
  return {
    usable: serving.filter((entry) => entry.available),
    unusable: serving.filter((entry) => !entry.available).map((entry) => ({ entry, reason: unavailableReason(entry) })),
  };
}

export type ModelSource = Pick<ServiceClient, 'listModels'>;

/** A time-limited cache of GET /v1/models; concurrent callers share one request. */
export class ModelCatalog {
  private cached: { list: ModelList; at: number } | undefined;
  private pending: Promise<ModelList> | undefined;
  private readonly ttlMs: number;
  private readonly onChange: (() => void) | undefined;

  /** `onChange`: told when a read gives another list than the one before it (not at the first read). */
  constructor(
    private readonly client: ModelSource,
    options: { ttlMs: number; onChange?: () => void },
  ) {
    this.ttlMs = options.ttlMs;
    this.onChange = options.onChange;
  }

  async get(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<ModelList> {
    // A read in flight is newer than the cache: everyone waits for it.
    if (this.pending) return this.pending;
    if (!options.refresh && this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.list;
    this.pending = this.client
      .listModels(undefined, { signal: options.signal })
      .then((list) => {
        const changed = this.cached !== undefined && JSON.stringify(this.cached.list.data) !== JSON.stringify(list.data);
        this.cached = { list, at: Date.now() };
        if (changed) this.onChange?.();
        return list;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}
