// The conversation as shown: turns in order, the streaming answer growing in place, and the
// code-block and link actions of rendered answers (buttons the page adds to each toolbar).
import type { AssistantTurn } from '../core/chat/conversation';
import type { ConversationView, TurnView } from '../core/chat/protocol';
import { PAGE_ADDED, type Sanitizer } from './markdown/index';
import { el, iconButton } from './dom';
import type { HostBridge } from './hostBridge';
import { Countdown } from '../core/reply/retryWait';
import { ANSWERING, TurnRenderer, type TurnElements } from './turnView';
import { PendingTurns } from './pendingTurns';

/** The latest turns whose answers are rendered at once when a conversation opens, at the least. */
const EAGER_TURNS = 2;

type CodeAction = 'code/copy' | 'code/insert' | 'code/apply' | 'code/newFile';
const CODE_ACTIONS: [CodeAction, string, string][] = [
  ['code/copy', 'copy', 'Copy'],
  ['code/insert', 'insert', 'Insert at Cursor'],
  ['code/apply', 'diff', 'Apply to Editor (shows a diff first)'],
  ['code/newFile', 'new-file', 'New File with This Code'],
];

export class Transcript {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly turns = new Map<string, TurnElements>();
  private readonly renderer: TurnRenderer;
  private readonly pending: PendingTurns;
  /** The turns the page asks for after painting an opened conversation's latest ones (FIRST_TURNS). */
  private earlier?: { id: string; before: string };
  private busy = false;
  /** Follow the growing answer unless the person scrolled up; read on scroll, not per delta (no forced layout). */
  private followEnd = true;
  private followScheduled = false;
  /** The countdown shown in an answer's "Answering…" line while the client waits to try again. */
  private waitLabel?: HTMLElement;
  private readonly countdown = new Countdown((line) => {
    if (this.waitLabel) this.waitLabel.textContent = line;
  });

