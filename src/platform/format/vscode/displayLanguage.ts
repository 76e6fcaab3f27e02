// The display language of VS Code, for everything the extension words outside vscode.l10n.t:
// the core's texts and numbers (@vscode/l10n given the bundle VS Code loaded for this
// extension, and vscode.env.language), and the command titles quoted in advice (the manifest
// as VS Code translated it).
import * as vscode from 'vscode';
import { configureCommandTitles, type ManifestCommand } from '../../manifest/commandTitles';
import { setDisplayLanguage } from '../displayLanguage';

/** At activation, before any text is made. */
export function followDisplayLanguage(extension: vscode.Extension<unknown>): void {
  setDisplayLanguage(vscode.env.language, vscode.l10n.bundle);
  const manifest = extension.packageJSON as { contributes?: { commands?: ManifestCommand[] } };
  configureCommandTitles(manifest.contributes?.commands ?? []);
}
