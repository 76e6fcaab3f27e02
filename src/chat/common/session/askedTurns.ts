// What a message asks, as the chat session stores and answers it: the user turn a typed text
// makes (a slash command's, or a text message's), which answerer answers a turn and with what,
// and the few sentences the session says about asking.
import * as l10n from '@vscode/l10n';
import { newId, type ContextItem, type UserTurn } from '../conversation/conversation';
import type { ToPageInput } from '../protocol/protocol';
import type { Answerer } from './answerer';
import { commandOfMode, parseSlashCommand } from './slashCommands';
import { textAnswer } from './textAnswer';

export type SendResult = { ok: true } | { ok: false; message: string };

export const busyMessage = (): string => l10n.t('Wait for the answer to finish, or stop it first.');

export function userTurn(text: string, mode: UserTurn['mode'], context: ContextItem[]): UserTurn {
  return { id: newId('u'), role: 'user', text, mode, context, createdAt: new Date().toISOString() };
}

/**
 * The turn of a message that starts with a slash command (it carries no attachments: they stay
 * for the next text message), or what the command alone is told; undefined for a text message.
 */
export function commandTurn(text: string): { ok: true; turn: UserTurn } | { ok: false; message: string } | undefined {
  const slash = parseSlashCommand(text);
  if (!slash) return undefined;
  if (slash.argument === '') return { ok: false, message: slash.command.usage() };
  return { ok: true, turn: userTurn(text.trim(), slash.command.mode, []) };
}

/** A slash command's turn is answered by its command, with what follows its name; any other by the model's text. */
export function answererOf(ask: UserTurn): { answer: Answerer; argument: string } {
  const command = commandOfMode(ask.mode);
  if (!command) return { answer: textAnswer, argument: ask.text };
  return { answer: command.answer, argument: parseSlashCommand(ask.text)?.argument ?? '' };
}

/** Said when a conversation past its bound is continued in a new one. */
export function grownNotice(maxBytes: number): ToPageInput {
  const message = l10n.t(
    'That conversation has grown past {0} MB, so a new one is started here; the old one stays in the history.',
    Math.round(maxBytes / 1024 / 1024),
  );
  return { type: 'notice/show', level: 'info', message };
}
