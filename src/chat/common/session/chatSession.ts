// The chat controller: one per window, shared by every open chat page (the view and the
// editor panels). It owns the open conversation and the context chips, drives the
// ServiceClient's stream, and tells the pages what changed through `post`. Plain TS: the
// unit tests run it in Node against the emulator.
import * as l10n from '@vscode/l10n';
import type { ToPageInput } from '../protocol/protocol';
import { checkExplainable, explainTitle } from './explainPrompt';
import { titleFrom, UNTITLED, type AssistantTurn, type ContextItem, type Conversation, type UserTurn } from '../conversation/conversation';
import { answererOf, busyMessage, commandTurn, grownNotice, userTurn, type SendResult } from './askedTurns';
import { leavePath, showPath } from '../conversation/conversationTree';
import { answerBeside, askedFor, repliesBeside, streamingReply, timed } from './otherAnswers';
import { deletedElsewhere, markKept, tellKept } from './elsewhereChanges';
import { OpenConversation } from './openConversation';

export class ChatSession extends OpenConversation {
  /** Adds code, a file or an image to the next message; refuses what would make it too large. */
  addContext(item: ContextItem): SendResult {
    const added = this.context.add(item);
    if (added.ok) this.postContext();
    return added;
  }

  removeContext(id: string): void {
    this.context.remove(id);
    this.postContext();
  }