  constructor(private readonly bridge: HostBridge, sanitizer: Sanitizer, onEdit: (text: string) => void, private readonly announce: (text: string) => void) {
    // Following the end in the frame an answer grows, after its DOM write: also through a
    // backlog shown after the reply ended, when no more deltas come.
    this.renderer = new TurnRenderer(bridge, sanitizer, onEdit, () => this.follow());
    this.list = el('div', { class: 'turns', attrs: { role: 'log', 'aria-label': 'Conversation', 'aria-live': 'polite', 'aria-relevant': 'additions' } });
    this.empty = el('div', { class: 'empty-state' },
      el('h2', { text: 'Ask about your code' }),
      el('p', { text: 'Type a question below, or select code in an editor and run "Explain Selection" or "Add Selection to Chat". Start a message with /image to make an image.' }),
    );
    this.element = el('div', { class: 'transcript' }, this.empty, this.list);
    this.pending = new PendingTurns(this.element, (turn, placeholder) => {
      const parts = this.renderer.render(turn);
      this.turns.set(turn.id, parts);
      placeholder.replaceWith(parts.element);
      this.refresh();
    }, (model) => this.renderer.answerHead(model));
    this.element.addEventListener('scroll', () => (this.followEnd = this.atEnd()), { passive: true });
    this.element.addEventListener('click', (event) => this.onClick(event));
    this.element.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && this.openLink(event.target)) event.preventDefault();
    });
    // Rendered answers carry a toolbar per code block; fill it with actions as blocks appear
    // (looking only in what was added: the whole list grows with the conversation).
    new MutationObserver((records) => this.decorateToolbars(records)).observe(this.list, { childList: true, subtree: true });
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
    const { turns } = conversation;
    let firstRendered = Math.max(0, turns.length - EAGER_TURNS);
    while (firstRendered > 0 && !turns.slice(firstRendered).some((turn) => turn.role === 'user')) firstRendered--;
    this.list.replaceChildren(...turns.map((turn, index) => this.opened(turn, index < firstRendered)));
    this.busy = busy;
    this.refresh();
    this.scrollToEnd();
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
    if (this.followEnd) this.scrollToEnd();
    return true;
  }

  /** An opened conversation's turn: rendered, or (an older answer) a placeholder. */
  private opened(turn: TurnView, older: boolean): HTMLElement {
    if (older && turn.role === 'assistant') return this.pending.placeholder(turn);
    const parts = this.renderer.render(turn);
    this.turns.set(turn.id, parts);
    return parts.element;
  }

  append(turn: TurnView): void {
    const parts = this.renderer.render(turn);
    this.turns.set(turn.id, parts);
    this.list.append(parts.element);
    if (turn.role === 'assistant' && turn.status === 'streaming') {
      this.setBusy(true);
      this.announce(ANSWERING);
    }
    this.refresh();
    this.scrollToEnd();
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
  setModel(turnId: string, model: string): void {
    const parts = this.turns.get(turnId);
    if (parts) this.renderer.label(parts, model);
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
    if (this.followScheduled) return;
    this.followScheduled = true;
    requestAnimationFrame(() => {
      this.followScheduled = false;
      this.follow();
    });
  }

  notice(turnId: string, text: string): void {
    const parts = this.turns.get(turnId);
    if (parts) this.renderer.notice(parts.element, text);
  }

  private stopWaiting(): void {
    if (!this.countdown.stop() || !this.waitLabel) return;
    this.waitLabel.textContent = ANSWERING;
    this.waitLabel = undefined;
  }

  end(turn: AssistantTurn): void {
    this.stopWaiting();
    const parts = this.turns.get(turn.id);
    if (!parts) return;
    parts.element.querySelector('.typing')?.remove();
    this.renderer.finish(parts, turn);
    this.setBusy(false);
    this.announce(turn.status === 'done' ? 'Answer complete.' : turn.error?.message ?? 'Answer stopped.');
    this.scrollToEnd();
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
   * Regenerate and Retry on the last answer only, Edit on the last message only, none while
   * answering: each acts on the conversation's end (chat/retry names no turn).
   */
  private refresh(): void {
    const elements = Array.from(this.list.children) as HTMLElement[];
    const lastUser = elements.filter((e) => e.classList.contains('turn-user')).at(-1);
    const lastAnswer = elements.at(-1);
    for (const element of elements) {
      const edit = element.querySelector<HTMLElement>(':scope > .turn-head .edit');
      if (edit) edit.hidden = this.busy || element !== lastUser;
      const regenerate = element.querySelector<HTMLElement>('.regenerate');
      if (regenerate) regenerate.hidden = this.busy || element !== lastAnswer || !['done', 'stopped'].includes(element.dataset.status ?? '');
      const retry = element.querySelector<HTMLElement>('.error-card [data-action="retry"]');
      if (retry) retry.hidden = this.busy || element !== lastAnswer;
    }
    this.empty.hidden = elements.length > 0;
  }

  private decorateToolbars(records: MutationRecord[]): void {
    const toolbars = new Set<HTMLElement>();
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof HTMLElement) || !node.isConnected) continue;
        if (node.classList.contains('code-toolbar')) toolbars.add(node);
        for (const toolbar of Array.from(node.querySelectorAll<HTMLElement>('.code-toolbar'))) toolbars.add(toolbar);
      }
    }
    for (const toolbar of toolbars) {
      if (toolbar.querySelector(':scope > .code-actions')) continue;
      const actions = el('span', { class: 'code-actions', attrs: { [PAGE_ADDED]: '' } });
      for (const [type, codicon, label] of CODE_ACTIONS) {
        const button = iconButton(codicon, label, () => this.runCodeAction(toolbar, type));
        button.dataset.codeAction = type;
        actions.append(button);
      }
      toolbar.append(actions);
    }
  }

  private runCodeAction(toolbar: HTMLElement, type: CodeAction): void {
    const block = toolbar.closest<HTMLElement>('.code-block');
    const turnId = toolbar.closest<HTMLElement>('[data-turn-id]')?.dataset.turnId;
    const index = Number(block?.dataset.codeIndex);
    const code = turnId !== undefined ? this.turns.get(turnId)?.stream?.code(index) : undefined;
    if (!code) return;
    this.bridge.post({ type, code: code.code, lang: code.lang });
    if (type === 'code/copy') this.announce('Code copied.');
  }

  private onClick(event: MouseEvent): void {
    if (this.openLink(event.target)) event.preventDefault();
  }

  /** Links in answers never navigate the page: the host asks before opening them. */
  private openLink(target: EventTarget | null): boolean {
    const link = target instanceof Element ? target.closest<HTMLElement>('a[data-href]') : null;
    const href = link?.dataset.href;
    if (!href) return false;
    this.bridge.post({ type: 'link/open', href });
    return true;
  }

  private atEnd(): boolean {
    const scroller = this.element;
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
  }

  /** Keeps the view on the end, unless the person scrolled away from it. */
  private follow(): void {
    if (this.followEnd) this.scrollToEnd();
  }

  private scrollToEnd(): void {
    this.element.scrollTop = this.element.scrollHeight;
  }
}

