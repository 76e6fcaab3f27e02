// Incremental markdown: text arrives in pieces; finished top-level blocks are
// rendered once and kept, only the uncommitted tail is parsed and rendered again.
// Invariant (tested for every split of recorded replies): the committed blocks'
// HTML followed by the tail's HTML equals renderMarkdown() of the text so far.
//
// Block-commit rule. markdown-it parses the tail; its top-level blocks are
// B0..Bm. The text is cut at the start line c of some Bi (i >= 1), committing
// B0..Bi-1, only when:
//  - Bi is not the first block and exists at all, so Bi-1 is not the last block:
//    the last block can still grow (a list or quote continued, a paragraph turned
//    into a setext heading or a table, a fence closed);
//  - lines c and c+1 are complete (end in '\n'): a partial line can still change
//    what it is ("#" is a heading, "#tag" is not), and a table interrupting a
//    paragraph at c is decided by line c+1;
//  - if link reference definitions sit between Bi-1 and Bi, line c-1 is blank:
//    a definition's destination and title may continue on following lines.
// Once Bi has started under these conditions, nothing later in the text can move
// the boundary, and the tail parses from line c exactly as the whole text does.
//
// Link reference definitions may come after their use ("see [docs]" ... "[docs]: url").
// So every committed block records the labels it looked up and what they resolved
// to; when a later definition changes that, the block (and only it) is rendered
// again and reported in `replaced`. Definitions in committed text are passed to
// every tail parse, so the tail resolves them as a whole-text parse does.
import type { MarkdownIt, Token } from 'markdown-it';
import { createRenderEnv, sharedMarkdownParser, type CodeBlock } from './markdownRenderer';
import { sameDefinition, trackReferences, type ReferenceLog, type References } from './referenceTracking';

export interface RenderedBlock {
  readonly html: string;
  readonly codes: readonly CodeBlock[];
}

export interface MarkdownUpdate {
  /** Blocks committed by this render, in order, to show after those committed before. */
  readonly committed: readonly RenderedBlock[];
  /** Earlier committed blocks rendered again (a reference definition they use changed), by index. */
  readonly replaced: ReadonlyMap<number, RenderedBlock>;
  /** Everything after the committed blocks. */
  readonly tail: RenderedBlock;
}

interface CommittedBlock extends RenderedBlock {
  /** The source lines of the block plus the blank lines and definitions after it. */
  readonly source: string;
  readonly codeBase: number;
  /** The labels the block looked up and what they resolved to when rendered. */
  readonly lookups: ReadonlyMap<string, References[string] | undefined>;
}

interface TopBlock {
  readonly firstToken: number;
  readonly startLine: number;
  readonly endLine: number;
}

function topLevelBlocks(tokens: readonly Token[]): TopBlock[] {
  const blocks: TopBlock[] = [];
  tokens.forEach((token, index) => {
    if (token.level === 0 && token.nesting !== -1 && token.map) {
      blocks.push({ firstToken: index, startLine: token.map[0], endLine: token.map[1] });
    }
  });
  return blocks;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) starts.push(nl + 1);
  return starts;
}

function lookupsOf(log: ReferenceLog, block: number): Map<string, References[string] | undefined> {
  const resolved = new Map<string, References[string] | undefined>();
  for (const label of log.lookups.get(block) ?? []) resolved.set(label, log.references[label]);
  return resolved;
}

export class IncrementalMarkdown {
  private readonly blocks: CommittedBlock[] = [];
  private readonly committedCodes: CodeBlock[] = [];
  /** Definitions made in committed text (the first definition of a label wins). */
  private readonly committedReferences: References = {};
  private tailText = '';
  private tailBlock: RenderedBlock = { html: '', codes: [] };
  private afterCR = false;
  private referencesSeen = '{}';

  constructor(private readonly md: MarkdownIt = sharedMarkdownParser()) {}

  /** Adds streamed text. Line endings are normalised as markdown-it does, across pieces too. */
  append(delta: string): void {
    let text = delta;
    if (this.afterCR && text.startsWith('\n')) text = text.slice(1);
    if (text) this.afterCR = text.endsWith('\r');
    this.tailText += text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  }

