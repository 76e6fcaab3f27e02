// Ask Another Model's quick pick: the usable text models the chat's own picker lists (from the
// catalog's one read, modelPickItems.ts), several at once, at most MAX_OTHER_MODELS.
import * as vscode from 'vscode';
import { MAX_OTHER_MODELS } from '../common/session/otherAnswers';
import type { ModelView } from '../common/protocol/protocol';

type Item = vscode.QuickPickItem & { modelId: string };

/** The models picked to answer, or undefined when none was. */
export function pickOtherModels(options: ModelView['options']): Promise<string[] | undefined> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.canSelectMany = true;
  pick.title = vscode.l10n.t('Ask Another Model');
  pick.placeholder = vscode.l10n.t('Pick up to {0} models to answer the same message', MAX_OTHER_MODELS);
  pick.items = options.map((option) => ({ label: option.id, description: option.description, modelId: option.id }));
  let kept: readonly Item[] = [];
  // A fourth model is not added: the three picked stay.
  pick.onDidChangeSelection((selected) => {
    if (selected.length > MAX_OTHER_MODELS) pick.selectedItems = kept;
    else kept = selected;
  });
  return new Promise((resolve) => {
    pick.onDidAccept(() => {
      resolve(kept.length > 0 ? kept.map((item) => item.modelId) : undefined);
      pick.hide();
    });
    pick.onDidHide(() => {
      resolve(undefined);
      pick.dispose();
    });
    pick.show();
  });
}
