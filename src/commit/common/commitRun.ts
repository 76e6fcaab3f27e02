// One commit message request: fits the diff to the model, streams the answer (handing on the
// message so far) and ends in an outcome. It never touches the commit message box: the editor
// side replaces the box's text only with a finished message.
import * as l10n from '@vscode/l10n';
import type { ModelConnection } from '../../platform/reply/modelConnection';
import type { Usage } from '../../platform/client/catalog/schemas';
import type { RetryWait } from '../../platform/client/serviceClient';
import { streamReply } from '../../platform/reply/streamReply';
import type { FellBack } from '../../platform/reply/fallbackNote';
import type { RequestPrice } from '../../platform/reply/requestPrice';
import { boundTokens } from '../../platform/reply/tokenEstimate';
import { buildCommitMessages, commitMessageFrom, type CommitPromptInput } from './commitPrompt';
import { splitDiff } from '../../platform/git/diffFiles';
import { fitDiff } from '../../platform/git/fitDiff';
import { diffBudget } from './diffBudget';

export interface CommitRequest extends CommitPromptInput {
  /** `git diff` of the changes (`--cached` for the staged ones). */
  diff: string;
}

/**
 * done: a message, with what it cost (the place usage is recorded); stopped: the person
 * cancelled; failed: no usable message (error says why, or none for an empty answer).
 * `cutFiles`: files whose diff did not fit the model and were sent by name and size only.
 * `model`: the model that wrote it; `fellBack`: another than the chosen one (multiModelAI.fallback).
 */
export type CommitOutcome =
  | { status: 'done'; message: string; cutFiles: number; model: string; usage?: Usage; costRub?: number; requestId?: string; fellBack?: FellBack }
  | { status: 'stopped' }
  | { status: 'failed'; error?: unknown };

export const emptyMessageError = (): string => l10n.t('The model answered without a commit message: try again, or pick another model.');

export async function writeCommitMessage(
  connection: ModelConnection,
  request: CommitRequest,
  signal: AbortSignal,
  handlers: { onDelta(soFar: string): void; onWait?(wait: RetryWait): void; onPrice?(price: RequestPrice): void; onFallback?(fellBack: FellBack): void },
): Promise<CommitOutcome> {
  const files = splitDiff(request.diff);
  const promptTokens = boundTokens(buildCommitMessages(request, fitDiff(files, 0)));
  const fitted = fitDiff(files, diffBudget(connection.model.context_length, connection.maxTokens, promptTokens));
  let reply = '';
  const outcome = await streamReply(
    { connection: Promise.resolve(connection), messages: buildCommitMessages(request, fitted), signal, includeUsage: true },
    {
      onDelta: (text) => {
        reply += text;
        handlers.onDelta(commitMessageFrom(reply));
      },
      onWait: handlers.onWait,
      onPrice: handlers.onPrice,
      onModel: (_model, fellBack) => fellBack && handlers.onFallback?.(fellBack),
    },
  );
  switch (outcome.status) {
    case 'stopped':
      return { status: 'stopped' };
    case 'failed':
    case 'interrupted':
      // A message cut short is not a message: the box keeps its text.
      return { status: 'failed', error: outcome.error };
    case 'done': {
      const message = commitMessageFrom(outcome.text);
      if (message === '') return { status: 'failed' };
      const { usage, costRub, requestId, fellBack } = outcome;
      return {
        status: 'done',
        message,
        cutFiles: fitted.cutFiles,
        model: fellBack?.to ?? connection.model.id,
        ...(fellBack && { fellBack }),
        ...(usage && { usage }),
        ...(costRub !== undefined && { costRub }),
        ...(requestId && { requestId }),
      };
    }
  }
}
