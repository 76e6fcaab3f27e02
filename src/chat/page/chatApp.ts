// The chat page: header (model, new chat, history), transcript or history list, composer.
// It renders what the host sends and sends back what the person does; no state of its
// own beyond the draft, so every open chat page shows the same conversation.
import * as l10n from '@vscode/l10n';
import type { ToPage } from '../common/protocol/protocol';
import { el, iconButton } from '../../platform/page/dom';
import { createSanitizer } from './markdown/index';
import { focusedArrow, refocusArrow } from './branchArrows';
import { Composer } from './composer';
import { HistoryList } from './historyList';
import type { HostBridge } from './hostBridge';
import { ModelSelect } from './modelSelect';
import { Transcript } from './transcript';
import { displayLocale } from '../../platform/format/displayLanguage';
import { UsageMeter } from './usageMeter';

export class ChatApp {
  private readonly composer: Composer;
  private readonly transcript: Transcript;
  private readonly history: HistoryList;
  private readonly model: ModelSelect;
  private readonly notice: HTMLElement;
  private readonly status: HTMLElement;
  private readonly historyToggle: HTMLButtonElement;
  private readonly meter = new UsageMeter();

  /** Built once the page's language is set (main.ts): every text is worded as it is made. */
  constructor(root: HTMLElement, bridge: HostBridge) {
    this.status = el('div', { class: 'visually-hidden', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.composer = new Composer(bridge, (message) => this.showNotice(message, 'warning'));
    this.transcript = new Transcript(
      bridge,
      createSanitizer(window),
      (turnId, text) => this.composer.edit(turnId, text),
      (text) => this.say(text),
    );
    // The list goes away with the opened row's button: the message box takes keyboard focus.
    this.history = new HistoryList(bridge, () => {
      this.showHistory(false);
      this.composer.focus();
    });
    this.model = new ModelSelect(bridge);
    this.notice = el('div', { class: 'notice', attrs: { role: 'status' } });
    this.notice.hidden = true;
    this.historyToggle = iconButton('history', l10n.t('Show Chat History'), () => this.showHistory(this.history.element.hidden));
    this.historyToggle.setAttribute('aria-pressed', 'false');
    const header = el(
      'header',
      { class: 'chat-header' },
      this.model.element,
      el('span', { class: 'spacer' }),
      iconButton('add', l10n.t('New Chat'), () => {
        this.showHistory(false);
        bridge.post({ type: 'chat/new' });
      }),
      this.historyToggle,
    );
    // The page's one level-one heading, for those who move by headings; the view's title shows it to everyone else.
    // The host's HTML names the page in English: its name, title and language follow the page's.
    const pageTitle = l10n.t('Multi-Model AI Chat');
    const title = el('h1', { class: 'visually-hidden', text: pageTitle });
    document.title = pageTitle;
    document.documentElement.lang = displayLocale();
    root.setAttribute('aria-label', pageTitle);
    root.replaceChildren(
      title,
      header,
      this.meter.element,
      this.model.problemElement(),
      this.transcript.element,
      this.history.element,
      this.notice,
      this.composer.element,
      this.status,
    );
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented) bridge.post({ type: 'chat/stop' });
    });
  }

  focus(): void {
    this.composer.focus();
  }

  receive(message: ToPage): void {
    // Focus on a control the message hides, disables or removes (Send while answering, Stop
    // once answered, a retried card) would fall to the page: the message box takes it instead.
    // A branch arrow gives it to the arrow of the branch it showed.
    const focused = document.activeElement !== document.body && document.hasFocus();
    const arrow = focusedArrow();
    this.handle(message);
    if (focused && focusLost() && !(arrow && refocusArrow(arrow))) this.composer.focus();
    // Said once: the model problem above the conversation gives way to an answer's card saying the same.
    const problem = this.model.problemMessage();
    this.model.setSaidElsewhere(problem !== undefined && this.transcript.lastErrorMessage() === problem);
  }

  private handle(message: ToPage): void {
    switch (message.type) {
      case 'session/init':
        this.transcript.nameCommands(message.commandTitles, message.slashCommands);
        this.composer.setSlashCommands(message.slashCommands);
        this.model.show(message.model);
        this.meter.showModel(message.model);
        this.history.show(message.history, message.conversation.id, message.unreadable);
        this.composer.setChips(message.context);
        this.composer.setModel(message.model);
        this.showConversation(message.conversation, message.busy);
        break;
      case 'conversation/show':
        this.showConversation(message.conversation, message.busy);
        break;
      case 'conversation/earlier':
        if (this.transcript.prependEarlier(message.id, message.before, message.turns)) this.meter.prepend(message.turns);
        break;
      case 'conversation/answer':
        this.transcript.showAnswer(message.id, message.turn);
        break;
      case 'history/set':
        this.history.show(message.items, message.activeId, message.unreadable);
        break;
      case 'history/found':
        this.history.showFound(message.query, message.items);
        break;
      case 'context/set':
        this.composer.setChips(message.chips);
        break;
      case 'model/set':
        this.model.show(message.model);
        this.composer.setModel(message.model);
        this.meter.showModel(message.model);
        break;
      case 'turn/append':
        this.hideNotice();
        this.transcript.append(message.turn);
        this.meter.update({ append: message.turn });
        if (message.turn.role === 'assistant' && message.turn.status === 'streaming') this.composer.setBusy(true);
        break;
      case 'turn/remove':
        this.transcript.remove(message.turnId);
        this.meter.update({ remove: message.turnId });
        break;
      case 'reply/model':
        this.transcript.setModel(message.turnId, message.model, message.fallback);
        break;
      case 'reply/delta':
        this.transcript.delta(message.turnId, message.text);
        break;
      case 'reply/wait':
        this.transcript.wait(message.turnId, message.text, message.seconds);
        break;
      case 'reply/notice':
        this.transcript.notice(message.turnId, message.text, message.actions);
        break;
      case 'reply/reasoning':
        this.transcript.reasoning(message.turnId, message.text);
        break;
      case 'reply/end':
        this.transcript.end(message.turn, message.busy ?? false);
        this.meter.update({ end: message.turn });
        this.composer.setBusy(message.busy ?? false);
        this.composer.refreshEstimate();
        break;
      case 'notice/show':
        this.showNotice(message.message, message.level);
        break;
      case 'context/picked':
        this.composer.picked(message.count);
        break;
      case 'instructions/set':
        this.composer.setInstructions(message.path);
        this.composer.refreshEstimate();
        break;
      case 'composer/estimate':
        this.composer.showEstimate(message.seq, message.estimate);
        break;
      case 'composer/fill':
        this.composer.fill(message.text);
        break;
    }
  }

  private showConversation(conversation: Parameters<Transcript['show']>[0], busy: boolean): void {
    this.showHistory(false);
    // An edit branches from a message of the conversation it began in, not of this one.
    this.composer.setEditing(undefined);
    this.transcript.show(conversation, busy);
    this.meter.showConversation(conversation);
    this.composer.setBusy(busy);
    this.composer.refreshEstimate();
  }

  private showHistory(show: boolean): void {
    this.history.element.hidden = !show;
    this.transcript.element.hidden = show;
    this.historyToggle.setAttribute('aria-pressed', String(show));
  }

  private showNotice(message: string, level: 'info' | 'warning'): void {
    this.notice.textContent = message;
    this.notice.dataset.level = level;
    this.notice.hidden = false;
  }

  private hideNotice(): void {
    this.notice.hidden = true;
  }

  private say(text: string): void {
    this.status.textContent = text;
  }
}

/** Whether keyboard focus reaches nothing: it is on the page itself, or on a hidden or disabled control. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.closest('[hidden]') !== null || (active instanceof HTMLButtonElement && active.disabled);
}
