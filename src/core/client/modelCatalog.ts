// The catalog is dynamic (spec, rule 4 and Versioning 4): read at run time, cached for a
// short time, refreshed on demand. Filtering follows spec, Endpoints rule 2.
import type { ModelEntry, ModelList } from './schemas';
import type { ServiceClient } from './serviceClient';

const IMAGE_ENDPOINT_TYPES = ['image-generation', 'image-edit'];

export function isTextModel(entry: ModelEntry): boolean {
  return (
    entry.architecture.output_modalities.includes('text') &&
    !entry.supported_endpoint_types.some((type) => IMAGE_ENDPOINT_TYPES.includes(type))
  );
}

/** Models the person can chat with now: available, text out, not an image model, every required parameter supported. */
export function usableTextModels(
  list: ModelList | readonly ModelEntry[],
  options: { requiredParameters?: readonly string[] } = {},
): ModelEntry[] {
  const entries = Array.isArray(list) ? (list as readonly ModelEntry[]) : (list as ModelList).data;
  const required = options.requiredParameters ?? [];
  return entries.filter(
    (entry) => entry.available && isTextModel(entry) && required.every((p) => entry.supported_parameters.includes(p)),
  );
}

// The spec does not name the field that carries the reason; these are the likely spellings.
const REASON_FIELDS = ['unavailable_reason', 'availability_reason', 'unavailability_reason', 'reason', 'status_reason'];
const FALLBACK_REASON = 'This model is not available to your workspace.';

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
  return FALLBACK_REASON;
}

export type ModelSource = Pick<ServiceClient, 'listModels'>;

/** A time-limited cache of GET /v1/models; concurrent callers share one request. */
export class ModelCatalog {
  private cached: { list: ModelList; at: number } | undefined;
  private pending: Promise<ModelList> | undefined;
  private readonly ttlMs: number;

  constructor(
    private readonly client: ModelSource,
    options: { ttlMs: number },
  ) {
    this.ttlMs = options.ttlMs;
  }

  async get(options: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<ModelList> {
    if (!options.refresh && this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.list;
    if (!this.pending) {
      // invalidate() during the request drops its result: it may predate the change.
      const load: Promise<ModelList> = this.client
        .listModels(undefined, { signal: options.signal })
        .then((list) => {
          if (this.pending === load) this.cached = { list, at: Date.now() };
          return list;
        })
        .finally(() => {
          if (this.pending === load) this.pending = undefined;
        });
      this.pending = load;
    }
    return this.pending;
  }

  invalidate(): void {
    this.cached = undefined;
    this.pending = undefined;
  }
}
