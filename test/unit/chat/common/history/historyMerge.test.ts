import * as assert from 'node:assert/strict';
import type { Conversation, Turn } from '#src/chat/common/conversation/conversation';
import { baseOf, mergeConversations, mergeTurns } from '#src/chat/common/history/historyMerge';

const user = (id: string, at: string): Turn => ({ id, role: 'user', text: id, mode: 'chat', context: [], createdAt: `2026-01-01T10:00:0${at}.000Z` });
const answer = (id: string, at: string, status: 'streaming' | 'done' = 'done', text = id): Turn => ({
  id,
  role: 'assistant',
  text,
  status,
  createdAt: `2026-01-01T10:00:0${at}.000Z`,
});
const conversation = (turns: Turn[], title = 'Closures'): Conversation => ({
  id: 'c_1',
  title,
  createdAt: turns[0]!.createdAt,
  updatedAt: turns.at(-1)!.createdAt,
  turns,
});
const ids = (turns: Turn[]) => turns.map((turn) => turn.id);

describe('mergeTurns', () => {
  it("keeps both windows' new turns, in the order they were made", () => {
    const base = baseOf(conversation([user('u1', '1'), answer('a1', '2')]));
    const ours = [user('u1', '1'), answer('a1', '2'), user('u3', '5'), answer('a3', '6')];
    const theirs = [user('u1', '1'), answer('a1', '2'), user('u2', '3'), answer('a2', '4')];
    assert.deepEqual(ids(mergeTurns(base, ours, theirs)), ['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
  });

  it('a turn removed in either window stays removed; one changed in one window takes that version', () => {
    const base = baseOf(conversation([user('u1', '1'), answer('a1', '2', 'streaming', 'par')]));
    // Here the failed answer was replaced (Retry); there the first answer ended.
    const ours = [user('u1', '1'), answer('a1', '2', 'streaming', 'par'), answer('a9', '5')];
    const theirs = [user('u1', '1'), answer('a1', '2', 'done', 'partial and the rest')];
    const merged = mergeTurns(base, ours, theirs);
    assert.deepEqual(
      merged.map((turn) => [turn.id, turn.text]),
      [
        ['u1', 'u1'],
        ['a1', 'partial and the rest'],
        ['a9', 'a9'],
      ],
    );
    assert.deepEqual(ids(mergeTurns(base, [user('u1', '1')], theirs)), ['u1'], 'removed here');
    assert.deepEqual(ids(mergeTurns(base, ours, [user('u1', '1')])), ['u1', 'a9'], 'removed there');
  });

  it("without a base (never read here), every turn of both is kept, this window's version of a shared one", () => {
    const merged = mergeTurns(undefined, [user('u1', '1'), answer('a1', '2', 'done', 'ours')], [answer('a1', '2', 'done', 'theirs'), user('u2', '3')]);
    assert.deepEqual(
      merged.map((turn) => turn.text),
      ['u1', 'ours', 'u2'],
    );
  });
});

describe('mergeConversations', () => {
  it("takes the other window's new name when this one kept the name it read, and the later time", () => {
    const read = conversation([user('u1', '1')]);
    const merged = mergeConversations(
      baseOf(read),
      { ...read, turns: [user('u1', '1'), user('u2', '4')], updatedAt: '2026-01-01T10:00:04.000Z' },
      { ...read, title: 'Renamed there', updatedAt: '2026-01-01T10:00:03.000Z' },
    );
    assert.deepEqual([merged.title, merged.updatedAt, ids(merged.turns)], ['Renamed there', '2026-01-01T10:00:04.000Z', ['u1', 'u2']]);
    const renamedHere = mergeConversations(baseOf(read), { ...read, title: 'Mine' }, { ...read, title: 'Theirs' });
    assert.equal(renamedHere.title, 'Mine');
  });
});

describe('mergeConversations: branches', () => {
  it('two windows adding to different branches keep both; each keeps the branch it shows', () => {
    const read: Conversation = { ...conversation([user('u1', '1'), answer('a1', '2')]), others: [user('e1', '3')] };
    const base = baseOf(read);
    // Here the first branch goes on; there the edited one.
    const ours: Conversation = { ...structuredClone(read), turns: [user('u1', '1'), answer('a1', '2'), user('u2', '4')] };
    const theirs: Conversation = { ...structuredClone(read), turns: [{ ...user('e1', '3'), chosenAt: '2026-01-01T10:00:03.000Z' }, answer('f1', '5')] };
    theirs.others = [{ ...user('u1', '1') }, { ...answer('a1', '2'), parentId: 'u1' }];
    const merged = mergeConversations(base, ours, theirs);
    assert.deepEqual(ids(merged.turns), ['u1', 'a1', 'u2']);
    assert.deepEqual(
      merged.others?.map((turn) => [turn.id, turn.parentId]),
      [
        ['e1', undefined],
        ['f1', 'e1'],
      ],
    );
    const mergedThere = mergeConversations(base, theirs, ours);
    assert.deepEqual(ids(mergedThere.turns), ['e1', 'f1']);
    assert.deepEqual(ids(mergedThere.others ?? []), ['u1', 'a1', 'u2']);
  });

  it('another answer added in one window and a turn in the other: both kept, the other answer beside the first', () => {
    const read = conversation([user('u1', '1'), answer('a1', '2')]);
    const ours: Conversation = { ...structuredClone(read), turns: [user('u1', '1'), answer('a1', '2'), user('u2', '4')] };
    const theirs: Conversation = { ...structuredClone(read), others: [{ ...answer('b1', '3'), parentId: 'u1' }] };
    const merged = mergeConversations(baseOf(read), ours, theirs);
    assert.deepEqual([ids(merged.turns), merged.others?.map((turn) => [turn.id, turn.parentId])], [['u1', 'a1', 'u2'], [['b1', 'u1']]]);
    assert.equal(ours.turns[2]!.parentId, undefined, "this window's turns are not changed");
  });

  it('an answer chosen in the other window moves the path there only: here the path stays', () => {
    const read: Conversation = { ...conversation([user('u1', '1'), answer('a1', '2')]), others: [{ ...answer('b1', '3'), parentId: 'u1' }] };
    const theirs: Conversation = {
      ...structuredClone(read),
      turns: [user('u1', '1'), { ...answer('b1', '3'), chosenAt: '2026-01-01T10:00:05.000Z' }],
      others: [{ ...answer('a1', '2'), parentId: 'u1' }],
    };
    const ours: Conversation = { ...structuredClone(read), turns: [...structuredClone(read.turns), user('u2', '6')] };
    const merged = mergeConversations(baseOf(read), ours, theirs);
    assert.deepEqual(ids(merged.turns), ['u1', 'a1', 'u2']);
    assert.deepEqual(
      merged.others?.map((turn) => [turn.id, turn.chosenAt]),
      [['b1', '2026-01-01T10:00:05.000Z']],
    );
  });
});
