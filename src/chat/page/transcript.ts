// The conversation as shown: turns in order, the streaming answer growing in place, with
// the code-block actions, the link interception and the scroll following of their own files.
import * as l10n from '@vscode/l10n';
import type { AssistantTurn, Fallback } from '../common/conversation/conversation';
import type { AnswerTab, ConversationView, SlashCommandView, TurnView } from '../common/protocol/protocol';
import type { Sanitizer } from './markdown/index';
import { el } from '../../platform/page/dom';
import type { HostBridge } from './hostBridge';
import { addCodeBlockActions } from './codeBlockActions';
import { interceptLinks } from './linkInterception';
import { ScrollFollower } from './scrollFollower';
import { Countdown } from '../../platform/reply/retryWait';
import { answering, TurnRenderer, type TurnElements } from './turnView';
import { PendingTurns } from './pendingTurns';
import { answerTabs, fillAnswerPanel, relabelTab } from './answerTabs';
import type { Action } from '../../platform/actions/actions';

/** The latest turns whose answers are rendered at once when a conversation opens, at the least. */
const EAGER_TURNS = 2;
/** The card's buttons that ask for the last answer again: Retry, and Send Anyway or Send after a budget or a price held it back. */
const AGAIN_BUTTONS = ['retry', 'sendAnyway', 'send'].map((action) => `.error-card [data-action="${action}"]`).join(', ');

export class Transcript {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly empty: HTMLElement;
  /** The empty chat's hint: it names commands by their titles, which arrive with session/init. */
  private readonly hint = el('p');
  private readonly turns = new Map<string, TurnElements>();
  private readonly renderer: TurnRenderer;
  private readonly pending: PendingTurns;
  /** The turns the page asks for after painting an opened conversation's latest ones (FIRST_TURNS). */
  private earlier?: { id: string; before: string };
  private busy = false;
  /** The conversation shown, and the answers of it whose text the page asked for (answer tabs opened). */
  private shown?: { id: string; asked: Set<string> };
  private readonly scroll: ScrollFollower;
  /** The countdown shown in an answer's "Answering…" line while the client waits to try again. */
  private waitLabel?: HTMLElement;
  private readonly countdown = new Countdown((line) => {
    if (this.waitLabel) this.waitLabel.textContent = line;
  });

  /** Words the empty chat's hint with the commands' titles in the display language, and a sentence for each slash command. */
  nameCommands(titles: { explainSelection: string; addSelectionToChat: string }, slashCommands: readonly SlashCommandView[]): void {
    const ask = l10n.t('Type a question below, or select code in an editor and run "{0}" or "{1}".', titles.explainSelection, titles.addSelectionToChat);
    this.hint.textContent = [ask, ...slashCommands.map((command) => command.description)].join(' ');
  }

  constructor(
    private readonly bridge: HostBridge,
    sanitizer: Sanitizer,
    onEdit: (turnId: string, text: string) => void,
    private readonly announce: (text: string) => void,
  ) {
    // Following the end in the frame an answer grows, after its DOM write: also through a
    // backlog shown after the reply ended, when no more deltas come.
    this.renderer = new TurnRenderer(bridge, sanitizer, onEdit, () => this.scroll.follow());
    this.list = el('div', {
      class: 'turns',
      attrs: { role: 'log', 'aria-label': l10n.t('Conversation'), 'aria-live': 'polite', 'aria-relevant': 'additions' },
    });
    this.empty = el('div', { class: 'empty-state' }, el('h2', { text: l10n.t('Ask about your code') }), this.hint);
    this.element = el('div', { class: 'transcript' }, this.empty, this.list);
    this.pending = new PendingTurns(
      this.element,
      (turn, placeholder) => {
        placeholder.replaceWith(this.rendered(turn));
        this.refresh();
      },
      (model) => this.renderer.answerHead(model),
    );
    this.scroll = new ScrollFollower(this.element);
    interceptLinks(this.element, bridge);
    addCodeBlockActions(this.list, {
      codeOf: (turnId, index) => this.turns.get(turnId)?.stream?.code(index),
      post: (message) => bridge.post(message),
      announce,
    });
  }

