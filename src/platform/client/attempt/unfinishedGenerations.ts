// Spec, Errors 2: a generation that failed after the service may have made (and charged) it (a
// reply lost on the way, a timeout, a stream cut after part of the answer) keeps its client
// request id. The same request sent again (a person's Retry, VS Code asking again) carries that
// id, so the service gives the answer it made instead of making and charging a second one.
// Kept per client, so per key and address; a request that then succeeds, or differs by one
// byte, is a new generation. Requests are known by a digest of their bytes: a long
// conversation's body is not kept, and nothing is hashed while no generation is unfinished.
import { createHash } from 'node:crypto';

/** How long an id is offered again: the emulator's window (its README); a service that forgot it answers anew. */
const WINDOW_MS = 10 * 60_000;
/** A person retries the last few failures, not hundreds. */
const MAX_KEPT = 32;

export class UnfinishedGenerations {
  private readonly ids = new Map<string, { clientRequestId: string; at: number }>();

  /**
   * The id to send again for this request, if an earlier one like it is unfinished. Taken, not
   * read: once sent again it is remembered only if that fails too, so a later Regenerate of an
   * answer that arrived is a new generation.
   */
  take(request: string, now = Date.now()): string | undefined {
    if (this.ids.size === 0) return undefined;
    const key = digest(request);
    const kept = this.ids.get(key);
    this.ids.delete(key);
    return kept && now - kept.at < WINDOW_MS ? kept.clientRequestId : undefined;
  }

  /** `request`: the request's bytes as text (its path and body, or what stands for them). */
  remember(request: string, clientRequestId: string, now = Date.now()): void {
    const key = digest(request);
    this.ids.delete(key);
    this.ids.set(key, { clientRequestId, at: now });
    // Map order is insertion order: the first key is the oldest.
    if (this.ids.size > MAX_KEPT) this.ids.delete(this.ids.keys().next().value as string);
  }
}

const digest = (request: string): string => createHash('sha256').update(request).digest('base64');
