// The removable chips of what a message carries: code (file name and line range), a file (with
// the note of how much of it is sent when it was cut, in the chip's text), a mention (what it
// holds in the chip's text: the problems counted, the changes' size, the command and how much of
// its output, the symbol and where it is), a web page (its title and size), an image (a thumbnail
// of it).
import * as l10n from '@vscode/l10n';
import { chipLabel, isMention, type ContextChip, type MentionKind } from '../common/conversation/conversation';
import { linesText } from '../../platform/text/lineRange';
import { el, icon, iconButton } from '../../platform/page/dom';

/** Each mention's icon, as VS Code shows the same thing. */
const MENTION_ICONS: Record<MentionKind, string> = { problems: 'warning', changes: 'git-compare', terminal: 'terminal', symbol: 'symbol-method' };

function chipTitle(chip: ContextChip): string {
  if (isMention(chip.kind)) return chip.path;
  switch (chip.kind) {
    case 'image':
      return chip.path;
    case 'file':
      return chip.note
        ? l10n.t("{0}: {1}. The whole file does not fit the model's context beside the conversation.", chip.path, chip.note)
        : l10n.t('{0} (whole file)', chip.path);
    case 'selection':
      return `${chip.path}, ${linesText(chip)}`;
    case 'url':
      return chip.path;
  }
}

function chipMark(chip: ContextChip): HTMLElement {
  if (chip.kind === 'image' && chip.src) return el('img', { class: 'chip-thumbnail', attrs: { src: chip.src, alt: '' } });
  if (chip.kind === 'image') return icon('file-media');
  if (isMention(chip.kind)) return icon(MENTION_ICONS[chip.kind]);
  if (chip.kind === 'url') return icon('globe');
  return icon(chip.kind === 'file' ? (chip.note ? 'warning' : 'file') : 'selection');
}

/** A chip; with `onRemove` it has a remove button. */
export function contextChip(chip: ContextChip, onRemove?: (id: string) => void): HTMLElement {
  const label = chip.kind === 'selection' ? chipLabel(chip) : chip.fileName;
  // A mention is said whole on the chip ("3 errors, 1 warning in geo.py"); a file's note follows its name.
  if (isMention(chip.kind)) return chipElement(chip, chip.note ?? label, undefined, onRemove);
  return chipElement(chip, label, chip.note, onRemove);
}

function chipElement(chip: ContextChip, label: string, detail: string | undefined, onRemove?: (id: string) => void): HTMLElement {
  const element = el(
    'span',
    { class: `chip chip-${chip.kind}`, attrs: { title: chipTitle(chip), 'data-chip-id': chip.id } },
    chipMark(chip),
    el('span', { class: 'chip-label', text: label }),
    // What the chip holds, when it is not all of it, is read on the chip, not only on hover.
    detail !== undefined && ' — ',
    detail !== undefined && el('span', { class: 'chip-detail', text: detail }),
  );
  if (onRemove) element.append(iconButton('close', l10n.t('Remove {0}', label), () => onRemove(chip.id), { class: 'chip-remove' }));
  return element;
}

/** The chip of the project's instructions sent with every message: a button that opens the file. */
export function instructionsChip(path: string, onOpen: () => void): HTMLButtonElement {
  const name = path.split('/').pop() ?? path;
  const button = el(
    'button',
    {
      class: 'chip chip-instructions',
      attrs: {
        type: 'button',
        title: l10n.t('Project instructions sent with every message: {0}. Click to open.', path),
        'aria-label': l10n.t('Project instructions: {0}', name),
      },
    },
    icon('book'),
    el('span', { class: 'chip-label', text: name }),
  );
  button.addEventListener('click', onOpen);
  return button;
}
