// The vocabulary of failures: every ServiceError has one kind, and handling keys off it, the
// status and the public code (spec, Errors: never the message text). An HTTP answer or a
// stream's error event is given its kind here.

export type ErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'invalid_request'
  | 'payment'
  | 'too_long'
  | 'rate_limit'
  | 'server'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'stream_interrupted'
  | 'bad_response'
  | 'config';

// The spec names no payment or context-length error, so the usual forms are recognised by
// their public code (never the message): 402, or a 403/429 whose code speaks of balance,
// quota, credit or a spend limit; 413, or a code that speaks of the context length.
const PAYMENT_CODE = /balance|quota|credit|spend|billing|payment|funds/i;
const CONTEXT_CODE = /context_length|context_window|too_long|too_many_tokens|tokens_exceeded|token_limit/i;

/** Kind for an HTTP error answer: its status, refined by its public code. */
export function kindFor(status: number, code: string | undefined): ErrorKind {
  if (status === 402 || ((status === 403 || status === 429) && code !== undefined && PAYMENT_CODE.test(code))) return 'payment';
  if (status === 413 || (status >= 400 && status < 500 && code !== undefined && CONTEXT_CODE.test(code))) return 'too_long';
  return kindForStatus(status);
}

function kindForStatus(status: number): ErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'invalid_request';
}

/** Kind for an error that arrived inside a stream, where only the code is known. */
export function kindForCode(code: string | undefined): ErrorKind {
  if (code !== undefined && PAYMENT_CODE.test(code)) return 'payment';
  if (code !== undefined && CONTEXT_CODE.test(code)) return 'too_long';
  switch (code) {
    case 'invalid_api_key':
      return 'auth';
    case 'model_unavailable':
      return 'forbidden';
    case 'model_not_found':
    case 'doubled_version_path':
      return 'not_found';
    case 'invalid_request':
    case 'unsupported_parameter':
    case 'unsupported_model_endpoint':
      return 'invalid_request';
    case 'rate_limit_exceeded':
      return 'rate_limit';
    default:
      return 'server';
  }
}