  /** Parses the tail, commits what can no longer change, and returns what to show. */
  render(): MarkdownUpdate {
    const tail = this.tailText;
    const env = createRenderEnv(this.committedCodes.length);
    const log = trackReferences(env, this.committedReferences);
    const tokens = this.md.parse(tail, env);
    const blocks = topLevelBlocks(tokens);
    const starts = lineStarts(tail);
    const commitCount = this.commitCount(blocks, starts, tail);

    const committed: RenderedBlock[] = [];
    for (let i = 0; i < commitCount; i++) {
      const block = blocks[i]!;
      const end = blocks[i + 1]!.firstToken;
      const sourceStart = i === 0 ? 0 : starts[block.startLine]!;
      const source = tail.slice(sourceStart, starts[blocks[i + 1]!.startLine]);
      committed.push(this.commit(tokens.slice(block.firstToken, end), env, source, lookupsOf(log, i)));
    }
    let cutLine = 0;
    if (commitCount > 0) {
      cutLine = blocks[commitCount]!.startLine;
      for (const { label, line } of log.definitions) {
        if (line < cutLine) this.committedReferences[label] = log.references[label]!;
      }
      this.tailText = tail.slice(starts[cutLine]);
    }

    env.codes = [];
    env.codeBase = this.committedCodes.length;
    const tailTokens = commitCount < blocks.length ? tokens.slice(blocks[commitCount]!.firstToken) : [];
    this.tailBlock = { html: this.md.renderer.render(tailTokens, this.md.options, env), codes: env.codes };
    return { committed, replaced: this.refreshReferences(log.references), tail: this.tailBlock };
  }

  /**
   * The text is complete: forgets the committed blocks' HTML, which the page has in its DOM
   * (a long history kept megabytes of it). Source and code stay, for text() and code().
   */
  forgetHtml(): void {
    this.blocks.forEach((block, index) => (this.blocks[index] = { ...block, html: '' }));
  }

  /** The committed blocks so far. */
  get committed(): readonly RenderedBlock[] {
    return this.blocks;
  }

  /** The tail as of the last render(). */
  get tail(): RenderedBlock {
    return this.tailBlock;
  }

  /** Source of code block `index` (its data-code-index), as of the last render(). */
  code(index: number): CodeBlock | undefined {
    return index < this.committedCodes.length ? this.committedCodes[index] : this.tailBlock.codes[index - this.committedCodes.length];
  }

  get codeCount(): number {
    return this.committedCodes.length + this.tailBlock.codes.length;
  }

  /** The whole text appended so far (joins the pieces: call it to save, not per frame). */
  text(): string {
    return this.blocks.map((b) => b.source).join('') + this.tailText;
  }

  private commitCount(blocks: readonly TopBlock[], starts: readonly number[], tail: string): number {
    const completeLines = starts.length - 1;
    for (let i = blocks.length - 1; i >= 1; i--) {
      const cut = blocks[i]!.startLine;
      if (cut + 1 >= completeLines) continue;
      const gap = blocks[i - 1]!.endLine < cut;
      if (gap && !/^[ \t]*$/.test(tail.slice(starts[cut - 1], starts[cut]! - 1))) continue;
      return i;
    }
    return 0;
  }

  private commit(tokens: Token[], env: ReturnType<typeof createRenderEnv>, source: string, lookups: CommittedBlock['lookups']): CommittedBlock {
    env.codes = [];
    env.codeBase = this.committedCodes.length;
    const html = this.md.renderer.render(tokens, this.md.options, env);
    const block: CommittedBlock = { html, codes: env.codes, source, codeBase: env.codeBase, lookups };
    this.blocks.push(block);
    this.committedCodes.push(...env.codes);
    return block;
  }

  /** Renders again the committed blocks whose reference lookups now resolve differently. */
  private refreshReferences(references: References): Map<number, RenderedBlock> {
    const replaced = new Map<number, RenderedBlock>();
    const seen = JSON.stringify(references);
    if (seen === this.referencesSeen) return replaced;
    this.referencesSeen = seen;
    this.blocks.forEach((block, index) => {
      for (const [label, resolved] of block.lookups) {
        if (sameDefinition(resolved, references[label])) continue;
        const env = createRenderEnv(block.codeBase);
        const log = trackReferences(env, references);
        const html = this.md.render(block.source, env);
        const fresh: CommittedBlock = { ...block, html, lookups: lookupsOf(log, 0) };
        this.blocks[index] = fresh;
        replaced.set(index, fresh);
        return;
      }
    });
    return replaced;
  }
}
