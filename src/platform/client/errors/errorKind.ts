// The vocabulary of failures: every ServiceError has one kind, and handling keys off it, the
// status and the public code (spec, Errors: never the message text). An HTTP answer or a
// stream's error event is given its kind here, by one table of structured signals: the status,
// the code (`error.code`, else `error.type`), `error.metadata`'s fields, whether the body is
// an error object at all, a gateway's marks of its own errors (gatewaySignals.ts) and, for a
// refusal no code explains, the wordings of a request too long for the model (tooLongWording.ts).
// Each row names the gateway whose answers it reads (docs/SERVICE.md).

export type ErrorKind =
  | 'auth'
  | 'forbidden'
  | 'refused'
  | 'not_found'
  | 'model_unavailable'
  | 'invalid_request'
  | 'payment'
  | 'too_long'
  /** A gateway in front of the service refused the request by its own configuration (gatewaySignals.ts). */
  | 'gateway'
  | 'rate_limit'
  | 'server'
  | 'network'
  /** The proxy could not be reached, refused the tunnel, or asked for credentials (407). */
  | 'proxy'
  /** The service's certificate is issued by an authority the connection does not trust. */
  | 'certificate'
  | 'timeout'
  | 'aborted'
  | 'stream_interrupted'
  | 'bad_response'
  | 'config';

/** What an error answer says by its structure. */
export interface ErrorSignals {
  /** Undefined for an error inside a stream. */
  status?: number;
  /** `error.code` (a number read as text), else `error.type`. */
  code?: string;
  /** The fields of `error.metadata` (OpenRouter). */
  metadata?: readonly string[];
  /** The body is an error object (`{ "error": { … } }`), not a page or nothing. */
  shaped?: boolean;
  /** The request named a model. */
  aboutModel?: boolean;
  /** The gateway in front that marks the answer as its own error. */
  ownGateway?: string;
  /** The message is worded as a request too long for the model. */
  tooLongWording?: boolean;
}

type Statuses = number | readonly [number, number];

/** One row: every condition given must hold; the first row that matches gives the kind. */
interface SignalRow {
  /** Whose answers the row reads. */
  gateway: string;
  status?: Statuses;
  codes?: readonly string[];
  /** A family of codes (payment, context length), never the message. */
  codePattern?: RegExp;
  /** Any of these fields in `error.metadata`. */
  metadata?: readonly string[];
  shaped?: boolean;
  aboutModel?: boolean;
  /** A gateway's own error, by its marks. */
  ownGateway?: true;
  /** Worded as a request too long for the model. */
  tooLongWording?: true;
  kind: ErrorKind;
}

const CLIENT_ERRORS: Statuses = [400, 499];

// The spec names no payment or context-length error: the usual forms are recognised by their code.
const PAYMENT_CODE = /balance|quota|credit|spend|billing|payment|funds/i;
const CONTEXT_CODE = /context_length|context_window|too_long|too_many_tokens|tokens_exceeded|token_limit/i;

