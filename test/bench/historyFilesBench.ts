// The history on disk (src/chat/common/history): the time to save one new turn into a 100 KB
// conversation with 500 such conversations stored, against the same with only that one stored
// (alternated round by round, each in a folder of its own on this machine's disk); a search
// of the 500 for a word one of them holds; and what the store leaves in globalState and
// workspaceState, as JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Conversation, Turn } from '#src/chat/common/conversation/conversation';
import { HistoryStore } from '#src/chat/common/history/historyStore';
import { MapMemento } from '../unit/chat/common/fixtures/mapMemento';
import { storedHistory } from './render/historyFixture';
import { median, paired } from './stats';

export const STORED = 500;
const SEARCHED_WORD = 'zanzibar';

export interface HistoryFilesBenchResult {
  conversationBytes: number;
  saveManyMs: number[];
  saveOneMs: number[];
  /** Median over rounds of the save with 500 stored / with 1. */
  saveRatio: number;
  searchMs: number[];
  searchMedianMs: number;
  /** JSON of globalState + workspaceState after the run. */
  stateBytes: number;
}

/** What a memento keeps, as the JSON VS Code stores. */
function stateJson(memento: MapMemento): string {
  return JSON.stringify(Object.fromEntries([...memento.values].map(([key, raw]) => [key, JSON.parse(raw)])));
}

/** About 100 KB: 10 questions and their 10 KB answers. */
function conversation(n: number, template: Conversation): Conversation {
  const at = new Date(Date.parse('2026-11-01T00:00:00.000Z') + n * 60_000).toISOString();
  const turns = template.turns.map((turn) => ({ ...turn, id: `${turn.id}_${n}`, createdAt: at }));
  if (n === STORED / 2) {
    const last = turns.at(-1)!;
    turns[turns.length - 1] = { ...last, text: `${last.text}\nThe ${SEARCHED_WORD} case is the odd one.` };
  }
  return { id: `c_bench${n}`, title: `Conversation ${n}`, createdAt: at, updatedAt: at, turns };
}

export async function runHistoryFilesBench(log: (line: string) => void, rounds = 21): Promise<HistoryFilesBenchResult> {
  const template = storedHistory(20) as unknown as Conversation;
  const root = mkdtempSync(path.join(tmpdir(), 'mmai-history-bench-'));
  const [state, window] = [new MapMemento(), new MapMemento()];
  const many = new HistoryStore({ folder: path.join(root, 'many'), state, window, watch: false });
  const one = new HistoryStore({ folder: path.join(root, 'one'), state: new MapMemento(), watch: false });
  try {
    await Promise.all([many.load(), one.load()]);
    for (let n = 1; n <= STORED; n++) await many.save(conversation(n, template));
    const target = conversation(STORED + 1, template);
    await many.save(target);
    await many.setActive(target.id);
    const alone = structuredClone(target);
    await one.save(alone);
    await Promise.all([many.flushed(), one.flushed()]);
    const conversationBytes = many.entry(target.id)!.bytes;
    log(`history files: ${STORED + 1} conversations of ${(conversationBytes / 1024).toFixed(0)} KB stored, against 1`);
    let turnNo = 0;
    const saveTurn = (store: HistoryStore, into: Conversation) => async () => {
      const at = new Date().toISOString();
      const turn: Turn = { id: `u_new${turnNo++}`, role: 'user', text: 'One more question about the pipeline.', mode: 'chat', context: [], createdAt: at };
      into.turns.push(turn);
      into.updatedAt = at;
      const started = performance.now();
      await store.save(into);
      const ms = performance.now() - started;
      // The list is written after the save resolves: not part of the time the answer waits for.
      await store.flushed();
      return ms;
    };
    const saves = await paired(rounds, 2, saveTurn(many, target), saveTurn(one, alone));
    log(
      `  save one turn: ${STORED} stored ${saves.ours.map((ms) => ms.toFixed(1)).join(', ')} ms; 1 stored ${saves.peer.map((ms) => ms.toFixed(1)).join(', ')} ms`,
    );
    const searchMs: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const found = await many.search(SEARCHED_WORD);
      searchMs.push(performance.now() - started);
      if (found.length !== 1 || found[0]!.id !== `c_bench${STORED / 2}`)
        throw new Error(`the search found ${found.map((item) => item.id).join(', ') || 'nothing'}`);
    }
    log(`  search of ${STORED + 1} conversations: ${searchMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    return {
      conversationBytes,
      saveManyMs: saves.ours,
      saveOneMs: saves.peer,
      saveRatio: saves.medianRatio,
      searchMs,
      searchMedianMs: median(searchMs),
      stateBytes: Buffer.byteLength(stateJson(state)) + Buffer.byteLength(stateJson(window)),
    };
  } finally {
    many.dispose();
    one.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}
