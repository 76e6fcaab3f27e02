// "‹ 2 / 3 ›" on a message edited into branches: its place among them, and buttons that show the
// branch before or after it (the host moves the conversation's path, chat/choose).
import * as l10n from '@vscode/l10n';
import type { TurnView } from '../common/protocol/protocol';
import { el, iconButton } from '../../platform/page/dom';
import type { HostBridge } from './hostBridge';

type Branch = NonNullable<Extract<TurnView, { role: 'user' }>['branch']>;

export function branchArrows(branch: Branch, bridge: HostBridge): HTMLElement {
  const arrow = (name: string, label: string, to: string | undefined) => {
    const button = iconButton(name, label, () => to && bridge.post({ type: 'chat/choose', id: to }), { class: 'branch-arrow' });
    button.disabled = to === undefined;
    return button;
  };
  const place = l10n.t({
    message: '{0} / {1}',
    args: [branch.at, branch.of],
    comment: ["a message's place among its branches: this one and how many there are"],
  });
  return el(
    'div',
    { class: 'branch-arrows', attrs: { role: 'group', 'aria-label': l10n.t('Branch {0} of {1}', branch.at, branch.of) } },
    arrow('chevron-left', l10n.t('Previous Branch'), branch.previous),
    el('span', { class: 'branch-place', text: place, attrs: { 'aria-hidden': 'true' } }),
    arrow('chevron-right', l10n.t('Next Branch'), branch.next),
  );
}
