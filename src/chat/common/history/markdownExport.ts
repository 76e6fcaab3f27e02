// A conversation as a Markdown document: its title, each message with the code attached to
// it as fenced blocks, each answer under the model that gave it (its own code blocks stay as
// the model wrote them), and images as links to their files.
import * as l10n from '@vscode/l10n';
import { pathToFileURL } from 'node:url';
import type { Conversation, Turn } from '../conversation/conversation';
import { fenceCode } from '../../../platform/text/codeFence';

export function conversationMarkdown(conversation: Conversation): string {
  const parts = [`# ${conversation.title}`];
  for (const turn of conversation.turns) parts.push(turnMarkdown(turn));
  return `${parts.join('\n\n')}\n`;
}

function turnMarkdown(turn: Turn): string {
  if (turn.role === 'user') {
    const code = turn.context.map((item) => `${item.path}:${item.startLine}-${item.endLine}\n\n${fenceCode(item.text, item.languageId)}`);
    return [`## ${l10n.t({ message: 'You', comment: ['the heading of a message in an exported conversation'] })}`, turn.text, ...code].join('\n\n');
  }
  const heading = turn.model
    ? l10n.t({ message: 'Answer ({0})', args: [turn.model], comment: ['the heading of an answer in an exported conversation; {0} is the model'] })
    : l10n.t({ message: 'Answer', comment: ['the heading of an answer in an exported conversation'] });
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
