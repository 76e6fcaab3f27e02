// First run: when the service address or the key is missing, one notification leads
// through both (address first, then key). The walkthrough in package.json covers the
// same steps for people who open it from the Welcome page.
import * as vscode from 'vscode';
import { Commands, EXTENSION_ID, WALKTHROUGH_ID } from '../../platform/manifest/ids';
import type { Connection } from '../../platform/services/vscode/connection';

export async function offerOnboarding(connection: Connection): Promise<void> {
  const ready = await connection.readiness();
  if (ready.ok) return;
  const setUp = vscode.l10n.t({ message: 'Set Up', comment: ['a button: asks for the service address and the API key'] });
  const openWalkthrough = vscode.l10n.t('Open Walkthrough');
  const choice = await vscode.window.showInformationMessage(
    vscode.l10n.t('Multi-Model AI needs the address of your service and your API key to work.'),
    setUp,
    openWalkthrough,
  );
  if (choice === openWalkthrough) {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#${WALKTHROUGH_ID}`, false);
  } else if (choice === setUp) {
    await runSetup(connection);
  }
}

/** Asks for whatever is missing, in order, and stops when the person cancels a step. */
async function runSetup(connection: Connection): Promise<void> {
  let ready = await connection.readiness();
  if (!ready.ok && ready.missing === 'baseUrl') {
    const outcome = await vscode.commands.executeCommand<{ ok: boolean }>(Commands.setBaseUrl);
    if (!outcome?.ok) return;
    ready = await connection.readiness();
  }
  if (!ready.ok && ready.missing === 'apiKey') await vscode.commands.executeCommand(Commands.setApiKey);
}
