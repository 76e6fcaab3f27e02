// Records which link reference labels each top-level block looks up, and on which
// line each definition starts. The incremental renderer needs both: a finished
// block that says "[foo]" must be re-rendered when "[foo]: url" arrives later,
// and definitions in committed text must stay visible to the re-parsed tail.
import type { MarkdownIt, StateCore } from 'markdown-it';

export interface ReferenceDefinition {
  readonly href: string;
  readonly title: string;
}
export type References = Record<string, ReferenceDefinition>;

/** The env fields the hooks below read and write; plain renders simply ignore them. */
export interface TrackingEnv {
  references?: References;
  /** Line at which the block parser is about to try a definition. */
  definitionLine?: number;
  /** Top-level block whose inline content is being parsed. */
  inlineBlock?: number;
}

export interface ReferenceLog {
  /** Labels looked up by each top-level block (index in the parsed token stream). */
  readonly lookups: Map<number, Set<string>>;
  /** First definitions made during the parse, in order. */
  readonly definitions: { readonly label: string; readonly line: number }[];
  /** The definitions known after the parse: `known` plus the new ones. */
  readonly references: References;
}

/** Installs the hooks. Must run before any parse that uses `trackReferences`. */
export function installReferenceTracking(md: MarkdownIt): void {
  // Always declines: it only notes where the 'reference' rule right after it will look.
  md.block.ruler.before('reference', 'note_definition_line', (state, startLine, _endLine, silent) => {
    if (!silent) (state.env as TrackingEnv).definitionLine = startLine;
    return false;
  });
  // markdown-it's own 'inline' rule, plus a note of the top-level block being parsed.
  md.core.ruler.at('inline', (state: StateCore) => {
    const env = state.env as TrackingEnv;
    let block = -1;
    for (const token of state.tokens) {
      if (token.level === 0 && token.nesting !== -1) block++;
      if (token.type === 'inline') {
        env.inlineBlock = block;
        state.md.inline.parse(token.content, state.md, state.env, token.children ?? []);
      }
    }
    env.inlineBlock = undefined;
  });
}

/** Puts a recording view of a copy of `known` into `env.references`. */
export function trackReferences(env: TrackingEnv, known: References): ReferenceLog {
  const references: References = { ...known };
  const log: ReferenceLog = { lookups: new Map(), definitions: [], references };
  env.references = new Proxy(references, {
    get(target, key) {
      if (typeof key === 'string' && env.inlineBlock !== undefined) {
        let labels = log.lookups.get(env.inlineBlock);
        if (!labels) log.lookups.set(env.inlineBlock, (labels = new Set()));
        labels.add(key);
      }
      return Reflect.get(target, key);
    },
    set(target, key, value) {
      if (typeof key === 'string') log.definitions.push({ label: key, line: env.definitionLine ?? 0 });
      return Reflect.set(target, key, value);
    },
  });
  return log;
}

export function sameDefinition(a: ReferenceDefinition | undefined, b: ReferenceDefinition | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.href === b.href && a.title === b.title);
}
