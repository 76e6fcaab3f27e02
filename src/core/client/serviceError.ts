// One error class for every failure the client reports. Handling keys off `kind`, `status`
// and the public `code` (spec, Errors: never the message text); `userMessage` says what the
// person can do, and the raw service message stays in `serviceMessage` for operators.
import type { DiagnosticsRecord } from './diagnostics';
import { MAX_RETRY_AFTER_MS, type RetryCase } from './retryPolicy';

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

export interface ServiceErrorInit {
  kind: ErrorKind;
  clientRequestId: string;
  diagnostics: DiagnosticsRecord;
  status?: number;
  code?: string;
  requestId?: string;
  retryAfterMs?: number;
  /** How the last attempt failed, for a network failure: never sent, or sent and the answer lost. */
  retryCase?: RetryCase;
  partialText?: string;
  /** The service's own message (key redacted), for the log only. */
  serviceMessage?: string;
  /** Response headers of the failed attempt, for operators. */
  headers?: Record<string, string>;
  /** Overrides the default advice (config errors carry their own fix). */
  userMessage?: string;
  cause?: unknown;
}

export class ServiceError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly requestId?: string;
  readonly clientRequestId: string;
  readonly retryAfterMs?: number;
  /** A generation sent, and its answer lost on the way: the service may have made it (Errors 2). */
  readonly answerLost: boolean;
  readonly partialText?: string;
  readonly serviceMessage?: string;
  readonly headers?: Record<string, string>;
  readonly userMessage: string;
  readonly diagnostics: DiagnosticsRecord;

  constructor(init: ServiceErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ServiceError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.clientRequestId = init.clientRequestId;
    this.retryAfterMs = init.retryAfterMs;
    this.answerLost = answerLost(init);
    this.partialText = init.partialText;
    this.serviceMessage = init.serviceMessage;
    this.headers = init.headers;
    this.diagnostics = init.diagnostics;
    this.userMessage = init.userMessage ?? adviceFor(init, this.answerLost);
  }
}

function describe(init: ServiceErrorInit): string {
  const parts: string[] = [init.kind];
  if (init.status !== undefined) parts.push(String(init.status));
  if (init.code) parts.push(init.code);
  if (init.requestId) parts.push(`(request ${init.requestId})`);
  return init.serviceMessage ? `${parts.join(' ')}: ${init.serviceMessage}` : parts.join(' ');
}

// The spec names no payment or context-length error, so the usual forms are recognised by
// their public code (never the message): 402, or a 403/429 whose code speaks of balance,
// quota, credit or a spend limit; 413, or a code that speaks of the context length.
const PAYMENT_CODE = /balance|quota|credit|spend|billing|payment|funds/i;
const SPEND_LIMIT_CODE = /spend|limit/i;
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

const SET_KEY = "'Multi-Model AI: Set API Key'";
const SELECT_MODEL = "'Multi-Model AI: Select Model'";
const SUPPORT = 'If it keeps happening, copy the diagnostics into a support message.';

const ADVICE_BY_CODE: Record<string, string> = {
  invalid_api_key: `Your API key was rejected (revoked, mistyped or from another workspace). Set a new key with ${SET_KEY}.`,
  model_unavailable: `This model is not available to your workspace: pick another with ${SELECT_MODEL}.`,
  model_not_found: `This model is no longer offered: pick another with ${SELECT_MODEL}.`,
  unsupported_parameter: `This model does not accept one of the request's options: pick another model with ${SELECT_MODEL}.`,
  unsupported_model_endpoint: `This model does not produce text: pick a text model with ${SELECT_MODEL}.`,
  doubled_version_path: 'The base URL holds /v1 twice: set the Multi-Model AI base URL setting to end with a single /v1.',
};

const ADVICE_BY_KIND: Record<ErrorKind, string> = {
  auth: ADVICE_BY_CODE.invalid_api_key as string,
  forbidden: `Your key is not allowed to do this: check its workspace in the management cabinet, or set another key with ${SET_KEY}.`,
  not_found: 'The service does not offer this address: check the Multi-Model AI base URL setting (it must end with /v1).',
  invalid_request: `The service refused the request. ${SUPPORT}`,
  payment: '',
  too_long: `The conversation is too long for this model: start a new chat, or pick a model with a larger context with ${SELECT_MODEL}.`,
  rate_limit: 'The service is rate-limiting requests: wait a moment, then try again.',
  server: `The service had a temporary problem: try again in a moment. ${SUPPORT}`,
  network: 'Could not reach the service: check your connection and the Multi-Model AI base URL setting, then try again.',
  timeout: 'The service took too long to answer: try again in a moment.',
  aborted: 'The request was cancelled.',
  // Retry, not the message sent again: that would be a new request, made and charged anew.
  stream_interrupted: 'The answer was cut off before it finished: Retry asks for the whole answer again.',
  bad_response: `The service sent a reply that could not be read: try again. ${SUPPORT}`,
  config: 'Check the Multi-Model AI settings: the base URL must end with /v1 and an API key must be set.',
};

