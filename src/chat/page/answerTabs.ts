// A message's answers as tabs (WAI-ARIA tablist: arrow keys, Home and End move between them and
// show the one focused), each labelled with its model, the time to its first text, its tokens
// and its cost. The answer the conversation goes on from is selected first; another one shown
// offers Continue With This Answer.
import * as l10n from '@vscode/l10n';
import type { AnswerTab } from '../common/protocol/protocol';
import { formatDecimal, formatInteger, formatRub } from '../../platform/format/localeFormat';
import { displayLocale } from '../../platform/format/displayLanguage';
import { el, iconButton } from '../../platform/page/dom';
import type { HostBridge } from './hostBridge';

/** "mira/messenger · 1.2 s · tokens: 98 · 0.04 ₽": each part only where the answer has it. */
export function tabLabel(answer: AnswerTab): string {
  const locale = displayLocale();
  const parts = [answer.model ?? l10n.t('Assistant')];
  if (answer.firstTokenMs !== undefined)
    parts.push(l10n.t({ message: '{0} s', args: [formatDecimal(answer.firstTokenMs / 1000, locale)], comment: ['the time to the first text of an answer'] }));
  if (answer.usage)
    parts.push(l10n.t({ message: 'tokens: {0}', args: [formatInteger(answer.usage.completion_tokens, locale)], comment: ['the tokens an answer wrote'] }));
  if (answer.costRub !== undefined) parts.push(formatRub(answer.costRub, locale));
  return parts.join(' · ');
}

/**
 * The tabs of `answers` over their panels, `shown` (the answer on the path) selected. `render`
 * makes an answer's element: a streaming one at once (its text is coming), another when its tab
 * is first selected, so that a conversation with many answers opens as fast as one without. It
 * gives none for an answer whose text the host has not sent yet: `fillAnswerPanel` adds it then.
 */
export function answerTabs(
  answers: readonly AnswerTab[],
  shown: string,
  render: (answer: AnswerTab) => HTMLElement | undefined,
  bridge: HostBridge,
): HTMLElement {
  const tabs: HTMLButtonElement[] = [];
  const shownPanels: HTMLElement[] = [];
  const fill = (at: number): void => {
    const panel = shownPanels[at]!;
    if (panel.querySelector('.turn')) return;
    const element = render(answers[at]!);
    if (element) panel.prepend(element);
    else panel.setAttribute('aria-busy', 'true');
  };
  const list = el('div', { class: 'answer-tabs', attrs: { role: 'tablist', 'aria-label': l10n.t('Answers to this message') } });
  const group = el('div', { class: 'turn-answers', attrs: { 'data-turn-id': shown } }, list);
  const select = (at: number, focus: boolean): void => {
    tabs.forEach((tab, index) => {
      const selected = index === at;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      shownPanels[index]!.hidden = !selected;
      if (selected) fill(index);
    });
    if (focus) tabs[at]?.focus();
  };
  answers.forEach((answer, at) => {
    const tab = el('button', {
      class: 'answer-tab',
      text: tabLabel(answer),
      attrs: { type: 'button', role: 'tab', id: `tab-${answer.id}`, 'aria-controls': `panel-${answer.id}`, 'data-answer-id': answer.id },
    });
    tab.addEventListener('click', () => select(at, false));
    tabs.push(tab);
    list.append(tab);
    const panel = el('div', { class: 'answer-panel', attrs: { role: 'tabpanel', id: `panel-${answer.id}`, 'aria-labelledby': tab.id } });
    shownPanels.push(panel);
    const streaming = answer.status === 'streaming' ? render(answer) : undefined;
    if (streaming) panel.append(streaming);
    if (answer.id !== shown)
      panel.append(
        iconButton('arrow-right', l10n.t('Continue With This Answer'), () => bridge.post({ type: 'chat/choose', id: answer.id }), {
          class: 'continue',
          text: true,
        }),
      );
    group.append(panel);
  });
  list.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    const last = tabs.length - 1;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last }[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();
    select(to > last ? 0 : to < 0 ? last : to, true);
  });
  select(
    Math.max(
      0,
      answers.findIndex((answer) => answer.id === shown),
    ),
    false,
  );
  return group;
}

/** Puts `element`, the answer `answerId` the host sent, in its panel under `root`, unless it has one; says whether it did. */
export function fillAnswerPanel(root: ParentNode, answerId: string, element: () => HTMLElement): boolean {
  const panel = root.querySelector<HTMLElement>(`.answer-panel[id="${CSS.escape(`panel-${answerId}`)}"]`);
  if (!panel || panel.querySelector('.turn')) return false;
  panel.prepend(element());
  panel.removeAttribute('aria-busy');
  return true;
}

/** Updates the label of the tab of `answer`, if it has one (as it streams and ends). */
export function relabelTab(root: ParentNode, answer: AnswerTab): void {
  const tab = root.querySelector(`.answer-tab[data-answer-id="${CSS.escape(answer.id)}"]`);
  if (tab) tab.textContent = tabLabel(answer);
}
