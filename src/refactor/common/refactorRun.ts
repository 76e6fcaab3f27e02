// One refactoring request: streams the reply, keeps the proposed document up to date (at
// most one update per interval) and ends in an outcome. It never touches the document: the
// editor side applies a `done` proposal only when the person accepts it.
import * as l10n from '@vscode/l10n';
import { buildRefactorMessages } from './refactorPrompt';
import type { ProjectInstructions } from '../../platform/instructions/projectInstructions';
import { SetupError, type ModelConnection } from '../../platform/reply/modelConnection';
import { codeCutOffMessage, reachedLengthLimit } from '../../platform/reply/lengthLimit';
import type { RetryWait } from '../../platform/client/serviceClient';
import { streamReply } from '../../platform/reply/streamReply';
import type { RequestPrice } from '../../platform/reply/requestPrice';
import type { FellBack } from '../../platform/reply/fallbackNote';
import { extractCode } from './extractCode';
import { fitCode } from './fitCode';
import { proposedDocument, selectedText, type RefactorTarget } from './refactorTarget';

/** The proposal is redrawn at most this often while the reply streams. */
export const PROPOSAL_INTERVAL_MS = 50;

export interface RefactorRequest {
  target: RefactorTarget;
  instruction: string;
  /** Workspace-relative path, for the prompt. */
  path: string;
  startLine: number;
  endLine: number;
  /** The project's instructions (AGENTS.md), in a trusted workspace. */
  instructions?: ProjectInstructions;
}

/**
 * done: complete code, ready to accept; stopped: the person stopped it; failed: no usable
 * reply (error says why, or none for a reply without code); interrupted: the stream broke
 * after partial output, or the answer stopped at its token limit: shown, never applied.
 * `fellBack`: another model than the chosen one wrote the code (multiModelAI.fallback).
 */
export type RefactorOutcome =
  | { status: 'done'; code: string; document: string; fellBack?: FellBack }
  | { status: 'stopped' }
  | { status: 'failed'; error?: unknown }
  | { status: 'interrupted'; error: unknown; document: string };

export const noCodeMessage = (): string => l10n.t('The model answered without any code: try again, or word the instruction differently.');

export class RefactorRun {
  private reply = '';

  constructor(
    private readonly request: RefactorRequest,
    private readonly onProposal: (document: string) => void,
    private readonly intervalMs = PROPOSAL_INTERVAL_MS,
  ) {}

  /** The proposed document for the reply so far (the original until code starts arriving). */
  proposal(complete = false): string {
    const { target } = this.request;
    const code = extractCode(this.reply, target.languageId, complete);
    return code === undefined ? target.documentText : proposedDocument(target, fitCode(code, selectedText(target)));
  }

  /**
   * `onWait`: nothing arrives yet because the client waits before trying again; `onPrice`: the
   * request's price as it goes; `onFallback`: the chosen model is down and another is asked.
   */
  async start(
    connection: ModelConnection,
    signal: AbortSignal,
    onWait?: (wait: RetryWait) => void,
    onPrice?: (price: RequestPrice) => void,
    onFallback?: (fellBack: FellBack) => void,
  ): Promise<RefactorOutcome> {
    const { target } = this.request;
    const messages = buildRefactorMessages({
      code: selectedText(target),
      languageId: target.languageId,
      path: this.request.path,
      startLine: this.request.startLine,
      endLine: this.request.endLine,
      instruction: this.request.instruction,
      instructions: this.request.instructions,
    });
    const outcome = await streamReply(
      // Usage is asked for as in the chat, so the refactoring's cost is counted too.
      { connection: Promise.resolve(connection), messages, signal, includeUsage: true },
      {
        onDelta: (text) => {
          this.reply += text;
          this.onProposal(this.proposal());
        },
        intervalMs: this.intervalMs,
        onWait,
        onPrice,
        onModel: (_model, fellBack) => fellBack && onFallback?.(fellBack),
      },
    );
    switch (outcome.status) {
      case 'stopped':
        return { status: 'stopped' };
      case 'failed':
        return { status: 'failed', error: outcome.error };
      case 'interrupted':
        return { status: 'interrupted', error: outcome.error, document: this.proposal() };
      case 'done': {
        if (reachedLengthLimit(outcome))
          return {
            status: 'interrupted',
            error: new SetupError(codeCutOffMessage(), ['openMaxTokensSetting'], 'The answer stopped at its length limit before the code was complete'),
            document: this.proposal(),
          };
        const code = extractCode(outcome.text, target.languageId, true);
        if (!code || code.trim() === '') return { status: 'failed' };
        const fitted = fitCode(code, selectedText(target));
        const document = proposedDocument(target, fitted);
        this.onProposal(document);
        return { status: 'done', code: fitted, document, ...(outcome.fellBack && { fellBack: outcome.fellBack }) };
      }
    }
  }
}