/** Only a generation (a POST) is made and charged; a lost answer to a read is just a broken connection. */
function answerLost(init: ServiceErrorInit): boolean {
  return (init.kind === 'network' || init.kind === 'timeout') && init.retryCase === 'ambiguous' && init.diagnostics.method === 'POST';
}

const SAME_ANSWER = 'Retry asks the service for that same answer again, so it is not made and charged twice.';
const LOST_ANSWER: Partial<Record<ErrorKind, string>> = {
  network: `The connection broke before the answer arrived: ${SAME_ANSWER}`,
  timeout: `No answer came in time: ${SAME_ANSWER}`,
};

/** Where an image request's failure needs other words than a conversation's. */
const IMAGE_ADVICE: Partial<Record<ErrorKind | 'unsupported_model_endpoint', string>> = {
  too_long: 'The image or the prompt is too large for the service: use a smaller image or a shorter prompt.',
  invalid_request: 'The service could not use the image or the prompt: check that the file is a PNG, JPEG or WebP image, then try again.',
  unsupported_model_endpoint: 'This model does not do this with images: pick another image model.',
  stream_interrupted: 'The images were cut off before they arrived whole: try again.',
};

function adviceFor(init: ServiceErrorInit, lost: boolean): string {
  const { kind, code, partialText } = init;
  let advice = (code !== undefined && kind !== 'stream_interrupted' ? ADVICE_BY_CODE[code] : undefined) ?? ADVICE_BY_KIND[kind];
  if (init.diagnostics.endpoint.includes('/images/')) advice = IMAGE_ADVICE[code === 'unsupported_model_endpoint' ? code : kind] ?? advice;
  if (kind === 'payment') advice = paymentAdvice(code, init.diagnostics.keyPrefix);
  if (kind === 'rate_limit' && init.retryAfterMs !== undefined) advice = rateLimitAdvice(init.retryAfterMs);
  if (lost) advice = LOST_ANSWER[kind] ?? advice;
  if (kind === 'invalid_request' && advice === ADVICE_BY_KIND.invalid_request) advice = refusalAdvice(init.status, code, init.requestId);
  if (partialText) advice += ' The part of the answer that arrived is kept.';
  return advice;
}

/** Limits 2 and 4: which key, what ran out, and where to act. Sending again changes nothing until then. */
function paymentAdvice(code: string | undefined, keyPrefix: string): string {
  const cabinet = 'in the management cabinet, then try again';
  if (code !== undefined && SPEND_LIMIT_CODE.test(code)) return `The spend limit of key ${keyPrefix} is reached: raise the key's limit ${cabinet}.`;
  if (code === undefined || /balance|credit|funds|payment/i.test(code)) return `The prepaid balance is exhausted (key ${keyPrefix}): top up the balance ${cabinet}.`;
  return `The balance or the spend limit of key ${keyPrefix} is exhausted: top up the balance or raise the key's limit ${cabinet}.`;
}

/** A window beyond what the client waits out is said with the time it ends. */
function rateLimitAdvice(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (retryAfterMs <= MAX_RETRY_AFTER_MS) return `The service is rate-limiting requests: wait ${seconds} s, then try again.`;
  const at = new Date(Date.now() + seconds * 1000);
  const time = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  return `The service is rate-limiting requests for ${Math.ceil(seconds / 60)} min: try again at ${time}.`;
}

/** Errors 4: a refusal the client has no specific advice for says only what is certain. */
function refusalAdvice(status: number | undefined, code: string | undefined, requestId: string | undefined): string {
  const quote = requestId ? `quote request id ${requestId} to support` : 'copy the diagnostics into a support message';
  if (status === 422) return `The service refused the request as invalid (HTTP 422${code ? `, ${code}` : ''}): if it keeps happening, ${quote}.`;
  const what = [status === undefined ? undefined : `HTTP ${status}`, code].filter(Boolean).join(', ');
  return `The service refused the request${what ? ` (${what})` : ''}: if it keeps happening, ${quote}.`;
}
