// The inline error card: what to do, buttons that do it, and the request id (copyable).
import * as l10n from '@vscode/l10n';
import type { ErrorCard } from '../common/conversation/conversation';
import { ACTION_LABELS, isLocalAction, type Action } from '../../platform/actions/actions';
import { el, icon, iconButton } from '../../platform/page/dom';
import type { HostBridge } from './hostBridge';

const CODICONS: Record<Action, string> = {
  retry: 'refresh',
  sendAnyway: 'send',
  send: 'send',
  changeBudget: 'credit-card',
  discard: 'close',
  useCurrentAddress: 'arrow-swap',
  setApiKey: 'key',
  replaceKey: 'key',
  useAnotherKey: 'list-selection',
  manageApiKeys: 'settings',
  setBaseUrl: 'globe',
  selectModel: 'sparkle',
  openSettings: 'settings-gear',
  openMaxTokensSetting: 'settings-gear',
  openProxySettings: 'plug',
  showLog: 'output',
};

/**
 * A button per action, the first one primary. `retry` is what the caller says it is; `anyway`
 * (Send Anyway, Send: the request held back by its budget or price) is shown only where given.
 */
export function actionButtons(list: readonly Action[], bridge: HostBridge, retry: () => void, anyway?: () => void): HTMLElement {
  const actions = el('div', { class: 'card-actions' });
  // Of the local actions the chat runs Retry, Send Anyway and Send; the others belong to other surfaces.
  for (const action of list) {
    const sends = action === 'sendAnyway' || action === 'send';
    if (sends ? !anyway : action !== 'retry' && isLocalAction(action)) continue;
    const button = iconButton(
      CODICONS[action],
      ACTION_LABELS[action],
      () => {
        if (action === 'retry') retry();
        else if (sends) anyway?.();
        else if (!isLocalAction(action)) bridge.post({ type: 'error/action', action });
      },
      { text: true, class: action === list[0] ? 'primary' : 'secondary' },
    );
    button.dataset.action = action;
    actions.append(button);
  }
  return actions;
}

export function errorCardView(card: ErrorCard, bridge: HostBridge): HTMLElement {
  const actions = actionButtons(
    card.actions,
    bridge,
    () => bridge.post({ type: 'chat/retry' }),
    () => bridge.post({ type: 'chat/retry', anyway: true }),
  );
  const element = el(
    'div',
    { class: 'error-card', attrs: { role: 'alert' } },
    el('div', { class: 'card-message' }, icon('error'), el('span', { text: card.message })),
    card.retryAfterSeconds !== undefined && el('div', { class: 'card-detail', text: l10n.t('You can retry in {0} s.', card.retryAfterSeconds) }),
    actions,
  );
  if (card.requestId) {
    const requestId = card.requestId;
    element.append(
      el(
        'div',
        { class: 'card-detail request-id' },
        el('span', { text: l10n.t('Request id:') + ' ' }),
        el('code', { text: requestId }),
        iconButton('copy', l10n.t('Copy request id'), () => bridge.post({ type: 'clipboard/copy', text: requestId })),
      ),
    );
  }
  return element;
}
