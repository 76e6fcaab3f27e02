import * as assert from 'node:assert/strict';
import type { Conversation, Turn } from '#src/chat/common/conversation/conversation';
import { addBeside, leavePath, showPath, siblingGroups } from '#src/chat/common/conversation/conversationTree';

const at = (second: number) => `2026-01-01T10:00:${String(second).padStart(2, '0')}.000Z`;
const user = (id: string, second: number): Turn => ({ id, role: 'user', text: id, mode: 'chat', context: [], createdAt: at(second) });
const answer = (id: string, second: number): Turn => ({ id, role: 'assistant', text: id, status: 'done', createdAt: at(second) });
const ids = (turns: readonly Turn[] | undefined) => (turns ?? []).map((turn) => turn.id);
const siblingsOf = (conversation: Conversation, id: string) => siblingGroups(conversation).get(id) ?? [];
const tree = (turns: Turn[]): Conversation => ({ id: 'c_1', title: 't', createdAt: at(0), updatedAt: at(0), turns });

describe('the conversation tree', () => {
  it('a conversation without branches is one path, and each of its turns its only sibling', () => {
    const conversation = tree([user('u1', 1), answer('a1', 2), user('u2', 3), answer('a2', 4)]);
    assert.deepEqual(siblingGroups(conversation).size, 0);
    assert.equal(showPath(conversation, 'a1'), true);
    assert.deepEqual([ids(conversation.turns), conversation.others], [['u1', 'a1', 'u2', 'a2'], undefined]);
    assert.equal(showPath(conversation, 'nowhere'), false);
  });

  it('another answer stays off the path until chosen; the path then ends at it, and the first answer keeps what followed it', () => {
    const conversation = tree([user('u1', 1), answer('a1', 2), user('u2', 3), answer('a2', 4)]);
    addBeside(conversation, answer('b1', 5), 'u1');
    assert.deepEqual([ids(conversation.turns), ids(conversation.others)], [['u1', 'a1', 'u2', 'a2'], ['b1']]);
    assert.deepEqual(ids(siblingsOf(conversation, 'a1')), ['a1', 'b1']);
    showPath(conversation, 'b1', at(6));
    assert.deepEqual(
      [ids(conversation.turns), ids(conversation.others)],
      [
        ['u1', 'b1'],
        ['a1', 'u2', 'a2'],
      ],
    );
    assert.deepEqual(
      conversation.others!.map((turn) => turn.parentId),
      ['u1', 'a1', 'u2'],
    );
    assert.equal(conversation.turns[1]!.parentId, undefined, 'a turn on the path follows the one before it');
    // Back to the first answer: the turns that followed it come back with it.
    showPath(conversation, 'a1', at(7));
    assert.deepEqual([ids(conversation.turns), ids(conversation.others)], [['u1', 'a1', 'u2', 'a2'], ['b1']]);
  });

  it('an edited message is a branch: the old one and what followed it stay, and each branch keeps the answer chosen in it', () => {
    const conversation = tree([user('u1', 1), answer('a1', 2), user('u2', 3), answer('a2', 4)]);
    addBeside(conversation, answer('b2', 5), 'u2');
    showPath(conversation, 'b2', at(6));
    leavePath(conversation, 2);
    conversation.turns.push({ ...user('e2', 7), chosenAt: at(7) }, answer('f2', 8));
    assert.deepEqual(
      [ids(conversation.turns), ids(conversation.others)],
      [
        ['u1', 'a1', 'e2', 'f2'],
        ['u2', 'a2', 'b2'],
      ],
    );
    assert.deepEqual(ids(siblingsOf(conversation, 'e2')), ['u2', 'e2']);
    showPath(conversation, 'u2', at(9));
    assert.deepEqual(ids(conversation.turns), ['u1', 'a1', 'u2', 'b2'], 'the answer chosen in that branch');
    showPath(conversation, 'e2', at(10));
    assert.deepEqual(ids(conversation.turns), ['u1', 'a1', 'e2', 'f2']);
  });

  it('the first message edited is a branch from the start', () => {
    const conversation = tree([user('u1', 1), answer('a1', 2)]);
    leavePath(conversation, 0);
    conversation.turns.push({ ...user('e1', 3), chosenAt: at(3) });
    assert.deepEqual([ids(conversation.turns), ids(conversation.others)], [['e1'], ['u1', 'a1']]);
    assert.equal(conversation.others![0]!.parentId, undefined);
    assert.deepEqual(ids(siblingsOf(conversation, 'u1')), ['u1', 'e1']);
  });

  it('a turn of a damaged file that no path reaches is left out when the path changes', () => {
    const conversation = tree([user('u1', 1), answer('a1', 2)]);
    conversation.others = [
      { ...answer('x', 3), parentId: 'y' },
      { ...answer('y', 4), parentId: 'x' },
      { ...answer('b1', 5), parentId: 'u1' },
    ];
    showPath(conversation, 'b1', at(6));
    assert.deepEqual([ids(conversation.turns), ids(conversation.others)], [['u1', 'b1'], ['a1']]);
  });
});
