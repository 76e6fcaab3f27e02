// The chat's slash commands, one entry each: its name, the mode of the turns it asks, its
// answerer, and what the person is told of it (the empty chat's line, its part of the message
// box's placeholder, the reply to the command alone). Those texts are made with `l10n.t` when
// they are shown, so each has its translation in the l10n bundles; the pages get them from the
// host, in the display language (`session/init`). A new command is an entry here and its answerer.
import * as l10n from '@vscode/l10n';
import type { UserTurn } from '../conversation/conversation';
import type { SlashCommandView } from '../protocol/protocol';
import type { Answerer } from './answerer';
import { imageAnswer } from './imageAnswer';

/** The modes a slash command asks its turns in: every mode but the text ones. */
type CommandMode = Exclude<UserTurn['mode'], 'chat' | 'explain'>;

export interface SlashCommand {
  /** What follows the slash: `/image a red fox`. */
  readonly name: string;
  /** The mode its turns are stored with (conversation.ts): how the chat knows them again. */
  readonly mode: CommandMode;
  /** Answers its turns; given what follows the name (`AnswerJob.argument`). */
  readonly answer: Answerer;
  /** Whether its messages and their answers are text for a model: the conversation sent with a later message holds them. */
  readonly textForModel: boolean;
  /** A sentence the empty chat says of it. */
  description(): string;
  /** Its part of the message box's placeholder, after what any message may do. */
  placeholder(): string;
  /** What the command alone, with nothing after its name, is told. */
  usage(): string;
}

const COMMANDS: readonly SlashCommand[] = [
  {
    name: 'image',
    mode: 'image',
    answer: imageAnswer,
    textForModel: false,
    description: () => l10n.t('Start a message with {0} to make an image.', '/image'),
    placeholder: () => l10n.t('or {0} and a description to make an image', '/image'),
    usage: () => l10n.t('Describe the image after {0}, e.g. "{0} a flat icon of a red fox".', '/image'),
  },
];

/** Every command, in the order the chat names them. */
export const slashCommands = (): readonly SlashCommand[] => COMMANDS;

/** The command called `name`. */
export function slashCommand(name: string): SlashCommand | undefined {
  return COMMANDS.find((command) => command.name === name);
}

/** The command whose turns are stored with `mode` (none for a text message). */
export function commandOfMode(mode: UserTurn['mode']): SlashCommand | undefined {
  return COMMANDS.find((command) => command.mode === mode);
}

/**
 * The command `text` starts with, and what follows its name (trimmed; empty when nothing does);
 * undefined for a message that starts with none (`/images of foxes` names no command).
 */
export function parseSlashCommand(text: string): { command: SlashCommand; argument: string } | undefined {
  const match = /^\/([a-z]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  const command = match && slashCommand(match[1]!);
  return command ? { command, argument: (match[2] ?? '').trim() } : undefined;
}

/** What the pages show of the commands, worded in the display language. */
export function slashCommandViews(): SlashCommandView[] {
  return COMMANDS.map((command) => ({ name: command.name, description: command.description(), placeholder: command.placeholder() }));
}
