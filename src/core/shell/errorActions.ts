// Turns a failed request into what the person can do about it (DESIGN: user-facing text
// explains the action; the raw status, code and request id go to the log).
import type { ServiceError } from '../client/serviceError';

export type ErrorAction = 'setApiKey' | 'selectModel' | 'openSettings' | 'showLog';

export const ERROR_ACTION_LABELS: Record<ErrorAction, string> = {
  setApiKey: 'Set API Key',
  selectModel: 'Select Model',
  openSettings: 'Open Settings',
  showLog: 'Show Log',
};

export function actionsFor(kind: ServiceError['kind']): ErrorAction[] {
  switch (kind) {
    case 'auth':
      return ['setApiKey', 'showLog'];
    case 'forbidden':
    case 'not_found':
      return ['selectModel', 'showLog'];
    case 'config':
      return ['openSettings', 'showLog'];
    default:
      return ['showLog'];
  }
}

/** "<what failed>: <what to do>", never the service's own message. */
export function failureMessage(what: string, error: Pick<ServiceError, 'userMessage'>): string {
  return `${what}: ${error.userMessage}`;
}
