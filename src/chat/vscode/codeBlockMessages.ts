// A code block's buttons as the page asks for them (Copy, Insert, Apply, New File): code that
// holds hidden characters is shown to the person first, then handed to the editor's actions.
import * as vscode from 'vscode';
import { type ToHost } from '../common/protocol/protocol';
import { checkHiddenCharacters } from '../../platform/text/vscode/hiddenCharactersCheck';
import type { CodeActions } from './codeActions';

export type CodeMessage = Extract<ToHost, { type: `code/${string}` }>;

export async function useCode(message: CodeMessage, actions: CodeActions): Promise<void> {
  const code = await checkHiddenCharacters(
    message.code,
    message.lang === 'markdown'
      ? vscode.l10n.t({ message: 'This answer', comment: ['begins: … holds 2 hidden characters'] })
      : vscode.l10n.t({ message: 'This code', comment: ['begins: … holds 2 hidden characters'] }),
  );
  if (code === undefined) return;
  switch (message.type) {
    case 'code/copy':
      await vscode.env.clipboard.writeText(code);
      return void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied to the clipboard'), 2000);
    case 'code/insert':
      return void (await actions.insert(code));
    case 'code/apply':
      return void (await actions.apply(code));
    case 'code/newFile':
      return void (await actions.newFile(code, message.lang));
  }
}
