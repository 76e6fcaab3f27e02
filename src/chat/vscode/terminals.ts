// What the terminals printed, for #terminal: each terminal's last command through VS Code's shell
// integration, its output read as it runs (an execution's output can be read only from when
// its reading starts, so every command is read from its start, keeping its end), and a
// terminal's selection where the VS Code running it has that API.
import * as vscode from 'vscode';
import { OutputTail, type TerminalCommand } from '../common/attachments/terminal';
import { Disposable } from '../../platform/vscode/lifecycle';

interface Recorded {
  execution: vscode.TerminalShellExecution;
  tail: OutputTail;
  exitCode?: number;
  running: boolean;
}

export class TerminalRecorder extends Disposable {
  private readonly last = new Map<vscode.Terminal, Recorded>();

  constructor() {
    super();
    this.register(vscode.window.onDidStartTerminalShellExecution(({ terminal, execution }) => this.record(terminal, execution)));
    this.register(
      vscode.window.onDidEndTerminalShellExecution(({ terminal, execution, exitCode }) => {
        const recorded = this.last.get(terminal);
        if (recorded?.execution !== execution) return;
        recorded.running = false;
        recorded.exitCode = exitCode;
      }),
    );
    this.register(vscode.window.onDidCloseTerminal((terminal) => this.last.delete(terminal)));
  }

  private record(terminal: vscode.Terminal, execution: vscode.TerminalShellExecution): void {
    const recorded: Recorded = { execution, tail: new OutputTail(), running: true };
    this.last.set(terminal, recorded);
    void (async () => {
      for await (const data of execution.read()) recorded.tail.append(data);
    })().catch(() => undefined);
  }

  /** The last command `terminal` ran since the extension started, as far as it printed. */
  lastCommand(terminal: vscode.Terminal): TerminalCommand | undefined {
    const recorded = this.last.get(terminal);
    if (!recorded) return undefined;
    const { output, totalLines } = recorded.tail.read();
    return {
      terminal: terminal.name,
      // The command line is more accurate once the command ended.
      commandLine: recorded.execution.commandLine.value,
      ...(recorded.exitCode !== undefined && { exitCode: recorded.exitCode }),
      running: recorded.running,
      output,
      totalLines,
    };
  }
}

/** What is selected in `terminal`: `Terminal.selection` is newer than the oldest VS Code the extension runs on, so it is looked for. */
export function terminalSelection(terminal: vscode.Terminal): string | undefined {
  const selection = (terminal as { readonly selection?: unknown }).selection;
  return typeof selection === 'string' && selection.trim() !== '' ? selection : undefined;
}
