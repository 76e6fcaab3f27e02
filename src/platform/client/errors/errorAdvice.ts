// What the person can do about a failure, in words: by its public code where one says more, else
// by its kind, refined for images, payment, a rate-limit window, a lost answer and a refusal.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../format/displayLanguage';
import { formatTime, formatInteger, plural } from '../../format/localeFormat';
import { commandTitle } from '../../manifest/commandTitles';
import { Commands } from '../../manifest/ids';
import type { DiagnosticsRecord } from './diagnostics';
import type { ErrorKind } from './errorKind';
import { keyLabel } from '../../keys/keyList';
import { networkAdvice } from './networkAdvice';
import type { NetworkFacts } from '../http/proxyChoice';
import { MAX_RETRY_AFTER_MS } from './retryPolicy';
import type { ContextReport } from './tooLongWording';

/** What the advice is chosen by: the failure's facts and where it happened. */
export interface AdviceFacts {
  kind: ErrorKind;
  status?: number;
  code?: string;
  requestId?: string;
  retryAfterMs?: number;
  partialText?: string;
  diagnostics: Pick<DiagnosticsRecord, 'endpoint' | 'keyPrefix' | 'keyName'> & Partial<Pick<DiagnosticsRecord, 'model'>>;
  /** The key's name in the display language, where it differs from the diagnostics' English. */
  shownKeyName?: string;
  network?: NetworkFacts;
  /** A too-long refusal's numbers. */
  context?: ContextReport;
  /** The gateway whose own configuration refused the request. */
  gateway?: string;
}

const SPEND_LIMIT_CODE = /spend|limit/i;

const selectModel = (): string => commandTitle(Commands.selectModel);
const keyNotAllowed = (key: string): string =>
  l10n.t(
    "Your key {0} is not allowed to do this: check its workspace in the management cabinet, or use another key with '{1}'.",
    key,
    commandTitle(Commands.manageApiKeys),
  );
const invalidKey = (key: string): string =>
  l10n.t(
    "Your API key {0} was rejected (revoked, mistyped or from another workspace): replace it, or use another key with '{1}'.",
    key,
    commandTitle(Commands.manageApiKeys),
  );

/** The key as advice names it: its name and masked prefix (Authentication 3), or the prefix alone. */
function keyOf(facts: AdviceFacts): string {
  const { keyPrefix } = facts.diagnostics;
  const keyName = facts.shownKeyName ?? facts.diagnostics.keyName;
  return keyName === undefined ? keyPrefix : keyLabel({ name: keyName, maskedPrefix: keyPrefix });
}

/** The advice a public code gives, where it says more than the kind. */
function adviceByCode(code: string, facts: AdviceFacts): string | undefined {
  switch (code) {
    case 'invalid_api_key':
      return invalidKey(keyOf(facts));
    case 'permission_error':
    case 'access_denied':
    case 'permission_denied':
      return keyNotAllowed(keyOf(facts));
    case 'model_unavailable':
      return l10n.t("This model is not available to your workspace: pick another with '{0}'.", selectModel());
    case 'model_not_found':
      return l10n.t("This model is no longer offered: pick another with '{0}'.", selectModel());
    case 'unsupported_parameter':
      return l10n.t("This model does not accept one of the request's options: pick another model with '{0}'.", selectModel());
    case 'unsupported_model_endpoint':
      return l10n.t("This model does not produce text: pick a text model with '{0}'.", selectModel());
    case 'doubled_version_path':
      return l10n.t('The base URL holds /v1 twice: set the Multi-Model AI base URL setting to end with a single /v1.');
    default:
      return undefined;
  }
}