const SIGNAL_TABLE: readonly SignalRow[] = [
  // A gateway's own configuration refused the request: no other row applies, and waiting does not help.
  { gateway: 'Portkey, LiteLLM, New API, Kong: their own errors, by their marks (gatewaySignals.ts)', ownGateway: true, kind: 'gateway' },
  // A refusal of the content, not of the key (told before any 403 rule).
  { gateway: 'OpenRouter (moderation: metadata.reasons, flagged_input)', metadata: ['reasons', 'flagged_input'], kind: 'refused' },
  { gateway: 'OpenAI (images, moderation)', codes: ['content_policy_violation', 'moderation_blocked'], kind: 'refused' },
  { gateway: 'Azure OpenAI (content filter)', codes: ['content_filter', 'responsibleaipolicyviolation'], kind: 'refused' },
  { gateway: 'New API (sensitive words, blocked prompt)', codes: ['sensitive_words_detected', 'prompt_blocked'], kind: 'refused' },
  {
    gateway: 'gateways with guardrails (usual spellings)',
    codes: ['moderation', 'guardrail', 'guardrail_blocked', 'content_blocked', 'safety_block'],
    kind: 'refused',
  },
  // Limits 2 and 4: the balance or a key's spend limit.
  { gateway: 'OpenRouter, the service (402)', status: 402, kind: 'payment' },
  {
    gateway: 'OpenAI (429 insufficient_quota), New API (403 insufficient_user_quota), the service (403 spend_limit_exceeded)',
    status: 403,
    codePattern: PAYMENT_CODE,
    kind: 'payment',
  },
  { gateway: 'OpenAI (429 insufficient_quota)', status: 429, codePattern: PAYMENT_CODE, kind: 'payment' },
  { gateway: 'a stream error event', status: undefined, codePattern: PAYMENT_CODE, kind: 'payment' },
  // Limits 3: the context length.
  { gateway: 'Anthropic (413 request_too_large), the service (413)', status: 413, kind: 'too_long' },
  { gateway: 'OpenAI (context_length_exceeded)', status: CLIENT_ERRORS, codePattern: CONTEXT_CODE, kind: 'too_long' },
  { gateway: 'a stream error event', status: undefined, codePattern: CONTEXT_CODE, kind: 'too_long' },
  // Errors 5: the model, whatever the status (New API answers an unknown model with 503).
  { gateway: 'OpenAI (404), New API (503, 400), the service (404)', codes: ['model_not_found'], kind: 'model_unavailable' },
  { gateway: 'the service (403)', codes: ['model_unavailable', 'model_not_available'], kind: 'model_unavailable' },
  // A wrong address: the service's own codes for it, OpenAI's unknown path.
  { gateway: 'the service (a path with /v1 twice, a path that is no endpoint)', status: 404, codes: ['doubled_version_path', 'not_found'], kind: 'not_found' },
  { gateway: 'OpenAI ("Invalid URL": type invalid_request_error, no code)', status: 404, codes: ['invalid_request_error'], kind: 'not_found' },
  // Any other 404 in the error shape, to a request that named a model: the model (OpenRouter's
  // "No allowed providers…", "No endpoints found…", a deprecated model; Anthropic's not_found_error).
  { gateway: 'OpenRouter (code 404), Anthropic (not_found_error)', status: 404, shaped: true, aboutModel: true, kind: 'model_unavailable' },
  { gateway: 'any (an HTML page, a bare 404, a read without a model)', status: 404, kind: 'not_found' },
  // The key.
  { gateway: 'every gateway (401)', status: 401, kind: 'auth' },
  { gateway: 'the service, OpenAI, Anthropic (in a stream)', status: undefined, codes: ['invalid_api_key', 'authentication_error'], kind: 'auth' },
  { gateway: 'Anthropic (permission_error), New API (access_denied)', codes: ['permission_error', 'access_denied', 'permission_denied'], kind: 'forbidden' },
  // A 403 the body cannot tell: the service refused this request, said neutrally (errorAdvice.ts).
  { gateway: 'any (403)', status: 403, kind: 'forbidden' },
  { gateway: 'every gateway (408)', status: 408, kind: 'timeout' },
  { gateway: 'every gateway (429); Anthropic rate_limit_error, the service rate_limit_exceeded in a stream', status: 429, kind: 'rate_limit' },
  { gateway: 'Anthropic, the service (in a stream)', status: undefined, codes: ['rate_limit_exceeded', 'rate_limit_error'], kind: 'rate_limit' },
  { gateway: 'every gateway (5xx; Anthropic 529 overloaded_error)', status: [500, 599], kind: 'server' },
  // Limits 3, where no code says it: a refusal worded as too long (tooLongWording.ts), once no status or code above told it.
  {
    gateway:
      "Anthropic ('prompt is too long', 400 invalid_request_error) and New API or Portkey relaying it; OpenAI-compatible servers and gateways ('maximum context length')",
    status: CLIENT_ERRORS,
    tooLongWording: true,
    kind: 'too_long',
  },
  { gateway: 'a stream error event worded so', status: undefined, tooLongWording: true, kind: 'too_long' },
  {
    gateway: 'the service, Anthropic (in a stream)',
    status: undefined,
    codes: ['invalid_request', 'invalid_request_error', 'unsupported_parameter', 'unsupported_model_endpoint'],
    kind: 'invalid_request',
  },
  { gateway: 'any (another 4xx)', status: CLIENT_ERRORS, kind: 'invalid_request' },
];

/** The kind of an error answer (or of a stream's error event, which has no status). */
export function kindOf(signals: ErrorSignals): ErrorKind {
  return SIGNAL_TABLE.find((row) => matches(row, signals))?.kind ?? 'server';
}

function matches(row: SignalRow, signals: ErrorSignals): boolean {
  const code = signals.code?.toLowerCase();
  if ('status' in row && !statusMatches(row.status, signals.status)) return false;
  if (row.codes && (code === undefined || !row.codes.includes(code))) return false;
  if (row.codePattern && (code === undefined || !row.codePattern.test(code))) return false;
  if (row.metadata && !row.metadata.some((field) => signals.metadata?.includes(field))) return false;
  if (row.shaped !== undefined && row.shaped !== (signals.shaped ?? false)) return false;
  if (row.aboutModel !== undefined && row.aboutModel !== (signals.aboutModel ?? false)) return false;
  if (row.ownGateway && signals.ownGateway === undefined) return false;
  if (row.tooLongWording && !signals.tooLongWording) return false;
  return true;
}

function statusMatches(expected: Statuses | undefined, status: number | undefined): boolean {
  if (expected === undefined || status === undefined) return expected === status;
  return typeof expected === 'number' ? expected === status : status >= expected[0] && status <= expected[1];
}

/** Kind for an HTTP error answer known by its status and code alone (an error body with no more). */
export function kindFor(status: number, code: string | undefined): ErrorKind {
  return kindOf({ status, code, shaped: code !== undefined });
}

/** Kind for an error that arrived inside a stream, where only the code is known. */
export function kindForCode(code: string | undefined): ErrorKind {
  return kindOf({ code, shaped: true, aboutModel: true });
}

/** Kind for a stream's error event, by its code and whether its message is worded as a too-long refusal. */
export function kindForEvent(code: string | undefined, tooLongWording: boolean): ErrorKind {
  return kindOf({ code, shaped: true, aboutModel: true, tooLongWording });
}
