// What an answer says when a model other than the chosen one wrote it (multiModelAI.fallback):
// one wording for the chat's turn, Refactor Selection, Fix and Generate Commit Message.
import * as l10n from '@vscode/l10n';

/** The chosen model `from` refused the request with HTTP `status`, and `to` answered it. */
export interface FellBack {
  from: string;
  to: string;
  status: number;
}

/** "Answered by mira/messenger: acme/chat-large was unavailable (HTTP 503)". */
export function fallbackNote(fellBack: FellBack): string {
  return l10n.t('Answered by {0}: {1} was unavailable (HTTP {2})', fellBack.to, fellBack.from, String(fellBack.status));
}