  /** Sends `text` with the pending context; resolves when the reply has ended. */
  async send(text: string): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    if (text.trim() === '') return Promise.resolve({ ok: false, message: l10n.t('Type a message first.') });
    const command = commandTurn(text);
    if (command) return command.ok ? this.ask(command.turn) : command;
    // A message without files or images starts at once: Stop right after Send finds its answer.
    const checked = this.context.needsCheck ? await this.context.check() : { ok: true as const, items: [...this.context.current] };
    if (!checked.ok) return checked;
    if (this.busy) return { ok: false, message: busyMessage() };
    this.context.take();
    this.postContext();
    return this.ask(userTurn(text, 'chat', checked.items));
  }

  /** Explain Selection: a message over one piece of code, answered like any other. */
  async explain(item: ContextItem): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    const check = checkExplainable(item);
    if (!check.ok) return Promise.resolve(check);
    return this.ask(userTurn(explainTitle(item), 'explain', [item]));
  }

  /** Aborts the reply being streamed; its partial text is kept, marked stopped. */
  stop(): void {
    this.streaming.stop();
  }

  /**
   * Asks again for the last user message after a failure. A failed turn (no text) is
   * replaced; an interrupted one stays in view as it was, and the new answer follows it.
   * `anyway`: Send Anyway (or Send) on a card of the key's budget or the request's price.
   */
  async retry(anyway = false): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    const last = this.conversation.turns.at(-1);
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    // Only the last answer is retried (a card of an older one is stale): a new one would be charged.
    if (last?.role === 'assistant' && last.status === 'done')
      return Promise.resolve({ ok: false, message: l10n.t('The last answer is complete: use Regenerate for another one.') });
    if (last?.role === 'assistant' && last.status === 'failed') this.removeTurn(last.id);
    return this.answerLast({ anyway });
  }

  /** Another answer to the last user message, shown in place of the last answer, which stays among its answers. */
  async regenerate(): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    if (this.conversation.turns.at(-1)?.role === 'assistant') leavePath(this.conversation, this.conversation.turns.length - 1);
    return this.answerLast({ chosen: true });
  }

  /**
   * Sends the user message `turnId` again as `text`, keeping its context: a new branch from that
   * point, shown; the old one stays.
   */
  async edit(turnId: string, text: string): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return Promise.resolve({ ok: false, message: busyMessage() });
    const turns = this.conversation.turns;
    const edited = turns.find((t) => t.id === turnId && t.role === 'user');
    if (edited?.role !== 'user') return this.send(text);
    // Edited into (or out of) a slash command, it is asked as what it now says.
    const command = commandTurn(text);
    if (command?.ok === false) return command;
    leavePath(this.conversation, turns.indexOf(edited));
    const turn = command?.turn ?? userTurn(text, 'chat', edited.context);
    turn.chosenAt = turn.createdAt;
    return this.ask(turn, true);
  }

  /** Shows the path through the turn `turnId` (Continue With This Answer, a branch's arrows), chosen at its fork from now on. */
  async choose(turnId: string): Promise<boolean> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy || !showPath(this.conversation, turnId, new Date().toISOString())) return false;
    this.postConversation();
    await this.persistReported(this.conversation);
    return true;
  }

  /** Answers from `models` to the message the answer `answerId` answers, beside it, streaming at once; resolves when all have ended. */
  async askOthers(answerId: string, models: readonly string[]): Promise<SendResult> {
    if (!this.isLoaded) await this.loaded;
    if (this.busy) return { ok: false, message: busyMessage() };
    const conversation = this.conversation;
    const asked = askedFor(conversation, answerId);
    if (!asked) return { ok: false, message: l10n.t('Only an answer to a text message can be asked of another model.') };
    const replies = repliesBeside(conversation, asked.ask, models);
    void this.persist(conversation);
    this.postConversation();
    const show = (message: ToPageInput) => this.conversation === conversation && this.deps.post(message);
    const answer = async (signal: AbortSignal) => {
      const ended = async (reply: AssistantTurn) => void (await this.persistReported(conversation), show({ type: 'reply/end', turn: reply }));
      await answerBeside({ ...asked, replies, signal, show }, this.deps, ended);
      await this.end(conversation, [], signal);
    };
    return this.streaming.start(answer).then(() => ({ ok: true }));
  }

  /** Asks `turn` at the end of the path; a `branch` (an edit) shows the conversation again, with its place among the branches. */
  protected ask(turn: UserTurn, branch = false): Promise<SendResult> {
    if (this.conversation.turns.length === 0 || this.conversation.title === UNTITLED) {
      this.conversation.title = titleFrom(turn.text);
    }
    this.conversation.turns.push(turn);
    if (branch) this.postConversation();
    else this.deps.post({ type: 'turn/append', turn });
    return this.answerLast();
  }

  /**
   * Answers the last user message; a `chosen` answer (Regenerate) is the one shown among the
   * message's answers; `anyway`: past the key's budget, as the person chose.
   */
  protected answerLast({ chosen = false, anyway = false } = {}): Promise<SendResult> {
    if (!this.conversation.turns.some((t) => t.role === 'user')) return Promise.resolve({ ok: false, message: l10n.t('Send a message first.') });
    const reply = streamingReply();
    if (chosen) reply.chosenAt = reply.createdAt;
    const conversation = this.conversation;
    const asked = [...conversation.turns];
    conversation.turns.push(reply);
    conversation.updatedAt = reply.createdAt;
    void this.persist(conversation);
    if (chosen) this.postConversation();
    else this.deps.post({ type: 'turn/append', turn: reply });
    const ask = asked.filter((t) => t.role === 'user').at(-1)!;
    const show = timed(reply, (message: ToPageInput) => {
      if (this.conversation === conversation) this.deps.post(message);
    });
    const { answer: answerer, argument } = answererOf(ask);
    const answer = async (signal: AbortSignal) => {
      await answerer({ asked, ask, argument, reply, signal, show, anyway }, this.deps);
      await this.end(conversation, [reply], signal);
    };
    return this.streaming.start(answer).then(() => ({ ok: true }));
  }

  /** Stores the conversation as its answers end, and shows the end of `replies` (the ones not shown ended yet). */
  protected async end(conversation: Conversation, replies: readonly AssistantTurn[], signal: AbortSignal): Promise<void> {
    const answeredId = conversation.id;
    conversation.updatedAt = new Date().toISOString();
    // Stored before it is shown as ended: an answer the page shows as finished is restored as
    // finished by a reload that follows at once (a save after the end, awaited by nothing a
    // reload waits for, is lost when the window goes first).
    let saved = await this.persistReported(conversation);
    // Another window deleted it while it was answered here: it is kept here as a new one.
    const kept = deletedElsewhere(saved);
    if (kept) {
      markKept(conversation);
      saved = await this.persistReported(conversation);
    }
    this.streaming.end(signal);
    const recheck = this.changedWhileAnswering.delete(answeredId) && !kept;
    if (kept) tellKept(conversation, answeredId, this.deps, (id) => this.delete(id));
    if (this.conversation !== conversation) return;
    for (const reply of replies) this.deps.post({ type: 'reply/end', turn: reply });
    // The page shows it again under its new id (it asks for earlier turns by id).
    if (kept) this.postConversation();
    const stored = saved !== undefined && 'bytes' in saved ? saved : undefined;
    // Another window added to it meanwhile: both windows' turns are kept, and shown here.
    if (stored?.merged) this.adopt(stored.merged);
    // Another window deleted it after this answer was stored: it is left here too, as when idle.
    if (recheck) await this.changedElsewhere(new Set([answeredId]));
    if (this.conversation === conversation && (stored?.bytes ?? 0) > (this.deps.maxConversationBytes ?? Infinity)) {
      this.newConversation();
      this.deps.post(grownNotice(this.deps.maxConversationBytes!));
    }
  }
}