/** The advice of a kind, when no code, image or lost answer says more. */
function adviceByKind(facts: AdviceFacts): string {
  switch (facts.kind) {
    case 'auth':
      return invalidKey(keyOf(facts));
    case 'forbidden':
    case 'refused':
      return refusalAdvice(facts);
    case 'not_found':
      return l10n.t('The service does not offer this address: check the Multi-Model AI base URL setting (it must end with /v1).');
    case 'model_unavailable':
      return l10n.t(
        "The service cannot run this model now (no provider serves it, or not with this request's options): pick another with '{0}'.",
        selectModel(),
      );
    case 'invalid_request':
      return invalidAdvice(facts.status, facts.code, facts.requestId);
    case 'payment':
      return paymentAdvice(facts.code, keyOf(facts));
    case 'too_long':
      return tooLongAdvice(facts.context);
    case 'gateway':
      return gatewayAdvice(facts.gateway, facts.diagnostics.model);
    case 'rate_limit':
      return l10n.t('The service is rate-limiting requests: wait a moment, then try again.');
    case 'server':
      return l10n.t('The service had a temporary problem: try again in a moment. If it keeps happening, copy the diagnostics into a support message.');
    case 'network':
    case 'proxy':
    case 'certificate':
      return networkAdvice(facts) ?? l10n.t('Could not reach the service: check your connection and the Multi-Model AI base URL setting, then try again.');
    case 'timeout':
      return l10n.t('The service took too long to answer: try again in a moment.');
    case 'aborted':
      return l10n.t('The request was cancelled.');
    case 'stream_interrupted':
      // Retry, not the message sent again: that would be a new request, made and charged anew.
      return l10n.t('The answer was cut off before it finished: Retry asks for the whole answer again.');
    case 'bad_response':
      return l10n.t('The service sent a reply that could not be read: try again. If it keeps happening, copy the diagnostics into a support message.');
    case 'config':
      return l10n.t('Check the Multi-Model AI settings: the base URL must end with /v1 and an API key must be set.');
  }
}

/** A generation whose answer was lost on the way: Retry asks for that same answer. */
function lostAdvice(kind: ErrorKind): string | undefined {
  if (kind === 'network')
    return l10n.t('The connection broke before the answer arrived: Retry asks the service for that same answer again, so it is not made and charged twice.');
  if (kind === 'timeout') return l10n.t('No answer came in time: Retry asks the service for that same answer again, so it is not made and charged twice.');
  return undefined;
}

/** Where an image request's failure needs other words than a conversation's. */
function imageAdvice(what: ErrorKind | 'unsupported_model_endpoint'): string | undefined {
  switch (what) {
    case 'too_long':
      return l10n.t('The image or the prompt is too large for the service: use a smaller image or a shorter prompt.');
    case 'invalid_request':
      return l10n.t('The service could not use the image or the prompt: check that the file is a PNG, JPEG or WebP image, then try again.');
    case 'unsupported_model_endpoint':
      return l10n.t('This model does not do this with images: pick another image model.');
    case 'stream_interrupted':
      return l10n.t('The images were cut off before they arrived whole: try again.');
    case 'refused':
      return l10n.t("The service's moderation refused this image request: change the prompt or the image, then try again.");
    default:
      return undefined;
  }
}

/** `lost`: a generation sent and its answer lost on the way (ServiceError.answerLost). */
export function adviceFor(facts: AdviceFacts, lost: boolean): string {
  // A numeric code (OpenRouter's) repeats the status: it tells nothing more.
  const init = facts.code !== undefined && /^\d+$/.test(facts.code) ? { ...facts, code: undefined } : facts;
  const advice = chosenAdvice(init, lost);
  return init.partialText ? l10n.t('{0} The part of the answer that arrived is kept.', advice) : advice;
}

/** The first that applies: a lost answer, a rate-limit window, payment, an image's words, the code's, the kind's. */
function chosenAdvice(init: AdviceFacts, lost: boolean): string {
  const { kind, code } = init;
  const lostWords = lost ? lostAdvice(kind) : undefined;
  if (lostWords !== undefined) return lostWords;
  if (kind === 'rate_limit' && init.retryAfterMs !== undefined) return rateLimitAdvice(init.retryAfterMs);
  if (kind === 'payment') return paymentAdvice(code, keyOf(init));
  const imageWords = init.diagnostics.endpoint.includes('/images/') ? imageAdvice(code === 'unsupported_model_endpoint' ? code : kind) : undefined;
  return imageWords ?? (code !== undefined && kind !== 'stream_interrupted' ? adviceByCode(code, init) : undefined) ?? adviceByKind(init);
}

/** Limits 2 and 4: which key, what ran out, and where to act. Sending again changes nothing until then. */
function paymentAdvice(code: string | undefined, keyPrefix: string): string {
  if (code !== undefined && SPEND_LIMIT_CODE.test(code))
    return l10n.t("The spend limit of key {0} is reached: raise the key's limit in the management cabinet, then try again.", keyPrefix);
  if (code === undefined || /balance|credit|funds|payment/i.test(code))
    return l10n.t('The prepaid balance is exhausted (key {0}): top up the balance in the management cabinet, then try again.', keyPrefix);
  return l10n.t(
    "The balance or the spend limit of key {0} is exhausted: top up the balance or raise the key's limit in the management cabinet, then try again.",
    keyPrefix,
  );
}

