// Refactor Selection's commands: Refactor Selection (with an instruction a keybinding or a test
// may pass), Accept and Reject, on one controller with its proposal documents.
import * as vscode from 'vscode';
import { Commands } from '../../platform/manifest/ids';
import { ProposalDocuments } from '../../platform/review/vscode/proposalDocuments';
import type { Services } from '../../platform/services/vscode/services';
import { RefactorController } from './refactorController';

/** Command arguments tests (and keybindings) may pass: `{ instruction }`. Menus pass a URI, which is ignored. */
function instructionArg(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null || !('instruction' in arg)) return undefined;
  return typeof arg.instruction === 'string' ? arg.instruction : undefined;
}

export function registerRefactor(context: vscode.ExtensionContext, { connection, failures, instructions }: Services): RefactorController {
  const proposals = new ProposalDocuments();
  const controller = new RefactorController({
    connect: (purpose) => connection.forModel(undefined, undefined, purpose),
    proposals,
    failures,
    instructions: () => instructions.read(),
  });
  context.subscriptions.push(
    proposals,
    controller,
    vscode.commands.registerCommand(Commands.refactorSelection, (arg?: unknown) => controller.refactorSelection(instructionArg(arg))),
    vscode.commands.registerCommand(Commands.acceptRefactor, () => controller.accept()),
    vscode.commands.registerCommand(Commands.rejectRefactor, () => controller.reject()),
  );
  return controller;
}
