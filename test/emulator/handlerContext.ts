// What every endpoint handler receives, and the checks the text endpoints share.
import type * as z from 'zod';
import type { Workspace } from './auth';
import { findModel, unavailableReason, type CatalogModel, type EndpointType } from './catalog';
import type { Exchange } from './exchange';
import type { BodyFault } from './faults';
import type { Quirk } from './quirks';
import type { EmulatorState } from './state';

export interface HandlerContext {
  ex: Exchange;
  /** http://127.0.0.1:PORT, for URLs that point back at the emulator. */
  origin: string;
  /** The parsed JSON body (multipart: its fields, see requestBody.ts); undefined when absent or unreadable. */
  body: unknown;
  query: URLSearchParams;
  workspace: Workspace;
  /** The caller's key (authenticated), for its balance and spend limit. */
  key: string;
  /** The X-Client-Request-Id header: a repeat of a generation carries the same one. */
  clientRequestId: string | null;
  state: EmulatorState;
  fault?: BodyFault;
  /** How this reply is to be written, when a quirk was queued for it. */
  quirk?: Quirk;
}

export type Handler = (ctx: HandlerContext) => Promise<void>;

/** Validates the body with zod; on failure answers 400 `invalid_request` and returns undefined. */
export function parseBody<T extends z.ZodType>(ctx: HandlerContext, schema: T): z.infer<T> | undefined {
  if (ctx.body === undefined) {
    ctx.ex.error(400, 'invalid_request', 'Send a JSON object as the request body, with Content-Type: application/json.');
    return undefined;
  }
  const parsed = schema.safeParse(ctx.body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  ctx.ex.error(400, 'invalid_request', `Invalid request: ${where}: ${issue?.message ?? 'malformed'}. Fix the field and send again.`);
  return undefined;
}

const ENDPOINT_LABELS: Record<EndpointType, string> = {
  'chat-completions': 'chat completions',
  responses: 'the Responses endpoint',
  messages: 'the Messages endpoint',
  'image-generation': 'image generation',
  'image-edit': 'image editing',
};

/** Looks the model up for this workspace and endpoint kind; answers 404/403/400 when it cannot serve. */
export function resolveModel(ctx: HandlerContext, id: string, endpoint: EndpointType): CatalogModel | undefined {
  const model = findModel(id);
  if (!model) {
    ctx.ex.error(404, 'model_not_found', `Model "${id}" does not exist: pick a model id from GET /v1/models.`);
    return undefined;
  }
  const reason = unavailableReason(model, ctx.workspace);
  if (reason !== undefined) {
    ctx.ex.error(403, 'model_unavailable', `Model "${id}" is not available to this workspace (${reason}): pick an available model.`);
    return undefined;
  }
  if (!model.endpointTypes.includes(endpoint)) {
    const serves = model.endpointTypes.map((t) => ENDPOINT_LABELS[t]).join(', ');
    ctx.ex.error(
      400,
      'unsupported_model_endpoint',
      `Model "${id}" does not serve ${ENDPOINT_LABELS[endpoint]} (it serves ${serves}): pick a model for this endpoint.`,
    );
    return undefined;
  }
  return model;
}

/**
 * Spec, Endpoints rule 5: any field beyond the endpoint's core ones must be listed in the
 * model's supported_parameters. `aliases` maps an endpoint's own field name to the catalog's.
 */
export function checkOptionalFields(ctx: HandlerContext, model: CatalogModel, core: readonly string[], aliases: Record<string, string> = {}): boolean {
  for (const [field, value] of Object.entries(ctx.body as Record<string, unknown>)) {
    if (core.includes(field) || value === undefined || value === null) continue;
    if (!model.supportedParameters.includes(aliases[field] ?? field)) {
      ctx.ex.error(400, 'unsupported_parameter', `Model "${model.id}" does not accept "${field}": send only the fields listed in its supported_parameters.`);
      return false;
    }
  }
  return true;
}
