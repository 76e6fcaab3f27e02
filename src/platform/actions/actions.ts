// The one vocabulary of what a person can do about a failure or a missing setting, with the
// one label table every surface uses (notifications, quick-picks, the chat's error card).
// DESIGN: user-facing text explains the action; the raw status, code and request id go to the log.
import * as l10n from '@vscode/l10n';
import type { ErrorKind } from '../client/errors/errorKind';
import type { ServiceError } from '../client/errors/serviceError';

export const ACTIONS = [
  'retry',
  'sendAnyway',
  'send',
  'discard',
  'useCurrentAddress',
  'setApiKey',
  'replaceKey',
  'useAnotherKey',
  'manageApiKeys',
  'changeBudget',
  'setBaseUrl',
  'selectModel',
  'openSettings',
  'openMaxTokensSetting',
  'openProxySettings',
  'showLog',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Actions that depend on what is shown (the request to send again, the proposal to drop, the address to move to): the caller runs them. */
export const LOCAL_ACTIONS = ['retry', 'sendAnyway', 'send', 'discard', 'useCurrentAddress'] as const satisfies readonly Action[];
export type LocalAction = (typeof LOCAL_ACTIONS)[number];
export const isLocalAction = (action: Action): action is LocalAction => (LOCAL_ACTIONS as readonly Action[]).includes(action);
/** Actions that run a command, whatever failed. */
export type FixAction = Exclude<Action, LocalAction>;

// Getters: each label is worded when read, in the language configured by then, not at load.
export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  get retry() {
    return l10n.t({ message: 'Retry', comment: ['a button after a failure'] });
  },
  get sendAnyway() {
    return l10n.t({ message: 'Send Anyway', comment: ["a button when the key's budget is reached: send this one request all the same"] });
  },
  get send() {
    return l10n.t({ message: 'Send', comment: ['a button that sends a request after its price was shown'] });
  },
  get discard() {
    return l10n.t({ message: 'Discard', comment: ['a button after a failure'] });
  },
  get useCurrentAddress() {
    return l10n.t({ message: 'Use Current Address', comment: ['a button after a failure'] });
  },
  get setApiKey() {
    return l10n.t({ message: 'Set API Key', comment: ['a button after a failure'] });
  },
  get replaceKey() {
    return l10n.t({ message: 'Replace Key', comment: ['a button after a failure: a new secret for the key in use'] });
  },
  get useAnotherKey() {
    return l10n.t({ message: 'Use Another Key', comment: ['a button after a failure: pick another stored key for this project'] });
  },
  get manageApiKeys() {
    return l10n.t({ message: 'Manage API Keys', comment: ['a button after a failure'] });
  },
  get changeBudget() {
    return l10n.t({ message: 'Change Budget', comment: ["a button when the key's budget is reached: set another budget for the key"] });
  },
  get setBaseUrl() {
    return l10n.t({ message: 'Set Service Address', comment: ['a button after a failure'] });
  },
  get selectModel() {
    return l10n.t({ message: 'Select Model', comment: ['a button after a failure'] });
  },
  get openSettings() {
    return l10n.t({ message: 'Open Settings', comment: ['a button after a failure'] });
  },
  get openMaxTokensSetting() {
    return l10n.t({ message: 'Open Max Tokens Setting', comment: ['a button after an answer cut at its length limit'] });
  },
  get openProxySettings() {
    return l10n.t({ message: 'Open Proxy Settings', comment: ['a button after a failure'] });
  },
  get showLog() {
    return l10n.t({ message: 'Show Log', comment: ['a button after a failure'] });
  },
};

/** Failures that the same request, sent again later, can get past: trying again is the first fix offered. */
export const PASSING_FAILURES: ReadonlySet<ErrorKind> = new Set<ErrorKind>([
  'rate_limit',
  'server',
  'network',
  'timeout',
  'stream_interrupted',
  'bad_response',
]);

function fixesFor(kind: ErrorKind, answerLost: boolean): FixAction[] {
  switch (kind) {
    case 'auth':
      // Authentication 6: the key in use was refused; the fix is another secret or another key.
      return ['replaceKey', 'useAnotherKey', 'manageApiKeys', 'showLog'];
    case 'model_unavailable':
    case 'refused':
    case 'too_long':
      return ['selectModel', 'showLog'];
    case 'not_found':
      return ['setBaseUrl', 'showLog'];
    case 'gateway':
      // The gateway's setup, often by the headers in the settings; else another model it serves.
      return ['openSettings', 'selectModel', 'showLog'];
    case 'config':
    case 'certificate':
      return ['openSettings', 'showLog'];
    case 'proxy':
      return ['openProxySettings', 'showLog'];
    case 'network':
      // Nothing answered at the address: it may be the wrong one. An answer lost on the way came from the right one.
      return answerLost ? ['showLog'] : ['setBaseUrl', 'showLog'];
    default:
      return ['showLog'];
  }
}

/**
 * What to offer after a failed request: Retry first when waiting is the fix, else the fix first,
 * then Retry. `answerLost`: a generation whose answer was lost on the way (ServiceError.answerLost).
 */
export function actionsFor(kind: ErrorKind, answerLost = false): Action[] {
  const fixes = fixesFor(kind, answerLost);
  return PASSING_FAILURES.has(kind) ? ['retry', ...fixes] : [...fixes, 'retry'];
}

/** "<what failed>: <what to do>", never the service's own message. */
export function failureMessage(what: string, error: Pick<ServiceError, 'userMessage'>): string {
  return `${what}: ${error.userMessage}`;
}
