// The removable chips for code attached to a message (file name and line range).
import * as l10n from '@vscode/l10n';
import { chipLabel, type ContextChip } from '../core/chat/conversation';
import { linesText } from '../core/text/lineRange';
import { el, icon, iconButton } from './dom';

function chipTitle(chip: ContextChip): string {
  return chip.kind === 'file' ? l10n.t('{0} (whole file)', chip.path) : `${chip.path}, ${linesText(chip)}`;
}

/** A chip; with `onRemove` it has a remove button. */
export function contextChip(chip: ContextChip, onRemove?: (id: string) => void): HTMLElement {
  const label = chip.kind === 'file' ? chip.fileName : chipLabel(chip);
  const element = el(
    'span',
    { class: 'chip', attrs: { title: chipTitle(chip), 'data-chip-id': chip.id } },
    icon(chip.kind === 'file' ? 'file' : 'selection'),
    el('span', { class: 'chip-label', text: label }),
  );
  if (onRemove) element.append(iconButton('close', l10n.t('Remove {0}', label), () => onRemove(chip.id), { class: 'chip-remove' }));
  return element;
}