/** Limits 3: the conversation is longer than the model's context; with the numbers, when the service said them. */
function tooLongAdvice(context: ContextReport | undefined): string {
  const locale = displayLocale();
  const { usedTokens, contextTokens } = context ?? {};
  if (usedTokens !== undefined && contextTokens !== undefined) {
    const used = plural(usedTokens, locale, {
      one: l10n.t({ message: '{0} token', comment: ['plural: one'] }),
      few: l10n.t({ message: '{0} tokens', comment: ['plural: few'] }),
      many: l10n.t({ message: '{0} tokens', comment: ['plural: many'] }),
      other: l10n.t({ message: '{0} tokens', comment: ['plural: other'] }),
    });
    return l10n.t(
      "The conversation is too long for this model ({0}, the model takes {1}): start a new chat, or pick a model with a larger context with '{2}'.",
      used,
      formatInteger(contextTokens, locale),
      selectModel(),
    );
  }
  if (contextTokens !== undefined)
    return l10n.t(
      "The conversation is too long for this model (it takes {0} tokens): start a new chat, or pick a model with a larger context with '{1}'.",
      formatInteger(contextTokens, locale),
      selectModel(),
    );
  return l10n.t("The conversation is too long for this model: start a new chat, or pick a model with a larger context with '{0}'.", selectModel());
}

/** A gateway in front refused by its own configuration: its setup for this model is the fix, not waiting. */
function gatewayAdvice(gateway: string | undefined, model: string | undefined): string {
  if (gateway === undefined)
    return l10n.t(
      'The gateway in front of the service refused the request because of its own setup: check its setup (the provider and route it is given, such as by the headers in multiModelAI.requestHeaders) or ask whoever runs it. Trying again will not help.',
    );
  const name = gateway;
  return model
    ? l10n.t(
        "{0}, the gateway in front of the service, refused the request for {1} because of its own setup: check its setup for this model (the provider and route it is given, such as by the headers in multiModelAI.requestHeaders) or ask whoever runs it, or pick another model with '{2}'. Trying again will not help.",
        name,
        model,
        selectModel(),
      )
    : l10n.t(
        '{0}, the gateway in front of the service, refused the request because of its own setup: check its setup (the provider and route it is given, such as by the headers in multiModelAI.requestHeaders) or ask whoever runs it. Trying again will not help.',
        name,
      );
}

/** A window beyond what the client waits out is said with the time it ends. */
function rateLimitAdvice(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (retryAfterMs <= MAX_RETRY_AFTER_MS) return l10n.t('The service is rate-limiting requests: wait {0} s, then try again.', seconds);
  const at = formatTime(Date.now() + seconds * 1000, displayLocale());
  return l10n.t('The service is rate-limiting requests for {0} min: try again at {1}.', Math.ceil(seconds / 60), at);
}

/** "HTTP 400, some_code": what is certain about a refusal, or empty. */
function statusAndCode(status: number | undefined, code: string | undefined): string {
  return [status === undefined ? undefined : `HTTP ${status}`, code].filter(Boolean).join(', ');
}

/** What to send support: the request id when there is one, else the diagnostics. */
function quoteFor(requestId: string | undefined): string {
  return requestId ? l10n.t('quote request id {0} to support', requestId) : l10n.t('copy the diagnostics into a support message');
}

/** Errors 4: a refusal the client has no specific advice for says only what is certain. */
function invalidAdvice(status: number | undefined, code: string | undefined, requestId: string | undefined): string {
  const what = statusAndCode(status, code);
  const quote = quoteFor(requestId);
  if (status === 422) return l10n.t('The service refused the request as invalid ({0}): if it keeps happening, {1}.', what, quote);
  return what === ''
    ? l10n.t('The service refused the request: if it keeps happening, {0}.', quote)
    : l10n.t('The service refused the request ({0}): if it keeps happening, {1}.', what, quote);
}

/**
 * A refusal of this request, not of the key: its content, when the body says so (a moderation
 * code or metadata), else neutrally, with what the person can try and the request id.
 */
function refusalAdvice({ kind, status, code, requestId }: AdviceFacts): string {
  const quote = quoteFor(requestId);
  if (kind === 'refused') {
    return l10n.t(
      "The service refused this request because of its content (a moderation or guardrail check): rephrase it or leave out the flagged part, or pick another model with '{0}'. If you think it is a mistake, {1}.",
      selectModel(),
      quote,
    );
  }
  const what = statusAndCode(status, code);
  return what === ''
    ? l10n.t('The service refused this request: try again later, or with another model; if it keeps happening, {0}.', quote)
    : l10n.t('The service refused this request ({0}): try again later, or with another model; if it keeps happening, {1}.', what, quote);
}
