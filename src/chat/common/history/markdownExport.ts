// A conversation as a Markdown document: its title, then the branch on screen: each message with
// the code attached to it as fenced blocks, each answer under the model that gave it (its own
// code blocks stay as the model wrote them), and images as links to their files. The other
// answers to a message follow its answer, each under a heading of its own; other branches are
// left out.
import * as l10n from '@vscode/l10n';
import { pathToFileURL } from 'node:url';
import type { AssistantTurn, Conversation, Turn } from '../conversation/conversation';
import { fenceCode } from '../../../platform/text/codeFence';

export function conversationMarkdown(conversation: Conversation): string {
  const parts = [`# ${conversation.title}`];
  const others = new Map<string, AssistantTurn[]>();
  for (const turn of conversation.others ?? []) {
    if (turn.role !== 'assistant' || !turn.parentId) continue;
    others.set(turn.parentId, [...(others.get(turn.parentId) ?? []), turn]);
  }
  conversation.turns.forEach((turn, at) => {
    parts.push(turnMarkdown(turn));
    // A message's other answers follow the answer on screen (or the message, when none is).
    const message = turn.role === 'assistant' ? conversation.turns[at - 1] : conversation.turns[at + 1]?.role === 'assistant' ? undefined : turn;
    for (const other of (message && others.get(message.id)) ?? []) parts.push(turnMarkdown(other, true));
  });
  return `${parts.join('\n\n')}\n`;
}

function answerHeading(turn: AssistantTurn, another: boolean): string {
  if (another)
    return turn.model
      ? l10n.t({
          message: 'Another answer ({0})',
          args: [turn.model],
          comment: ['the heading of another answer to a message in an exported conversation; {0} is the model'],
        })
      : l10n.t({ message: 'Another answer', comment: ['the heading of another answer to a message in an exported conversation'] });
  return turn.model
    ? l10n.t({ message: 'Answer ({0})', args: [turn.model], comment: ['the heading of an answer in an exported conversation; {0} is the model'] })
    : l10n.t({ message: 'Answer', comment: ['the heading of an answer in an exported conversation'] });
}

function turnMarkdown(turn: Turn, another = false): string {
  if (turn.role === 'user') {
    const code = turn.context.map((item) => `${item.path}:${item.startLine}-${item.endLine}\n\n${fenceCode(item.text, item.languageId)}`);
    return [`## ${l10n.t({ message: 'You', comment: ['the heading of a message in an exported conversation'] })}`, turn.text, ...code].join('\n\n');
  }
  const heading = answerHeading(turn, another);
  const images = (turn.images ?? []).map((image) => `![${image.label.replace(/[[\]]/g, '')}](${pathToFileURL(image.file).href})`);
  const body = [turn.text.trim(), ...images].filter(Boolean);
  if (turn.status === 'stopped' || turn.status === 'interrupted') body.push(`*${l10n.t('(the answer did not finish)')}*`);
  if (turn.status === 'failed' && turn.error) body.push(`*${turn.error.message}*`);
  return [`## ${heading}`, ...body].join('\n\n');
}

/** A file name for the export: the title without what file systems refuse. */
export function exportFileName(conversation: Pick<Conversation, 'title'>): string {
  const name = [...conversation.title]
    .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${name || 'conversation'}.md`;
}