  /**
   * Shows a conversation as the host sends it first, its latest turns: its questions and its
   * latest answers rendered (at least the last two turns, and all from the last message on),
   * older answers as placeholders rendered as they come into view (pendingTurns.ts). The turns
   * before these (a long history's, most of a megabyte) are asked for once these are painted.
   */
  show(conversation: ConversationView, busy: boolean): void {
    this.stopWaiting();
    this.turns.clear();
    this.pending.clear();
    this.shown = { id: conversation.id, asked: new Set() };
    const { turns } = conversation;
    let firstRendered = Math.max(0, turns.length - EAGER_TURNS);
    while (firstRendered > 0 && !turns.slice(firstRendered).some((turn) => turn.role === 'user')) firstRendered--;
    this.list.replaceChildren(...turns.map((turn, index) => this.opened(turn, index < firstRendered)));
    this.busy = busy;
    this.refresh();
    this.scroll.toEnd();
    const earlier = (this.earlier = conversation.earlier > 0 && turns[0] ? { id: conversation.id, before: turns[0].id } : undefined);
    // In the task after the frame that paints them; unless another conversation was shown since.
    if (earlier) requestAnimationFrame(() => setTimeout(() => this.earlier === earlier && this.bridge.post({ type: 'conversation/earlier', ...earlier })));
  }

  /**
   * Adds the turns the host sent before the first one shown, in one write (answers as
   * placeholders), if they are the ones asked for; says whether they were.
   */
  prependEarlier(id: string, before: string, turns: TurnView[]): boolean {
    if (this.earlier?.id !== id || this.earlier.before !== before) return false;
    this.earlier = undefined;
    this.list.prepend(...turns.map((turn) => this.opened(turn, true)));
    this.refresh();
    // The view stays on what it showed: the end, or (scrolled up) the browser's scroll anchoring.
    this.scroll.follow();
    return true;
  }

  /** An opened conversation's turn: rendered, or (an older answer) a placeholder. */
  private opened(turn: TurnView, older: boolean): HTMLElement {
    if (older && turn.role === 'assistant') return this.pending.placeholder(turn);
    return this.rendered(turn);
  }

  /** A turn's element: an answer with others to its message is the tabs of them all, each rendered when its text is here. */
  private rendered(turn: TurnView): HTMLElement {
    if (turn.role !== 'assistant' || !turn.answers || turn.answers.length < 2) return this.render(turn);
    const chosen = turn;
    return answerTabs(turn.answers, turn.id, (answer) => (answer.id === chosen.id ? this.render(chosen) : this.renderAnswer(answer)), this.bridge);
  }

  private render(turn: TurnView | AssistantTurn): HTMLElement {
    const parts = this.renderer.render(turn);
    this.turns.set(turn.id, parts);
    return parts.element;
  }

  /** An answer's element, or none while its text is asked of the host (asked once; `showAnswer` renders it). */
  private renderAnswer(answer: AnswerTab): HTMLElement | undefined {
    const { text } = answer;
    if (text !== undefined) return this.render({ ...answer, text });
    const shown = this.shown;
    if (shown && !shown.asked.has(answer.id)) {
      shown.asked.add(answer.id);
      this.bridge.post({ type: 'conversation/answer', id: shown.id, answerId: answer.id });
    }
    return undefined;
  }

  /** Shows in its tab an answer the page asked for, if it is of the conversation shown. */
  showAnswer(id: string, turn: AssistantTurn): void {
    if (this.shown?.id !== id || !fillAnswerPanel(this.list, turn.id, () => this.render(turn))) return;
    this.refresh();
  }

  append(turn: TurnView): void {
    this.list.append(this.rendered(turn));
    if (turn.role === 'assistant' && turn.status === 'streaming') {
      this.setBusy(true);
      this.announce(answering());
    }
    this.refresh();
    this.scroll.toEnd();
  }

  remove(turnId: string): void {
    this.turns.get(turnId)?.element.remove();
    this.turns.delete(turnId);
    const placeholder = this.pending.find(turnId);
    if (placeholder) {
      this.pending.forget(placeholder);
      placeholder.remove();
    }
    this.refresh();
  }

