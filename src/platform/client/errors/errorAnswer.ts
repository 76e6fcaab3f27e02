// What an HTTP error answer says, read by its structure: the signals its kind is told by
// (errorKind.ts), its code, its message for the log, its request id with the place it was
// found, from every place real gateways put one (docs/SERVICE.md, "Request id"), the gateway
// whose own error it is, and the numbers of a too-long refusal.
import { parseJson } from '../http/httpResponse';
import { keyFreeToken, maskKeyIn } from '../http/keyMasking';
import { ErrorBodySchema, type ErrorBody } from '../catalog/schemas';
import type { ErrorSignals } from './errorKind';
import { ownGatewayOf } from './gatewaySignals';
import { tooLongReport, type ContextReport } from './tooLongWording';

export interface ErrorAnswer {
  signals: ErrorSignals;
  code?: string;
  serviceMessage?: string;
  requestId?: string;
  /** Where the request id was read, e.g. `header request-id`, `body request_id`. */
  requestIdSource?: string;
  /** The gateway in front whose own error this is. */
  gateway?: string;
  /** What a message worded as a too-long refusal says (its numbers where it gives them). */
  context?: ContextReport;
}

type Body = ErrorBody | undefined;

/**
 * The places a request id travels, in the order they are read: the headers of the gateway the
 * client talks to first (its support knows its own ids), then the body's.
 */
const REQUEST_ID_PLACES: readonly { source: string; read(headers: Record<string, string>, body: Body): string | null | undefined }[] = [
  { source: 'header x-request-id', read: (headers) => headers['x-request-id'] }, // OpenAI, the service
  { source: 'header request-id', read: (headers) => headers['request-id'] }, // Anthropic
  { source: 'header x-oneapi-request-id', read: (headers) => headers['x-oneapi-request-id'] }, // New API
  { source: 'body error.request_id', read: (_, body) => body?.error.request_id }, // the service
  { source: 'body request_id', read: (_, body) => body?.request_id }, // Anthropic
  // The id beside an error object names the failed request (OpenRouter's generation id).
  { source: 'body id', read: (_, body) => body?.id },
];

/** `headers` flat and lower-case; `aboutModel`: the request named a model. */
export function readErrorAnswer(status: number, headers: Record<string, string>, text: string, apiKey: string, aboutModel: boolean): ErrorAnswer {
  const json = parseJson(text);
  const parsed = ErrorBodySchema().safeParse(json);
  const body: Body = parsed.success ? parsed.data : undefined;
  const error = body?.error;
  // Anthropic's structured code is error.type; a numeric error.code (OpenRouter) is read as text.
  const code = keyFreeToken(error?.code ?? error?.type, apiKey);
  // A body without an error object may carry its message at the top (vLLM, Portkey's own answers).
  const message = error?.message ?? topMessage(json);
  const gateway = ownGatewayOf({ status, headers, body: json });
  const context = tooLongReport(message ?? undefined);
  const answer: ErrorAnswer = {
    signals: {
      status,
      code,
      metadata: error?.metadata ? Object.keys(error.metadata) : [],
      shaped: body !== undefined,
      aboutModel,
      ...(gateway !== undefined && { ownGateway: gateway }),
      ...(context !== undefined && { tooLongWording: true }),
    },
    code,
    serviceMessage: message ? maskKeyIn(message, apiKey) : undefined,
    ...(gateway !== undefined && { gateway }),
    ...(context !== undefined && { context }),
  };
  for (const place of REQUEST_ID_PLACES) {
    const requestId = keyFreeToken(place.read(headers, body), apiKey);
    if (requestId === undefined) continue;
    answer.requestId = requestId;
    answer.requestIdSource = place.source;
    break;
  }
  return answer;
}

function topMessage(json: unknown): string | undefined {
  const message = typeof json === 'object' && json !== null ? (json as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}
