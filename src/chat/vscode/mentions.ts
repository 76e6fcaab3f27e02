// The `#` picker's #changes, #terminal and #symbol: their entries, what picking one attaches, and
// how each chip is read again as the message is sent. Each source is read by its own module;
// what is sent of it is decided in the core.
import * as vscode from 'vscode';
import { type Attached } from '../common/attachments/attachments';
import { changesAttachment } from '../common/attachments/changes';
import { symbolAttachment } from '../common/attachments/symbol';
import { commandAttachment, selectionAttachment } from '../common/attachments/terminal';
import type { ContextItem } from '../common/conversation/conversation';
import { Disposable } from '../../platform/vscode/lifecycle';
import { readChanges } from './changes';
import { findSymbols, pickSymbol, plainName, symbolDefinition } from './symbols';
import { TerminalRecorder, terminalSelection } from './terminals';

export interface MentionDeps {
  /** What the next message already carries. */
  pending(): readonly ContextItem[];
  /** Adds to the next message; false (and said) when it cannot. */
  add(item: ContextItem): boolean;
  /** Says why something could not be attached. */
  notify(message: string): void;
  /** Characters of code a message may carry to the chosen model. */
  codeBudget(): number;
}

/** What a picker entry stands for. */
export type MentionPick = 'changes' | 'terminalCommand' | 'terminalSelection' | 'symbol';

export type MentionItem = vscode.QuickPickItem & { mention: MentionPick };

export class Mentions extends Disposable {
  private readonly terminals = this.register(new TerminalRecorder());
  /** A terminal chip's terminal and whether it holds the selection, by the chip's id: that terminal is read again, not the active one. */
  private readonly chipTerminals = new Map<string, { terminal: vscode.Terminal; selection: boolean }>();

  constructor(private readonly deps: MentionDeps) {
    super();
  }

  /** The picker's entries: the changes, the active terminal's last command and its selection, a symbol. */
  items(): MentionItem[] {
    const terminal = vscode.window.activeTerminal;
    const command = terminal && this.terminals.lastCommand(terminal);
    const terminalItems: MentionItem[] = terminal
      ? [
          {
            label: vscode.l10n.t('Last Command in {0}', terminal.name),
            iconPath: new vscode.ThemeIcon('terminal'),
            description: '#terminal',
            detail: command
              ? command.commandLine
              : terminal.shellIntegration
                ? vscode.l10n.t('No command has run in it since the extension started')
                : vscode.l10n.t('It has no shell integration: select its output to attach the selection'),
            mention: 'terminalCommand',
          },
          ...(terminalSelection(terminal) !== undefined
            ? [
                {
                  label: vscode.l10n.t('Selection in {0}', terminal.name),
                  iconPath: new vscode.ThemeIcon('terminal'),
                  description: '#terminal',
                  detail: vscode.l10n.t('The text selected in the terminal'),
                  mention: 'terminalSelection' as const,
                },
              ]
            : []),
        ]
      : [];
    return [
      {
        label: vscode.l10n.t('Uncommitted Changes'),
        iconPath: new vscode.ThemeIcon('git-compare'),
        description: '#changes',
        detail: vscode.l10n.t('The staged and unstaged diff of the Git repository, as a commit would take it'),
        mention: 'changes',
      },
      ...terminalItems,
      {
        label: vscode.l10n.t('Symbol…'),
        iconPath: new vscode.ThemeIcon('symbol-method'),
        description: '#symbol',
        detail: vscode.l10n.t("A function, class or type by name, with its definition's text"),
        mention: 'symbol',
      },
    ];
  }

  /** Attaches what a picker entry stands for; resolves with 1 when it was. */
  async attach(pick: MentionPick): Promise<number> {
    switch (pick) {
      case 'changes':
        return this.addChanges();
      case 'terminalCommand':
      case 'terminalSelection': {
        const terminal = vscode.window.activeTerminal;
        return terminal ? this.addTerminal(terminal, pick === 'terminalSelection') : 0;
      }
      case 'symbol': {
        const symbol = await pickSymbol();
        return symbol ? this.addSymbol(symbol) : 0;
      }
    }
  }

