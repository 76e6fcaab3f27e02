// Functions, classes and types by name for #symbol: found by VS Code's workspace symbol provider
// as the person types, and a found one's whole definition (the document symbol around it) read
// with where it is. What is sent of it is decided in the core.
import * as vscode from 'vscode';
import type { SymbolDefinition } from '../common/attachments/symbol';

/** Symbols the picker lists at most: the list narrows as the person types. */
const MAX_LISTED = 200;
/** Wait after a keystroke before asking the providers again. */
const TYPING_PAUSE_MS = 150;

/** The workspace's symbols that `query` finds, those in its folders only. */
export async function findSymbols(query: string): Promise<vscode.SymbolInformation[]> {
  const found = await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query);
  return (found ?? []).filter((symbol) => vscode.workspace.getWorkspaceFolder(symbol.location.uri) !== undefined).slice(0, MAX_LISTED);
}

/** A symbol's name without the "()" some providers add to a function's (TypeScript's workspace symbols do). */
export function plainName(symbol: { name: string }): string {
  return symbol.name.replace(/\(\)$/, '');
}

/** "Function", "TypeParameter" as words: "function", "type parameter". */
function kindWords(kind: vscode.SymbolKind): string {
  return (vscode.SymbolKind[kind] ?? 'symbol').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The codicon VS Code shows for a kind of symbol. */
function kindIcon(kind: vscode.SymbolKind): vscode.ThemeIcon {
  return new vscode.ThemeIcon(`symbol-${kindWords(kind).replace(/ /g, '-')}`);
}

type SymbolItem = vscode.QuickPickItem & { symbol: vscode.SymbolInformation };

/** The symbol picker: the providers are asked again as the person types; resolves with the one picked. */
export async function pickSymbol(): Promise<vscode.SymbolInformation | undefined> {
  const picker = vscode.window.createQuickPick<SymbolItem>();
  picker.title = vscode.l10n.t('Attach a Symbol');
  picker.placeholder = vscode.l10n.t('Type the name of a function, class or type');
  picker.matchOnDescription = true;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const search = async (query: string) => {
    const mine = ++asked;
    picker.busy = true;
    const found = await findSymbols(query).catch(() => []);
    if (mine !== asked) return;
    picker.items = found.map((symbol) => ({
      label: symbol.name,
      iconPath: kindIcon(symbol.kind),
      description: `${vscode.workspace.asRelativePath(symbol.location.uri, false)}:${symbol.location.range.start.line + 1}`,
      ...(symbol.containerName !== '' && { detail: symbol.containerName }),
      // The provider matched it (fuzzily, by its own rules): the picker's filter must not hide it.
      alwaysShow: true,
      symbol,
    }));
    picker.busy = false;
  };
  picker.onDidChangeValue((value) => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(value), TYPING_PAUSE_MS);
  });
  picker.show();
  void search('');
  const chosen = await new Promise<SymbolItem | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.activeItems[0]));
    picker.onDidHide(() => resolve(undefined));
  });
  clearTimeout(timer);
  picker.dispose();
  return chosen?.symbol;
}

interface Outline {
  name: string;
  kind: vscode.SymbolKind;
  range: vscode.Range;
}

function outline(symbols: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[]): Outline[] {
  return symbols.flatMap((symbol) =>
    'children' in symbol
      ? [{ name: symbol.name, kind: symbol.kind, range: symbol.range }, ...outline(symbol.children)]
      : [{ name: symbol.name, kind: symbol.kind, range: symbol.location.range }],
  );
}

/**
 * The definition of the symbol `name` in the file at `uri` near `line` (0-based): the smallest
 * document symbol of that name around the line, else the nearest one of that name; undefined
 * when the file has none.
 */
export async function symbolDefinition(uri: vscode.Uri, name: string, line: number): Promise<SymbolDefinition | undefined> {
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(uri);
  } catch {
    return undefined;
  }
  const symbols = await vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>(
    'vscode.executeDocumentSymbolProvider',
    uri,
  );
  const named = outline(symbols ?? []).filter((symbol) => plainName(symbol) === name);
  const size = (symbol: Outline) => symbol.range.end.line - symbol.range.start.line;
  const around = named.filter((symbol) => symbol.range.start.line <= line && line <= symbol.range.end.line).sort((a, b) => size(a) - size(b))[0];
  const nearest = named.sort((a, b) => Math.abs(a.range.start.line - line) - Math.abs(b.range.start.line - line))[0];
  const found = around ?? nearest;
  if (!found) return undefined;
  const start = found.range.start.line;
  const end = found.range.end.character === 0 && found.range.end.line > start ? found.range.end.line - 1 : found.range.end.line;
  return {
    name,
    kind: kindWords(found.kind),
    path: vscode.workspace.asRelativePath(uri, false),
    uri: uri.toString(),
    languageId: document.languageId,
    startLine: start + 1,
    endLine: end + 1,
    text: document.getText(new vscode.Range(start, 0, end, document.lineAt(end).text.length)),
  };
}
