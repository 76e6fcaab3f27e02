// One refactoring request: streams the reply, keeps the proposed document up to date (at
// most one update per interval) and ends in an outcome. It never touches the document: the
// editor side applies a `done` proposal only when the person accepts it.
import { buildChatRequest } from '../client/chatRequest';
import { DeltaBatcher } from '../reply/deltaBatcher';
import { buildRefactorMessages } from '../prompts/refactorPrompt';
import type { ModelEntry } from '../client/schemas';
import type { ServiceClient } from '../client/serviceClient';
import { ServiceError } from '../client/serviceError';
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
}

export interface RefactorConnection {
  client: Pick<ServiceClient, 'streamChatCompletion'>;
  model: ModelEntry;
  maxTokens?: number;
}

/**
 * done: complete code, ready to accept; cancelled: the person stopped it; failed: no usable
 * reply (error says why, or none for a reply without code); interrupted: the stream broke
 * after partial output, which is shown but never applied.
 */
export type RefactorOutcome =
  | { status: 'done'; code: string; document: string }
  | { status: 'cancelled' }
  | { status: 'failed'; error?: unknown }
  | { status: 'interrupted'; error: unknown; document: string };

export const NO_CODE_MESSAGE = 'The model answered without any code: try again, or word the instruction differently.';

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

  async start(connection: RefactorConnection, signal: AbortSignal): Promise<RefactorOutcome> {
    const { target } = this.request;
    const messages = buildRefactorMessages({
      code: selectedText(target),
      languageId: target.languageId,
      path: this.request.path,
      startLine: this.request.startLine,
      endLine: this.request.endLine,
      instruction: this.request.instruction,
    });
    const request = buildChatRequest(connection.model, messages, { maxTokens: connection.maxTokens });
    const batcher = new DeltaBatcher(() => this.onProposal(this.proposal()), this.intervalMs);
    try {
      for await (const event of connection.client.streamChatCompletion(request, { signal })) {
        if (event.type === 'delta') {
          this.reply += event.text;
          batcher.push(event.text);
        }
      }
    } catch (error) {
      batcher.flush();
      if (signal.aborted || (error instanceof ServiceError && error.kind === 'aborted')) return { status: 'cancelled' };
      if (this.reply.trim() === '') return { status: 'failed', error };
      return { status: 'interrupted', error, document: this.proposal() };
    }
    batcher.flush();
    if (signal.aborted) return { status: 'cancelled' };
    const code = extractCode(this.reply, target.languageId, true);
    if (!code || code.trim() === '') return { status: 'failed' };
    const fitted = fitCode(code, selectedText(target));
    const document = proposedDocument(target, fitted);
    this.onProposal(document);
    return { status: 'done', code: fitted, document };
  }
}
