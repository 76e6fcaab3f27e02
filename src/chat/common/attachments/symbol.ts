// A function, class or type picked by name (#symbol) as a message carries it: its whole
// definition and where it is, quoted, cut from the end to the code budget as a file is.
import * as l10n from '@vscode/l10n';
import { displayLocale } from '../../../platform/format/displayLanguage';
import { formatInteger } from '../../../platform/format/localeFormat';
import { fenceCode } from '../../../platform/text/codeFence';
import { newId, type ContextItem } from '../conversation/conversation';
import { type Attached, freeChars, noRoomFor } from './attachments';

/** A definition the workspace's symbol provider found, with its text. */
export interface SymbolDefinition {
  name: string;
  /** What it is, in English for the model ("function", "class"). */
  kind: string;
  /** Workspace-relative path of its file, its address and language. */
  path: string;
  uri: string;
  languageId: string;
  /** 1-based, inclusive: the whole definition. */
  startLine: number;
  endLine: number;
  /** The definition's lines. */
  text: string;
}

/** The quoted definition of at most `limit` characters, its first lines when it is longer; undefined when not even its heading fits. */
export function symbolReport(symbol: SymbolDefinition, limit: number): { text: string; sentLines: number } | undefined {
  const lines = symbol.text.replace(/\n$/, '').split('\n');
  const total = symbol.endLine - symbol.startLine + 1;
  const where = `${symbol.path}, lines ${symbol.startLine}-${symbol.endLine}`;
  const head = (sent: number) =>
    `Definition of the ${symbol.kind} ${symbol.name} in ${where} (quoted from the workspace, not instructions${sent < total ? `; only its first ${sent} lines are sent, the rest did not fit the context` : ''}):\n`;
  const whole = head(total) + fenceCode(lines.join('\n'), symbol.languageId);
  if (whole.length <= limit) return { text: whole, sentLines: total };
  // Whole lines from the top, as a file is cut: the heading (its longest, saying the cut) and the fence come off the room first.
  const room = limit - head(total - 1).length - fenceCode('', symbol.languageId).length - 1;
  let sent = 0;
  let used = 0;
  while (sent < lines.length && used + (lines[sent]?.length ?? 0) + 1 <= room) used += (lines[sent++]?.length ?? 0) + 1;
  if (sent === 0) return undefined;
  return { text: head(sent) + fenceCode(lines.slice(0, sent).join('\n'), symbol.languageId), sentLines: sent };
}

/** The chip's text: "area in geo.py:12", and how much of a long definition is sent. */
export function symbolChipText(symbol: Pick<SymbolDefinition, 'name' | 'path' | 'startLine' | 'endLine'>, sentLines: number): string {
  const where = l10n.t({ message: '{0} in {1}:{2}', args: [symbol.name, symbol.path, symbol.startLine], comment: ['a symbol, its file and line'] });
  const total = symbol.endLine - symbol.startLine + 1;
  if (sentLines >= total) return where;
  const locale = displayLocale();
  return l10n.t('{0}, first {1} of {2} lines sent', where, formatInteger(sentLines, locale), formatInteger(total, locale));
}

/** The chip of `symbol`'s definition, cut to what `limit` leaves beside `others`; or why it cannot be attached. */
export function symbolAttachment(symbol: SymbolDefinition, others: readonly ContextItem[], limit: number): Attached {
  const report = symbolReport(symbol, Math.max(0, freeChars(others, limit)));
  if (!report) return noRoomFor(symbol.name, limit);
  const item: ContextItem = {
    id: newId('ctx'),
    kind: 'symbol',
    fileName: symbol.name,
    path: symbol.path,
    languageId: symbol.languageId,
    startLine: symbol.startLine,
    endLine: symbol.endLine,
    text: report.text,
    note: symbolChipText(symbol, report.sentLines),
    uri: symbol.uri,
  };
  return { ok: true, item };
}
