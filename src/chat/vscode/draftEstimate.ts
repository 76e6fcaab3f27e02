// The composer's price line, on the host: the draft priced against the model in use, with the
// project's instructions and the chips as they would go; nothing when the model or its prices are
// not known (no key, no model, a catalog without prices).
import type { ChatSession } from '../common/session/chatSession';
import { draftPrice } from '../common/session/draftPrice';
import type { DraftEstimate } from '../common/protocol/protocol';
import type { Connection } from '../../platform/services/vscode/connection';
import type { ProjectInstructionsSource } from '../../platform/instructions/vscode/projectInstructions';

export async function priceDraft(
  deps: { connection: Connection; instructions: ProjectInstructionsSource },
  session: ChatSession,
  text: string,
  editing?: string,
): Promise<{ estimate?: DraftEstimate }> {
  const connected = await deps.connection.forModel().catch(() => undefined);
  if (!connected) return {};
  const instructions = await deps.instructions.read().catch(() => undefined);
  const estimate = draftPrice({ turns: session.turns(), text, context: session.pendingContext(), editing }, { ...connected, instructions });
  return estimate ? { estimate } : {};
}