  /** Attaches the uncommitted changes of the active editor's repository, the only one or the one picked. */
  async addChanges(root?: vscode.Uri): Promise<number> {
    const read = await readChanges(root);
    return this.added(read.ok ? changesAttachment(read.changes, read.place, this.deps.pending(), this.deps.codeBudget()) : read);
  }

  /** Attaches `terminal`'s last command and its output, or its selection. */
  addTerminal(terminal: vscode.Terminal, selection = false): number {
    const read = this.readTerminal(terminal, selection, this.deps.pending());
    if (!read.ok) return this.added(read);
    this.chipTerminals.set(read.item.id, { terminal, selection });
    return this.added(read);
  }

  /** Attaches the definition of a symbol the provider found. */
  async addSymbol(symbol: vscode.SymbolInformation): Promise<number> {
    const name = plainName(symbol);
    const definition = await symbolDefinition(symbol.location.uri, name, symbol.location.range.start.line);
    if (!definition) return this.added({ ok: false, message: vscode.l10n.t('The definition of {0} cannot be read.', name) });
    return this.added(symbolAttachment(definition, this.deps.pending(), this.deps.codeBudget()));
  }

  /** The workspace's symbols named by `query`, as the picker lists them. */
  findSymbols(query: string): Promise<vscode.SymbolInformation[]> {
    return findSymbols(query);
  }

  /** A mention's chip read again as the message is sent. */
  async reread(item: ContextItem): Promise<Attached> {
    const others = this.deps.pending().filter((other) => other.id !== item.id);
    const budget = this.deps.codeBudget();
    switch (item.kind) {
      case 'changes': {
        const read = await readChanges(item.uri !== undefined ? vscode.Uri.parse(item.uri) : undefined);
        return read.ok ? changesAttachment(read.changes, read.place, others, budget) : read;
      }
      case 'terminal': {
        const source = this.chipTerminals.get(item.id);
        if (!source || !vscode.window.terminals.includes(source.terminal))
          return { ok: false, message: vscode.l10n.t('The terminal {0} was closed: remove its chip and send again.', item.path) };
        // A selection cleared since it was picked (a click in the chat clears it) is sent as it was picked.
        if (source.selection && terminalSelection(source.terminal) === undefined) return { ok: true, item };
        return this.readTerminal(source.terminal, source.selection, others);
      }
      case 'symbol': {
        const definition = item.uri !== undefined ? await symbolDefinition(vscode.Uri.parse(item.uri), item.fileName, item.startLine - 1) : undefined;
        if (!definition) return { ok: false, message: vscode.l10n.t('{0} is no longer in {1}: remove its chip and send again.', item.fileName, item.path) };
        return symbolAttachment(definition, others, budget);
      }
      default:
        return { ok: true, item };
    }
  }

  private readTerminal(terminal: vscode.Terminal, selection: boolean, others: readonly ContextItem[]): Attached {
    const budget = this.deps.codeBudget();
    if (selection) {
      const selected = terminalSelection(terminal);
      return selected !== undefined
        ? selectionAttachment(terminal.name, selected, others, budget)
        : { ok: false, message: vscode.l10n.t('Nothing is selected in the terminal {0}.', terminal.name) };
    }
    const command = this.terminals.lastCommand(terminal);
    if (command) return commandAttachment(command, others, budget);
    return {
      ok: false,
      message: terminal.shellIntegration
        ? vscode.l10n.t('No command has run in the terminal {0} since the extension started, so nothing was attached.', terminal.name)
        : vscode.l10n.t(
            "The terminal {0} has no shell integration, so its last command cannot be read: select its output and attach the terminal's selection.",
            terminal.name,
          ),
    };
  }

  private added(read: Attached): number {
    if (!read.ok) {
      this.deps.notify(read.message);
      return 0;
    }
    return this.deps.add(read.item) ? 1 : 0;
  }
}
