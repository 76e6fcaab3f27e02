// Turns a failure of a chat request into the inline card: what to do, the buttons that do
// it, the request id to quote. The raw service message never reaches the page.
import * as l10n from '@vscode/l10n';
import { ServiceError } from '../../../platform/client/errors/serviceError';
import { SetupError } from '../../../platform/reply/modelConnection';
import { SpendStop } from '../../../platform/reply/spendStop';
import { ImageInputError } from '../../../platform/client/images/imageInputError';
import { actionsFor } from '../../../platform/actions/actions';
import type { ErrorCard } from './conversation';

/** What a person reads when nothing answered at the service address: the address, and what to check. */
export function unreachableMessage(baseUrl: string): string {
  return l10n.t('Could not reach the service at {0}: check the address and your connection, then try again.', baseUrl);
}

/** The failure's advice; a service that could not be reached is named by the address tried (`baseUrl`). */
function cardAdvice(error: ServiceError, baseUrl: string | undefined): string {
  return error.kind === 'network' && !error.answerLost && baseUrl ? unreachableMessage(baseUrl) : error.userMessage;
}

export function errorCard(error: unknown, baseUrl?: string): ErrorCard {
  if (error instanceof SetupError) return { message: error.message, actions: [...error.actions, 'retry'] };
  // Held back by the key's budget or the request's price: sent only when the person says so.
  if (error instanceof SpendStop) return { message: error.message, actions: error.reason === 'budget' ? ['sendAnyway', 'changeBudget'] : ['send'] };
  if (error instanceof ImageInputError) return { message: error.message, actions: ['retry'] };
  if (error instanceof ServiceError) {
    const card: ErrorCard = { message: cardAdvice(error, baseUrl), actions: actionsFor(error.kind, error.answerLost) };
    const requestId = error.requestId ?? error.diagnostics.requestId;
    if (requestId) card.requestId = requestId;
    if (error.retryAfterMs !== undefined) card.retryAfterSeconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return card;
  }
  return { message: l10n.t('Something went wrong while asking the model. The log has the details: try again.'), actions: ['retry', 'showLog'] };
}
