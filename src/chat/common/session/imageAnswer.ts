// The answer to the image command (`/image <prompt>`): images made and saved by the host, shown from their files.
import * as l10n from '@vscode/l10n';
import { waitReason } from '../../../platform/reply/retryWait';
import { ServiceError } from '../../../platform/client/errors/serviceError';
import type { RetryWait } from '../../../platform/client/serviceClient';
import { errorCard } from '../conversation/errorCard';
import type { Answerer } from './answerer';

export const imageAnswer: Answerer = async ({ argument, reply, signal, show }, deps) => {
  try {
    if (!deps.makeImages) throw new Error('images are not available here');
    const onRetry = (wait: RetryWait) => {
      show({ type: 'reply/wait', turnId: reply.id, text: waitReason(wait.kind), seconds: Math.ceil(wait.delayMs / 1000) });
    };
    const made = await deps.makeImages(argument, { signal, onRetry });
    if (!made) {
      reply.status = 'failed';
      reply.error = { message: l10n.t('No image model was picked: send the message again to pick one.'), actions: ['retry'] };
    } else {
      reply.status = 'done';
      reply.model = made.model;
      reply.images = made.files.map((file) => ({ file, label: deps.relativeLabel?.(file) ?? file }));
      if (made.costRub !== undefined) reply.costRub = made.costRub;
    }
  } catch (error) {
    reply.status = 'failed';
    if (error instanceof ServiceError && error.kind === 'aborted') {
      reply.error = { message: l10n.t('Stopped before any image arrived.'), actions: ['retry'] };
    } else {
      reply.error = errorCard(error, deps.serviceAddress?.());
      deps.reportFailure?.('The image request failed', error);
    }
  }
};