  /** Labels a streaming answer with the model it comes from, as it is labelled once stored. */
  setModel(turnId: string, model: string, fallback?: Fallback): void {
    const parts = this.turns.get(turnId);
    if (parts) this.renderer.label(parts, model, fallback);
  }

  delta(turnId: string, text: string): void {
    this.stopWaiting();
    const parts = this.turns.get(turnId);
    parts?.thinking?.fold();
    parts?.element.removeAttribute('aria-busy');
    parts?.stream?.append(text);
  }

  /** Counts down, in the answer's "Answering…" line, the wait before the client tries again. */
  wait(turnId: string, reason: string, seconds: number): void {
    const label = this.turns.get(turnId)?.element.querySelector<HTMLElement>('.typing span:last-child');
    if (!label) return;
    this.stopWaiting();
    this.waitLabel = label;
    this.countdown.start(reason, seconds);
    this.announce(label.textContent ?? '');
  }

  /** The model's reasoning as it arrives, in the answer's Thinking section. */
  reasoning(turnId: string, text: string): void {
    this.stopWaiting();
    const parts = this.turns.get(turnId);
    if (!parts) return;
    this.renderer.thinking(parts, '', true).append(text);
    // Reasoning is written as it arrives, outside the stream view's frames: followed once a frame.
    this.scroll.followInNextFrame();
  }

  notice(turnId: string, text: string, actions?: readonly Action[]): void {
    const parts = this.turns.get(turnId);
    if (parts) this.renderer.notice(parts.element, text, actions);
  }

  private stopWaiting(): void {
    if (!this.countdown.stop() || !this.waitLabel) return;
    this.waitLabel.textContent = answering();
    this.waitLabel = undefined;
  }

  /** `busy`: other answers still stream. */
  end(turn: AssistantTurn, busy: boolean): void {
    this.stopWaiting();
    const parts = this.turns.get(turn.id);
    if (!parts) return;
    parts.element.querySelector('.typing')?.remove();
    this.renderer.finish(parts, turn);
    relabelTab(this.list, turn);
    this.setBusy(busy);
    this.announce(turn.status === 'done' ? l10n.t('Answer complete.') : (turn.error?.message ?? l10n.t('Answer stopped.')));
    this.scroll.toEnd();
  }

  /** What the last answer's error card says, if the conversation ends with one. */
  lastErrorMessage(): string | undefined {
    const last = this.list.lastElementChild;
    if (!last?.classList.contains('turn-assistant')) return undefined;
    return last.querySelector('.error-card .card-message')?.textContent ?? undefined;
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.refresh();
  }

  /**
   * Regenerate and Retry on the last answer only (each acts on the conversation's end: chat/retry
   * names no turn), Edit on every message (a branch from it); none while answering.
   */
  private refresh(): void {
    const last = this.list.lastElementChild as HTMLElement | null;
    // Of a message's answers, the one the conversation goes on from.
    const onPath = (element: Element | null) =>
      element?.classList.contains('turn-answers')
        ? element.querySelector(`.turn-assistant[data-turn-id="${CSS.escape((element as HTMLElement).dataset.turnId ?? '')}"]`)
        : element;
    const lastAnswer = onPath(last);
    const elements = Array.from(this.list.querySelectorAll<HTMLElement>('.turn'));
    for (const element of elements) {
      const edit = element.querySelector<HTMLElement>(':scope > .turn-head .edit');
      if (edit) edit.hidden = this.busy;
      const askOthers = element.querySelector<HTMLElement>('.ask-others');
      if (askOthers) askOthers.hidden = this.busy || (element.closest('.turn-answers') !== null && onPath(element.closest('.turn-answers')) !== element);
      const regenerate = element.querySelector<HTMLElement>('.regenerate');
      if (regenerate) regenerate.hidden = this.busy || element !== lastAnswer || !['done', 'stopped'].includes(element.dataset.status ?? '');
      for (const again of element.querySelectorAll<HTMLElement>(AGAIN_BUTTONS)) again.hidden = this.busy || element !== lastAnswer;
    }
    this.empty.hidden = this.list.children.length > 0;
  }
}
