// Takes the code out of a model's reply: the fenced block in the selection's language (else
// an unlabelled one, else the first), or the whole reply when it has no fence. While the
// reply is still arriving, the open block's content so far.
import { languageIdForFence } from '../../platform/text/fenceLanguage';

export interface FencedBlock {
  /** The info string's first word, lower-cased ('' when none). */
  lang: string;
  body: string;
  closed: boolean;
}

const OPENING = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;

/** The React flavours count as their base language: a `ts` block fits a .tsx file and back. */
const family = (languageId: string): string => languageId.toLowerCase().replace(/react$/, '');

export function languageMatches(fenceLang: string, languageId: string): boolean {
  return fenceLang !== '' && family(languageIdForFence(fenceLang)) === family(languageId);
}

/** Every fenced block in `text`, the last one possibly still open. */
export function fencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let open: { fence: string; lang: string; lines: string[] } | undefined;
  for (const line of text.split('\n')) {
    const bare = line.replace(/\r$/, '');
    if (open) {
      const closing = bare.trim();
      if (closing.length >= open.fence.length && closing === open.fence[0]!.repeat(closing.length) && /^ {0,3}\S/.test(bare)) {
        blocks.push({ lang: open.lang, body: open.lines.join('\n'), closed: true });
        open = undefined;
      } else {
        open.lines.push(bare);
      }
      continue;
    }
    const match = OPENING.exec(bare);
    // A backtick fence's info string may not hold backticks (CommonMark); a tilde one may.
    if (match && !(match[1]!.startsWith('`') && bare.slice(bare.indexOf(match[1]!) + match[1]!.length).includes('`'))) {
      open = { fence: match[1]!, lang: (match[2] ?? '').toLowerCase(), lines: [] };
    }
  }
  if (open) blocks.push({ lang: open.lang, body: open.lines.join('\n'), closed: false });
  return blocks;
}

function choose(blocks: FencedBlock[], languageId: string): FencedBlock | undefined {
  return blocks.find((b) => languageMatches(b.lang, languageId)) ?? blocks.find((b) => b.lang === '') ?? blocks[0];
}

/**
 * The code in `reply`. `complete` is false while the reply is still arriving: then an open
 * block's last line is held back when it could be the start of its closing fence, and a
 * reply with no fence yet gives undefined (it may still be the prose before one).
 */
export function extractCode(reply: string, languageId: string, complete: boolean): string | undefined {
  const block = choose(fencedBlocks(reply), languageId);
  if (complete) return block ? block.body : trimBlankEdges(reply);
  if (!block) return undefined;
  if (block.closed) return block.body;
  const lines = block.body.split('\n');
  const last = lines.at(-1)!.trim();
  if (last !== '' && /^(`+|~+)$/.test(last)) lines.pop();
  return lines.join('\n');
}

function trimBlankEdges(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');
}
