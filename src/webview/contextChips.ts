// The removable chips for code attached to a message (file name and line range).
import { chipLabel, type ContextChip } from '../core/chat/conversation';
import { linesText } from '../core/text/lineRange';
import { el, icon, iconButton } from './dom';

function chipTitle(chip: ContextChip): string {
  return chip.kind === 'file' ? `${chip.path} (whole file)` : `${chip.path}, ${linesText(chip)}`;
}

/** A chip; with `onRemove` it has a remove button. */
export function contextChip(chip: ContextChip, onRemove?: (id: string) => void): HTMLElement {
  const label = chip.kind === 'file' ? chip.fileName : chipLabel(chip);
  const element = el('span', { class: 'chip', attrs: { title: chipTitle(chip), 'data-chip-id': chip.id } },
    icon(chip.kind === 'file' ? 'file' : 'selection'),
    el('span', { class: 'chip-label', text: label }),
  );
  if (onRemove) element.append(iconButton('close', `Remove ${label}`, () => onRemove(chip.id), { class: 'chip-remove' }));
  return element;
}
