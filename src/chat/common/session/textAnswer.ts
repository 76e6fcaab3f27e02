// The answer to a chat or Explain message: the model's text, streamed from the conversation so far.
import * as l10n from '@vscode/l10n';
import { waitReason } from '../../../platform/reply/retryWait';
import { streamReply } from '../../../platform/reply/streamReply';
import { lengthLimitNotice, reachedLengthLimit } from '../../../platform/reply/lengthLimit';
import { displayLocale } from '../../../platform/format/displayLanguage';
import { formatInteger } from '../../../platform/format/localeFormat';
import { TurnUsageSchema } from '../conversation/conversation';
import { errorCard } from '../conversation/errorCard';
import { requestMessages, withoutImages } from './requestMessages';
import { noImagesMessage, takesImages } from '../attachments/attachments';
import { SetupError } from '../../../platform/reply/modelConnection';
import { readAttachment } from '../history/attachmentFiles';
import type { ImageInput } from '../../../platform/client/transports/textRequest';
import type { Turn, UserTurn } from '../conversation/conversation';
import type { Answerer } from './answerer';

/** The bytes of every image attached to `turns`, by stored file; one that went away is absent. */
async function attachedImages(turns: readonly Turn[]): Promise<Map<string, ImageInput>> {
  const images = new Map<string, ImageInput>();
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    for (const item of turn.context) {
      if (item.kind !== 'image' || !item.file || !item.mimeType || images.has(item.file)) continue;
      const bytes = await readAttachment(item.file);
      if (bytes) images.set(item.file, { mimeType: item.mimeType, data: Buffer.from(bytes).toString('base64') });
    }
  }
  return images;
}

const hasImages = (turn: UserTurn): boolean => turn.context.some((item) => item.kind === 'image');

export const textAnswer: Answerer = async ({ asked, ask, reply, signal, show, anyway }, deps) => {
  const [instructions, images] = await Promise.all([deps.instructions?.().catch(() => undefined), attachedImages(asked)]);
  const messages = requestMessages(asked, { instructions, images });
  // A model that does not take images is refused for this message's images, and not sent those of earlier ones.
  const connection = deps.connect().then((guarded) => {
    const connected = anyway ? { ...guarded, admit: undefined } : guarded;
    if (takesImages(connected.model)) return connected;
    if (hasImages(ask)) throw new SetupError(noImagesMessage(connected.model.id), ['selectModel'], `${connected.model.id} does not take images`);
    messages.splice(0, messages.length, ...withoutImages(messages));
    return connected;
  });
  const outcome = await streamReply(
    { connection, messages, signal, includeUsage: true },
    {
      // A fallback model (the chosen one down): the turn says whom it stands in for, and why.
      onModel: (model, fellBack) => {
        reply.model = model.id;
        if (fellBack) reply.fallback = { from: fellBack.from, status: fellBack.status };
        else delete reply.fallback;
        show({ type: 'reply/model', turnId: reply.id, model: model.id, ...(reply.fallback && { fallback: reply.fallback }) });
      },
      onReasoning: (text) => {
        reply.reasoning = (reply.reasoning ?? '') + text;
        show({ type: 'reply/reasoning', turnId: reply.id, text });
      },
      onTrimmed: (dropped, contextLength) => {
        reply.notice = trimNotice(dropped, reply.model, contextLength);
        show({ type: 'reply/notice', turnId: reply.id, text: reply.notice });
      },
      onWait: (wait) => {
        show({ type: 'reply/wait', turnId: reply.id, text: waitReason(wait.kind), seconds: Math.ceil(wait.delayMs / 1000) });
      },
      onDelta: (text) => {
        reply.text += text;
        show({ type: 'reply/delta', turnId: reply.id, text });
      },
      intervalMs: deps.deltaIntervalMs,
    },
  );
  switch (outcome.status) {
    case 'done':
      reply.status = 'done';
      if (reachedLengthLimit(outcome)) {
        reply.notice = [reply.notice, lengthLimitNotice()].filter(Boolean).join(' ');
        reply.noticeActions = ['openMaxTokensSetting'];
        show({ type: 'reply/notice', turnId: reply.id, text: reply.notice, actions: reply.noticeActions });
      }
      if (outcome.usage) reply.usage = TurnUsageSchema().parse(outcome.usage);
      if (outcome.costRub !== undefined) reply.costRub = outcome.costRub;
      if (outcome.savedRub !== undefined) reply.savedRub = outcome.savedRub;
      break;
    case 'stopped':
      reply.status = reply.text ? 'stopped' : 'failed';
      if (!reply.text) reply.error = { message: l10n.t('Stopped before any answer arrived.'), actions: ['retry'] };
      break;
    case 'interrupted':
    case 'failed':
      reply.status = outcome.status;
      reply.error = errorCard(outcome.error, deps.serviceAddress?.());
      deps.reportFailure?.(outcome.status === 'interrupted' ? 'The answer was cut off' : 'The chat request failed', outcome.error);
      break;
  }
};

/** Limits 3: the person is told when their oldest messages were not sent. */
export function trimNotice(dropped: number, model: string | undefined, contextLength: number): string {
  const locale = displayLocale();
  const tokens = formatInteger(contextLength, locale);
  if (dropped === 1) {
    return model === undefined
      ? l10n.t('The oldest message was left out: the conversation is longer than this model reads ({0} tokens).', tokens)
      : l10n.t('The oldest message was left out: the conversation is longer than {0} reads ({1} tokens).', model, tokens);
  }
  const count = formatInteger(dropped, locale);
  return model === undefined
    ? l10n.t('The {0} oldest messages were left out: the conversation is longer than this model reads ({1} tokens).', count, tokens)
    : l10n.t('The {0} oldest messages were left out: the conversation is longer than {1} reads ({2} tokens).', count, model, tokens);
}
