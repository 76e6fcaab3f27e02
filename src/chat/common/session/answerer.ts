// What every kind of chat answer is given: the turns it answers, the reply turn to fill in,
// and a way to show its progress. The chat picks the answerer by the asking turn's mode.
import type { ModelConnection } from '../../../platform/reply/modelConnection';
import type { RetryWait } from '../../../platform/client/serviceClient';
import type { ImageJobResult } from '../../../images/index';
import type { AssistantTurn, Turn, UserTurn } from '../conversation/conversation';
import type { ToPageInput } from '../protocol/protocol';
import type { ProjectInstructions } from '../../../platform/instructions/projectInstructions';

/** What the answerers need from the host. */
export interface AnswerDeps {
  /** Resolves the client and the model (the chosen one, or `modelId`), or throws a SetupError / ServiceError saying what to fix. */
  connect(modelId?: string): Promise<ModelConnection>;
  /** Records a failure for the log and Copy Diagnostics (the card is built here). */
  reportFailure?(what: string, error: unknown): void;
  /** The service address requests go to, for a card saying it did not answer. */
  serviceAddress?(): string | undefined;
  deltaIntervalMs?: number;
  /**
   * The image command: makes and saves the images (undefined when the person dismissed the
   * model pick); throws what went wrong. Absent: the chat cannot make images.
   */
  makeImages?(prompt: string, options: { signal: AbortSignal; onRetry(wait: RetryWait): void }): Promise<ImageJobResult | undefined>;
  /** The workspace-relative label of a saved file. */
  relativeLabel?(file: string): string;
  /** The project's instructions for a text answer (none in an untrusted workspace). */
  instructions?(): Promise<ProjectInstructions | undefined>;
}

export interface AnswerJob {
  /** The conversation's turns before the reply (an interrupted answer kept in view may follow the turn answered). */
  asked: Turn[];
  /** The turn answered. */
  ask: UserTurn;
  /** What it asks: for a slash command, what follows the command's name; else its text. */
  argument: string;
  /** The answer, streaming: the answerer sets its text, status and the rest; the chat stores and ends it. */
  reply: AssistantTurn;
  signal: AbortSignal;
  /** Sent without the spend guard: the person pressed Send Anyway (or Send) on its card. */
  anyway?: boolean;
  /** Shows a change of the reply on the pages while its conversation is the one shown. */
  show(message: ToPageInput): void;
}

/** Fills in `job.reply` and resolves when the answer has ended; never throws (a failure is the reply's error card). */
export type Answerer = (job: AnswerJob, deps: AnswerDeps) => Promise<void>;
