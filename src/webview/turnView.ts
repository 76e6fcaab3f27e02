// One turn of the transcript. A user turn shows its text (as plain text) and chips; an
// assistant turn renders markdown through the StreamView, then its state: stopped or
// interrupted badge, error card, token usage, and Regenerate / Edit where they apply.
import type { AssistantTurn, TurnUsage } from '../core/chat/conversation';
import type { TurnView } from '../core/chat/protocol';
import { StreamView, type Sanitizer } from './markdown/index';
import { contextChip } from './contextChips';
import { el, icon, iconButton } from './dom';
import { errorCardView } from './errorCardView';
import { formatRub } from '../core/client/pricing';
import { ThinkingView } from './thinkingView';
import { imageGallery } from './imageGallery';
import type { HostBridge } from './hostBridge';

const BADGES: Partial<Record<AssistantTurn['status'], string>> = {
  stopped: 'Stopped',
  interrupted: 'Interrupted: the answer is incomplete',
};

export const ANSWERING = 'Answering…';

/** "1,204 in · 81 out tokens · ≈ 0.02 ₽": the cost only when the catalog gave prices. */
export function usageText(usage: TurnUsage, costRub?: number): string {
  const tokens = `${usage.prompt_tokens.toLocaleString('en-US')} in · ${usage.completion_tokens.toLocaleString('en-US')} out tokens`;
  return costRub === undefined ? tokens : `${tokens} · ${formatRub(costRub)}`;
}

/** An answer that failed before a model was chosen has no model to name. */
const answerLabel = (model: string | undefined): string => model ?? 'Assistant';

export interface TurnElements {
  element: HTMLElement;
  /** Set for assistant turns. */
  stream?: StreamView;
  /** Set once an answer has reasoning. */
  thinking?: ThinkingView;
}

export class TurnRenderer {
  /** `onShown`: an answer showed more of its streamed text (StreamView). */
  constructor(
    private readonly bridge: HostBridge,
    private readonly sanitizer: Sanitizer,
    private readonly onEdit: (text: string) => void,
    private readonly onShown: () => void,
  ) {}

  render(turn: TurnView): TurnElements {
    return turn.role === 'user' ? { element: this.user(turn) } : this.assistant(turn);
  }

  /** Shows an assistant turn's final state (after streaming or when restored). */
  finish(parts: TurnElements, turn: AssistantTurn): void {
    const { element, stream } = parts;
    if (stream) {
      if (stream.text() === turn.text) stream.finish();
      else stream.setText(turn.text);
    }
    element.dataset.status = turn.status;
    element.removeAttribute('aria-busy');
    this.label(parts, turn.model);
    element.querySelector('.turn-state')?.remove();
    const state = el('div', { class: 'turn-state' });
    const badge = BADGES[turn.status];
    if (badge) state.append(el('span', { class: `badge badge-${turn.status}` }, icon(turn.status === 'stopped' ? 'debug-stop' : 'warning'), el('span', { text: badge })));
    if (turn.images) state.append(imageGallery(turn.images, turn.costRub, this.bridge));
    if (turn.error) state.append(errorCardView(turn.error, this.bridge));
    const foot = el('div', { class: 'turn-foot' });
    if (turn.usage) foot.append(el('span', { class: 'usage', text: usageText(turn.usage, turn.costRub) }));
    foot.append(el('span', { class: 'spacer' }));
    if (turn.text) foot.append(iconButton('copy', 'Copy answer', () => this.bridge.post({ type: 'code/copy', code: turn.text, lang: 'markdown' }), { class: 'turn-copy' }));
    foot.append(iconButton('refresh', 'Regenerate', () => this.bridge.post({ type: 'chat/regenerate' }), { class: 'regenerate' }));
    state.append(foot);
    element.append(state);
  }

  /** The answer's Thinking section, made (above the answer) the first time it is needed. */
  thinking(parts: TurnElements, text: string, open: boolean): ThinkingView {
    if (!parts.thinking) {
      parts.thinking = new ThinkingView(text, open);
      parts.element.querySelector(':scope > .markdown-body')?.before(parts.thinking.element);
    }
    return parts.thinking;
  }

  /** A line under the answer's head saying what was done to the request. */
  notice(element: HTMLElement, text: string): void {
    element.querySelector(':scope > .turn-notice')?.remove();
    element.querySelector(':scope > .turn-head')?.after(el('div', { class: 'turn-notice', attrs: { role: 'note' } }, icon('info'), el('span', { text })));
  }

  /** The answer's label: the model that wrote it, live and after a reload alike. */
  label(parts: TurnElements, model: string | undefined): void {
    const who = parts.element.querySelector(':scope > .turn-head .who');
    if (who) who.textContent = answerLabel(model);
  }

  private user(turn: Extract<TurnView, { role: 'user' }>): HTMLElement {
    const { text } = turn; // what the Edit handler keeps, not the whole turn
    return el('article', { class: 'turn turn-user', attrs: { 'data-turn-id': turn.id, 'aria-label': 'You said' } },
      el('div', { class: 'turn-head' }, icon('account'), el('span', { class: 'who', text: 'You' }), el('span', { class: 'spacer' }),
        iconButton('edit', 'Edit and resend', () => this.onEdit(text), { class: 'edit' })),
      turn.context.length > 0 && el('div', { class: 'chips' }, ...turn.context.map((chip) => contextChip(chip))),
      el('div', { class: 'user-text', text: turn.text }),
    );
  }

  /** An answer's head: who wrote it. */
  answerHead(model: string | undefined): HTMLElement {
    return el('div', { class: 'turn-head' }, icon('sparkle'), el('span', { class: 'who', text: answerLabel(model) }));
  }

  private assistant(turn: AssistantTurn): TurnElements {
    const body = el('div', { class: 'markdown-body' });
    const element = el('article', { class: 'turn turn-assistant', attrs: { 'data-turn-id': turn.id, 'data-status': turn.status, 'aria-label': 'Answer' } },
      this.answerHead(turn.model),
      body,
    );
    if (turn.notice) this.notice(element, turn.notice);
    const stream = new StreamView(body, { sanitizer: this.sanitizer, onShown: this.onShown });
    const parts: TurnElements = { element, stream };
    if (turn.reasoning) this.thinking(parts, turn.reasoning, turn.status === 'streaming' && turn.text === '');
    if (turn.status === 'streaming') {
      // Pending until its first token (transcript.ts clears it): a screen reader hears it is coming, not an empty answer.
      if (turn.text === '') element.setAttribute('aria-busy', 'true');
      stream.append(turn.text);
      element.append(el('div', { class: 'typing', attrs: { 'aria-hidden': 'true' } }, icon('loading codicon-modifier-spin'), el('span', { text: ANSWERING })));
    } else {
      stream.setText(turn.text);
      this.finish(parts, turn);
    }
    return parts;
  }
}
