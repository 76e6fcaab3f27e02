// Spec, Versioning 2 and 3: the legacy address keeps working only as a migration aid. While it
// is in use, the person is offered the current address, once it is known to answer with the
// same key: automatically once per legacy address, and whenever Verify Connection runs.
import * as vscode from 'vscode';
import { Commands } from '../../platform/manifest/ids';
import { currentAddressFor } from '../../platform/client/http/baseUrl';
import { type MementoLike } from '../../platform/storage/serialMemento';
import { offerActions } from '../../platform/actions/vscode/actionRunner';
import type { Connection } from '../../platform/services/vscode/connection';

const OFFERED_KEY = 'multiModelAI.legacyAddressOffered';

/** The current address when it answers with the stored key (and the offer was shown), else undefined. */
export async function offerCurrentAddress(connection: Connection, legacyBaseUrl: string): Promise<string | undefined> {
  const current = currentAddressFor(legacyBaseUrl);
  if (current === legacyBaseUrl || !(await connection.answersAt(current))) return undefined;
  void offerActions(
    'info',
    vscode.l10n.t(
      "Multi-Model AI uses the service's legacy address {0}, which is kept only for migration. The current address {1} answers with your key: switch to it?",
      legacyBaseUrl,
      current,
    ),
    ['useCurrentAddress'],
    { useCurrentAddress: () => vscode.commands.executeCommand(Commands.setBaseUrl, current) },
  );
  return current;
}

/** Offers the move once per legacy address, when the connection is ready on it. */
export async function offerCurrentAddressOnce(connection: Connection, state: MementoLike): Promise<void> {
  const readiness = await connection.readiness();
  if (!readiness.ok || !readiness.legacy || state.get(OFFERED_KEY) === readiness.baseUrl) return;
  if (await offerCurrentAddress(connection, readiness.baseUrl)) await state.update(OFFERED_KEY, readiness.baseUrl);
}
