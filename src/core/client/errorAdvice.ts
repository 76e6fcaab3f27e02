// What the person can do about a failure, in words: by its public code where one says more, else
// by its kind, refined for images, payment, a rate-limit window, a lost answer and a refusal.
import type { DiagnosticsRecord } from './diagnostics';
import type { ErrorKind } from './errorKind';
import { MAX_RETRY_AFTER_MS } from './retryPolicy';

/** What the advice is chosen by: the failure's facts and where it happened. */
export interface AdviceFacts {
  kind: ErrorKind;
  status?: number;
  code?: string;
  requestId?: string;
  retryAfterMs?: number;
  partialText?: string;
  diagnostics: Pick<DiagnosticsRecord, 'endpoint' | 'keyPrefix'>;
}

const SPEND_LIMIT_CODE = /spend|limit/i;

const SET_KEY = "'Multi-Model AI: Set API Key'";
const SELECT_MODEL = "'Multi-Model AI: Select Model'";
const SUPPORT = 'If it keeps happening, copy the diagnostics into a support message.';

const KEY_NOT_ALLOWED = `Your key is not allowed to do this: check its workspace in the management cabinet, or set another key with ${SET_KEY}.`;

const ADVICE_BY_CODE: Record<string, string> = {
  invalid_api_key: `Your API key was rejected (revoked, mistyped or from another workspace). Set a new key with ${SET_KEY}.`,
  permission_error: KEY_NOT_ALLOWED,
  access_denied: KEY_NOT_ALLOWED,
  permission_denied: KEY_NOT_ALLOWED,
  model_unavailable: `This model is not available to your workspace: pick another with ${SELECT_MODEL}.`,
  model_not_found: `This model is no longer offered: pick another with ${SELECT_MODEL}.`,
  unsupported_parameter: `This model does not accept one of the request's options: pick another model with ${SELECT_MODEL}.`,
  unsupported_model_endpoint: `This model does not produce text: pick a text model with ${SELECT_MODEL}.`,
  doubled_version_path: 'The base URL holds /v1 twice: set the Multi-Model AI base URL setting to end with a single /v1.',
};

const ADVICE_BY_KIND: Record<ErrorKind, string> = {
  auth: ADVICE_BY_CODE.invalid_api_key as string,
  // Told by refusalAdvice, with the status and the request id.
  forbidden: '',
  refused: '',
  not_found: 'The service does not offer this address: check the Multi-Model AI base URL setting (it must end with /v1).',
  model_unavailable: `The service cannot run this model now (no provider serves it, or not with this request's options): pick another with ${SELECT_MODEL}.`,
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
  refused: "The service's moderation refused this image request: change the prompt or the image, then try again.",
};

/** `lost`: a generation sent and its answer lost on the way (ServiceError.answerLost). */
export function adviceFor(facts: AdviceFacts, lost: boolean): string {
  // A numeric code (OpenRouter's) repeats the status: it tells nothing more.
  const init = facts.code !== undefined && /^\d+$/.test(facts.code) ? { ...facts, code: undefined } : facts;
  const { kind, code, partialText } = init;
  let advice = (code !== undefined && kind !== 'stream_interrupted' ? ADVICE_BY_CODE[code] : undefined) ?? ADVICE_BY_KIND[kind];
  if (init.diagnostics.endpoint.includes('/images/')) advice = IMAGE_ADVICE[code === 'unsupported_model_endpoint' ? code : kind] ?? advice;
  if (kind === 'payment') advice = paymentAdvice(code, init.diagnostics.keyPrefix);
  if (kind === 'rate_limit' && init.retryAfterMs !== undefined) advice = rateLimitAdvice(init.retryAfterMs);
  if (lost) advice = LOST_ANSWER[kind] ?? advice;
  if (advice === '') advice = refusalAdvice(init);
  if (kind === 'invalid_request' && advice === ADVICE_BY_KIND.invalid_request) advice = invalidAdvice(init.status, code, init.requestId);
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

function quoteFor(requestId: string | undefined): string {
  return requestId ? `quote request id ${requestId} to support` : 'copy the diagnostics into a support message';
}

/** Errors 4: a refusal the client has no specific advice for says only what is certain. */
function invalidAdvice(status: number | undefined, code: string | undefined, requestId: string | undefined): string {
  if (status === 422) return `The service refused the request as invalid (HTTP 422${code ? `, ${code}` : ''}): if it keeps happening, ${quoteFor(requestId)}.`;
  const what = [status === undefined ? undefined : `HTTP ${status}`, code].filter(Boolean).join(', ');
  return `The service refused the request${what ? ` (${what})` : ''}: if it keeps happening, ${quoteFor(requestId)}.`;
}

/**
 * A refusal of this request, not of the key: its content, when the body says so (a moderation
 * code or metadata), else neutrally, with what the person can try and the request id.
 */
function refusalAdvice({ kind, status, code, requestId }: AdviceFacts): string {
  if (kind === 'refused') {
    return `The service refused this request because of its content (a moderation or guardrail check): rephrase it or leave out the flagged part, or pick another model with ${SELECT_MODEL}. If you think it is a mistake, ${quoteFor(requestId)}.`;
  }
  const what = [status === undefined ? undefined : `HTTP ${status}`, code].filter(Boolean).join(', ');
  return `The service refused this request${what ? ` (${what})` : ''}: try again later, or with another model; if it keeps happening, ${quoteFor(requestId)}.`;
}
