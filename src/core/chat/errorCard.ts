// Turns a failure of a chat request into the inline card: what to do, the buttons that do
// it, the request id to quote. The raw service message never reaches the page.
import { ServiceError } from '../client/serviceError';
import { SetupError } from '../reply/modelConnection';
import { actionsFor } from '../shell/actions';
import type { ErrorCard } from './conversation';

export function errorCard(error: unknown): ErrorCard {
  if (error instanceof SetupError) return { message: error.message, actions: [...error.actions, 'retry'] };
  if (error instanceof ServiceError) {
    const card: ErrorCard = { message: error.userMessage, actions: actionsFor(error.kind) };
    const requestId = error.requestId ?? error.diagnostics.requestId;
    if (requestId) card.requestId = requestId;
    if (error.retryAfterMs !== undefined) card.retryAfterSeconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return card;
  }
  return { message: 'Something went wrong while asking the model. The log has the details: try again.', actions: ['retry', 'showLog'] };
}
