// Links in answers open only through here, after the person has seen the address and
// agreed: model output must not send anyone to a page unasked.
import * as vscode from 'vscode';

export function isOpenableLink(href: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

export async function openLinkWithConfirmation(href: string): Promise<boolean> {
  if (!isOpenableLink(href)) return false;
  const open = vscode.l10n.t('Open Link');
  const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Open this link from the chat answer?'), { modal: true, detail: href }, open);
  if (choice !== open) return false;
  return vscode.env.openExternal(vscode.Uri.parse(href, true));
}
