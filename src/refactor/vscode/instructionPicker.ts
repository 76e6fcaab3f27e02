// The quick input of Refactor Selection: the presets, plus whatever the person types as
// an instruction of their own (listed first while they type).
import * as vscode from 'vscode';
import { Commands } from '../../platform/manifest/ids';
import { commandTitle } from '../../platform/manifest/commandTitles';
import { instructionFor, refactorPresets } from '../common/presets';

interface InstructionItem extends vscode.QuickPickItem {
  instruction: string;
}

const presetItems = (): InstructionItem[] => refactorPresets().map((p) => ({ label: p.label, detail: p.detail, instruction: p.instruction }));

/** Resolves with the instruction, or undefined when the input is closed without one. */
export function pickInstruction(): Promise<string | undefined> {
  const picker = vscode.window.createQuickPick<InstructionItem>();
  picker.title = commandTitle(Commands.refactorSelection);
  picker.placeholder = vscode.l10n.t('Pick what to do with the selected code, or type your own instruction');
  const presets = presetItems();
  picker.items = presets;
  picker.onDidChangeValue((value) => {
    const typed = value.trim();
    picker.items = typed
      ? [{ label: typed, description: vscode.l10n.t('your instruction'), instruction: instructionFor(typed), alwaysShow: true }, ...presets]
      : presets;
  });
  return new Promise((resolve) => {
    let chosen: string | undefined;
    picker.onDidAccept(() => {
      chosen = (picker.selectedItems[0] ?? picker.activeItems[0])?.instruction;
      if (chosen) picker.hide();
    });
    picker.onDidHide(() => {
      picker.dispose();
      resolve(chosen);
    });
    picker.show();
  });
}
