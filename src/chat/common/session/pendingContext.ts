// What the next chat message carries: the chips of code, files and images the person attached,
// refused when they would make the message too large, and looked at again as it is sent (files
// read again, images still there and for a model that takes them).
import * as l10n from '@vscode/l10n';
import type { ModelConnection } from '../../../platform/reply/modelConnection';
import { contextTooLarge } from '../attachments/contextBlock';
import { attachmentLimit, noImagesMessage, takesImages, type Attached } from '../attachments/attachments';
import { isMention, type ContextItem } from '../conversation/conversation';
import { readAttachment } from '../history/attachmentFiles';

export type Checked = { ok: true; items: ContextItem[] } | { ok: false; message: string };

export interface PendingContextDeps {
  /** Resolves the client and model (a failure is left to the answer's card). */
  connect(): Promise<ModelConnection>;
  /** A file attached by its address, or a mention, read again as the message is sent: the text now, or why it cannot be sent. */
  rereadFile?(item: ContextItem): Promise<Attached>;
  /** Characters of code a message may carry to the chosen model (codeBudget); MAX_CONTEXT_CHARS without it. */
  codeBudget?(): number;
  /** A chip gone unsent: its image's file goes unless something still uses it. */
  discardImage(file: string): void;
}

export class PendingContext {
  private items: ContextItem[] = [];

  constructor(private readonly deps: PendingContextDeps) {}

  get current(): readonly ContextItem[] {
    return this.items;
  }

  /** Adds code, a file or an image; refuses what would make the message too large. */
  add(item: ContextItem): { ok: true } | { ok: false; message: string } {
    const next = [...this.items.filter((c) => !sameRange(c, item)), item];
    const tooLarge = contextTooLarge(next, this.deps.codeBudget?.()) ?? attachmentLimit(next);
    if (tooLarge) return { ok: false, message: tooLarge };
    this.items = next;
    return { ok: true };
  }

  remove(id: string): void {
    const removed = this.items.filter((c) => c.id === id);
    this.items = this.items.filter((c) => c.id !== id);
    this.discard(removed);
  }

  /** Empties the chips as their message is sent: their images go with it. */
  take(): void {
    this.items = [];
  }

  /** Empties the chips unsent (a new conversation): their images' files go unless something still uses them. */
  clear(): void {
    const unsent = this.items;
    this.items = [];
    this.discard(unsent);
  }

  /** Whether the chips are looked at again as they are sent: only files, mentions and images are. */
  get needsCheck(): boolean {
    return this.items.some((item) => item.kind === 'image' || isMention(item.kind) || item.uri !== undefined);
  }

  /**
   * The chips as they are sent: files read again, images still there and for a model that
   * takes them; or why the message cannot go (the chips stay, and the typed text).
   */
  async check(): Promise<Checked> {
    const items = this.items;
    const sent: ContextItem[] = [];
    for (const item of items) {
      if (item.kind === 'image') {
        if (!item.file || !(await readAttachment(item.file)))
          return { ok: false, message: l10n.t('The image {0} is no longer there: remove its chip, attach it again, and send.', item.path) };
        sent.push(item);
      } else if ((item.uri !== undefined || isMention(item.kind)) && this.deps.rereadFile) {
        const read = await this.deps.rereadFile(item);
        if (!read.ok) return read;
        sent.push({ ...read.item, id: item.id });
      } else sent.push(item);
    }
    if (sent.some((item) => item.kind === 'image')) {
      const model = await this.deps.connect().then(
        (connection) => connection.model,
        () => undefined,
      );
      // A connection that fails now fails on the answer's card, with what fixes it.
      if (model && !takesImages(model)) return { ok: false, message: noImagesMessage(model.id) };
    }
    return { ok: true, items: sent };
  }

  private discard(items: readonly ContextItem[]): void {
    for (const item of items) if (item.kind === 'image' && item.file !== undefined) this.deps.discardImage(item.file);
  }
}

/** The same code, file or image attached again (two pasted images may share a name, never their stored copy). */
function sameRange(a: ContextItem, b: ContextItem): boolean {
  if (a.kind === 'image' || b.kind === 'image') return a.file !== undefined && a.file === b.file;
  return a.path === b.path && a.kind === b.kind && a.startLine === b.startLine && a.endLine === b.endLine;
}
