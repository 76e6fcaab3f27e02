// A diff as a request carries it (a commit message's prompt, the chat's #changes): every file
// named first with its size, then the text of the files that fit the budget. Binary files are
// only named (git sends no content for them), lock files and generated output only named with
// their size, and a diff too large for the budget is cut, with the cut said, so the model knows
// what it did not see.
import { type FileDiff } from './diffFiles';
import { fileKind } from './fileKinds';
/** A part of a file's diff shorter than this is not worth sending: the file is only named. */
const MIN_PART_CHARS = 400;

export interface FittedDiff {
  /** One line per file: its change, path and size (in English, for the model). */
  summary: string;
  /** The diffs sent, whole or cut. */
  diff: string;
  /** Files whose diff was left out or cut for size (binary, lock and generated files are not counted: they are never sent). */
  cutFiles: number;
}

const CHANGE_LETTER = { added: 'A', deleted: 'D', modified: 'M', renamed: 'R' } as const;

function summaryLine(file: FileDiff): string {
  const name = file.oldPath ? `${file.oldPath} -> ${file.path}` : file.path;
  const size = `+${file.added} -${file.removed} lines`;
  const note = file.binary
    ? 'binary file, content not sent'
    : fileKind(file.path) === 'lock'
      ? `lock file, ${size}, content not sent`
      : fileKind(file.path) === 'generated'
        ? `generated file, ${size}, content not sent`
        : size;
  return `${CHANGE_LETTER[file.change]} ${name} (${note})`;
}

const sendable = (file: FileDiff): boolean => !file.binary && fileKind(file.path) === 'source';

/** The first lines of `text` that fit `chars`, whole lines only. */
function headOf(text: string, chars: number): string {
  const cut = text.lastIndexOf('\n', chars);
  return text.slice(0, cut > 0 ? cut : chars);
}

/** `budget`: characters for the summary and the diffs together. */
export function fitDiff(files: readonly FileDiff[], budget: number): FittedDiff {
  const summary = files.map(summaryLine).join('\n');
  let room = budget - summary.length;
  const parts: string[] = [];
  const left: FileDiff[] = [];
  for (const file of files.filter(sendable)) {
    if (file.text.length + 1 <= room) {
      parts.push(file.text);
      room -= file.text.length + 1;
    } else left.push(file);
  }
  // What room is left goes to the first file that did not fit whole.
  const first = left[0];
  const marker = "\n[... the rest of this file's diff is cut]";
  if (first && room - marker.length >= MIN_PART_CHARS) parts.push(headOf(first.text, room - marker.length - 1) + marker);
  return { summary, diff: parts.join('\n'), cutFiles: left.length };
}
