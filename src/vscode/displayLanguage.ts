// The display language of VS Code, for everything the extension words outside vscode.l10n.t:
// the core's texts (@vscode/l10n, given the bundle VS Code loaded for this extension), the
// command titles quoted in advice (the manifest as VS Code translated it), and numbers.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { configureCommandTitles, type Locale, type ManifestCommand } from '../core/index';

/** At activation, before any text is made. */
export function configureDisplayLanguage(extension: vscode.Extension<unknown>): void {
  l10n.config({ contents: vscode.l10n.bundle ?? {} });
  const manifest = extension.packageJSON as { contributes?: { commands?: ManifestCommand[] } };
  configureCommandTitles(manifest.contributes?.commands ?? []);
}

/** The locale numbers, money and dates are formatted for (src/core/format/localeFormat.ts). */
export function displayLocale(): Locale {
  return vscode.env.language;
}
