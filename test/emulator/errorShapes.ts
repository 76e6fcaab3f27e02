// The shapes an error answer can be written in: the service's own, or as a gateway in front of
// it would write it (the control API's `error-shape` switch), so a client can be seen to give
// the same advice and find the request id whichever gateway it talks to.
import * as z from 'zod';

export const ErrorShapeSchema = z.enum(['service', 'openai', 'anthropic', 'openrouter', 'new-api']);
export type ErrorShape = z.infer<typeof ErrorShapeSchema>;

export interface ErrorReply {
  body: unknown;
  /** Where the request id travels: the header name, or none (OpenRouter sends none). */
  requestIdHeader?: string;
}

/** Anthropic's error types by status (docs.anthropic.com, "Errors"). */
function anthropicType(status: number): string {
  const types: Record<number, string> = {
    400: 'invalid_request_error',
    401: 'authentication_error',
    402: 'billing_error',
    403: 'permission_error',
    404: 'not_found_error',
    413: 'request_too_large',
    429: 'rate_limit_error',
    529: 'overloaded_error',
  };
  return types[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** The error answer for `status` and `code` in `shape`; `metadata` is OpenRouter's `error.metadata`. */
export function errorReply(
  shape: ErrorShape,
  status: number,
  code: string,
  message: string,
  requestId: string,
  metadata?: Record<string, unknown>,
): ErrorReply {
  switch (shape) {
    case 'service':
      return { body: { error: { code, message, request_id: requestId } }, requestIdHeader: 'x-request-id' };
    case 'openai':
      return {
        body: { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code } },
        requestIdHeader: 'x-request-id',
      };
    case 'anthropic':
      // The structured code is error.type; the service's code is not passed on, as Anthropic has none.
      return { body: { type: 'error', error: { type: anthropicType(status), message }, request_id: requestId }, requestIdHeader: 'request-id' };
    case 'openrouter':
      // OpenRouter's code is the status itself; what more it knows is in metadata.
      return { body: { error: { code: status, message, ...(metadata && { metadata }) } } };
    case 'new-api':
      // New API appends its request id to the message, and sends it in X-Oneapi-Request-Id.
      return {
        body: { error: { message: `${message} (request id: ${requestId})`, type: 'new_api_error', param: '', code } },
        requestIdHeader: 'x-oneapi-request-id',
      };
  }
}
