// One turn of the transcript. A user turn shows its text (as plain text) and chips; an
// assistant turn renders markdown through the StreamView, then its state: stopped or
// interrupted badge, error card, token usage, and Regenerate / Edit where they apply.
import * as l10n from '@vscode/l10n';
import type { AssistantTurn, Fallback } from '../common/conversation/conversation';
import type { TurnView } from '../common/protocol/protocol';
import { StreamView, type Sanitizer } from './markdown/index';
import { contextChip } from './contextChips';
import { el, icon, iconButton } from '../../platform/page/dom';
import { errorCardView, actionButtons } from './errorCardView';
import { usageText } from './usageText';
import { ThinkingView } from './thinkingView';
import { imageGallery } from './imageGallery';
import { showFallback } from './fallbackNote';
import type { HostBridge } from './hostBridge';
import type { Action } from '../../platform/actions/actions';
import { branchArrows } from './branchArrows';

function badge(status: AssistantTurn['status']): string | undefined {
  if (status === 'stopped') return l10n.t({ message: 'Stopped', comment: ['an answer the person stopped'] });
  if (status === 'interrupted') return l10n.t('Interrupted: the answer is incomplete');
  return undefined;
}

/** What an answer shows and says until its first token. */
export const answering = (): string => l10n.t('Answering…');

/** An answer that failed before a model was chosen has no model to name. */
const answerLabel = (model: string | undefined): string => model ?? l10n.t('Assistant');

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
    private readonly onEdit: (turnId: string, text: string) => void,
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
    this.label(parts, turn.model, turn.fallback);
    element.querySelector('.turn-state')?.remove();
    const state = el('div', { class: 'turn-state' });
    const badgeText = badge(turn.status);
    if (badgeText)
      state.append(
        el('span', { class: `badge badge-${turn.status}` }, icon(turn.status === 'stopped' ? 'debug-stop' : 'warning'), el('span', { text: badgeText })),
      );
    if (turn.images) state.append(imageGallery(turn.images, turn.costRub, this.bridge));
    if (turn.error) state.append(errorCardView(turn.error, this.bridge));
    const foot = el('div', { class: 'turn-foot' });
    if (turn.usage) foot.append(el('span', { class: 'usage', text: usageText(turn.usage, turn.costRub, turn.savedRub) }));
    foot.append(el('span', { class: 'spacer' }));
    if (turn.text)
      foot.append(
        iconButton('copy', l10n.t('Copy answer'), () => this.bridge.post({ type: 'code/copy', code: turn.text, lang: 'markdown' }), { class: 'turn-copy' }),
      );
    foot.append(iconButton('refresh', l10n.t('Regenerate'), () => this.bridge.post({ type: 'chat/regenerate' }), { class: 'regenerate' }));
    if (!turn.images)
      foot.append(
        iconButton('versions', l10n.t('Ask Another Model'), () => this.bridge.post({ type: 'chat/askOthers', id: turn.id }), { class: 'ask-others' }),
      );
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

  /** A line under the answer's head saying what was done to the request or the answer, with the buttons that fix it. */
  notice(element: HTMLElement, text: string, actions: readonly Action[] = []): void {
    element.querySelector(':scope > .turn-notice')?.remove();
    element.querySelector(':scope > .notice-actions')?.remove();
    const notice = el('div', { class: 'turn-notice', attrs: { role: 'note' } }, icon('info'), el('span', { text }));
    element.querySelector(':scope > .turn-head')?.after(notice);
    if (actions.length === 0) return;
    // No Retry here: the answer is whole, only cut short.
    const buttons = actionButtons(actions, this.bridge, () => undefined);
    buttons.classList.add('notice-actions');
    notice.after(buttons);
  }

  /** The answer's label: the model that wrote it, live and after a reload alike, and whom it stands in for. */
  label(parts: TurnElements, model: string | undefined, fallback?: Fallback): void {
    const who = parts.element.querySelector(':scope > .turn-head .who');
    if (who) who.textContent = answerLabel(model);
    showFallback(parts.element, model, fallback);
  }

  private user(turn: Extract<TurnView, { role: 'user' }>): HTMLElement {
    const { id, text } = turn; // what the Edit handler keeps, not the whole turn
    return el(
      'article',
      { class: 'turn turn-user', attrs: { 'data-turn-id': turn.id, 'aria-label': l10n.t('You said') } },
      el(
        'div',
        { class: 'turn-head' },
        icon('account'),
        el('span', { class: 'who', text: l10n.t({ message: 'You', comment: ['who wrote a message: the person'] }) }),
        el('span', { class: 'spacer' }),
        turn.branch && branchArrows(turn.branch, this.bridge),
        iconButton('edit', l10n.t('Edit and resend'), () => this.onEdit(id, text), { class: 'edit' }),
      ),
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
    const element = el(
      'article',
      {
        class: 'turn turn-assistant',
        attrs: {
          'data-turn-id': turn.id,
          'data-status': turn.status,
          'aria-label': l10n.t({ message: 'Answer', comment: ["the accessible name of a model's answer"] }),
        },
      },
      this.answerHead(turn.model),
      body,
    );
    if (turn.notice) this.notice(element, turn.notice, turn.noticeActions);
    const stream = new StreamView(body, { sanitizer: this.sanitizer, onShown: this.onShown });
    const parts: TurnElements = { element, stream };
    if (turn.reasoning) this.thinking(parts, turn.reasoning, turn.status === 'streaming' && turn.text === '');
    if (turn.status === 'streaming') {
      // Pending until its first token (transcript.ts clears it): a screen reader hears it is coming, not an empty answer.
      if (turn.text === '') element.setAttribute('aria-busy', 'true');
      stream.append(turn.text);
      element.append(
        el('div', { class: 'typing', attrs: { 'aria-hidden': 'true' } }, icon('loading codicon-modifier-spin'), el('span', { text: answering() })),
      );
    } else {
      stream.setText(turn.text);
      this.finish(parts, turn);
    }
    return parts;
  }
}
