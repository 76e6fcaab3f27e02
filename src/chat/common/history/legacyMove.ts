// The history as earlier versions kept it, one globalState value, moved into files once: every
// conversation written and read back before the value is removed. A failure leaves the value
// where it was (the next start tries again) and is said to the person once. An earlier
// version run afterwards reads and writes only that value, never the files: what it adds is
// moved at the next start with this one, beside what the files hold.
import * as l10n from '@vscode/l10n';
import { ConversationSchema, newId, type Conversation } from '../conversation/conversation';
import type { SerialMemento } from '../../../platform/storage/serialMemento';
import { isSafeId } from './conversationFiles';

export const LEGACY_HISTORY_KEY = 'multiModelAI.chat.conversations';
export const LEGACY_DELETED_KEY = 'multiModelAI.chat.deletedConversations';
/** Set once the person was told the move failed. */
export const MOVE_FAILED_KEY = 'multiModelAI.chat.historyMoveFailed';

export interface MoveTarget {
  importConversation(conversation: Conversation): Promise<void>;
  readBack(id: string): Promise<Conversation | undefined>;
}

export type MoveOutcome = 'nothing' | 'moved' | 'failed';

export async function moveLegacyHistory(
  target: MoveTarget,
  state: SerialMemento,
  log: (line: string) => void,
  warn?: (message: string) => void,
): Promise<MoveOutcome> {
  const stored = state.get<unknown>(LEGACY_HISTORY_KEY);
  if (stored === undefined) return 'nothing';
  const deleted = new Set(strings(state.get<unknown>(LEGACY_DELETED_KEY)));
  const conversations: Conversation[] = [];
  for (const entry of Array.isArray(stored) ? stored : []) {
    const parsed = ConversationSchema().safeParse(entry);
    if (!parsed.success) {
      log('History: skipped a stored conversation that does not read back as one.');
      continue;
    }
    if (deleted.has(parsed.data.id) || parsed.data.turns.length === 0) continue;
    conversations.push(isSafeId(parsed.data.id) ? parsed.data : { ...parsed.data, id: newId('c') });
  }
  try {
    for (const conversation of conversations) await target.importConversation(conversation);
    for (const conversation of conversations) {
      const back = await target.readBack(conversation.id);
      const ids = new Set(back?.turns.map((turn) => turn.id));
      if (!back || conversation.turns.some((turn) => !ids.has(turn.id))) throw new Error(`the conversation ${conversation.id} did not read back whole`);
    }
  } catch (error) {
    log(`History: could not move the history out of globalState (${(error as Error).message}); it stays there and is moved at the next start.`);
    if (state.get(MOVE_FAILED_KEY) !== true) {
      warn?.(
        l10n.t(
          'The chat history could not be moved to its new place; it is kept where it was, and the move is tried again at the next start. The log says why.',
        ),
      );
      await state.update(MOVE_FAILED_KEY, true);
    }
    return 'failed';
  }
  await state.update(LEGACY_HISTORY_KEY, undefined);
  await state.update(LEGACY_DELETED_KEY, undefined);
  await state.update(MOVE_FAILED_KEY, undefined);
  log(`History: moved ${conversations.length} conversation(s) from globalState into files.`);
  return 'moved';
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
