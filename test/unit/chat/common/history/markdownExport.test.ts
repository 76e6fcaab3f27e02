import * as assert from 'node:assert/strict';
import type { Conversation } from '#src/chat/common/conversation/conversation';
import { conversationMarkdown, exportFileName } from '#src/chat/common/history/markdownExport';
import { useEnglish, useRussian } from '../../../l10n/displayLanguage';

describe('Export Conversation as Markdown', () => {
  it('writes the title, each message with its code fenced, each answer under its model, and images as links', () => {
    const at = '2026-01-01T10:00:00.000Z';
    const conversation: Conversation = {
      id: 'c_1',
      title: 'Sum in Python',
      createdAt: at,
      updatedAt: at,
      turns: [
        {
          id: 'u1',
          role: 'user',
          text: 'Explain this',
          mode: 'chat',
          createdAt: at,
          context: [
            {
              id: 'x',
              kind: 'selection',
              fileName: 'sum.py',
              path: 'src/sum.py',
              languageId: 'python',
              startLine: 3,
              endLine: 4,
              text: 'def s(a):\n  return sum(a)',
            },
          ],
        },
        { id: 'a1', role: 'assistant', text: 'It adds:\n\n```python\nsum([1, 2])\n```\n', status: 'done', model: 'acme/chat-large', createdAt: at },
        { id: 'u2', role: 'user', text: '/image a red fox', mode: 'image', context: [], createdAt: at },
        {
          id: 'a2',
          role: 'assistant',
          text: '',
          status: 'done',
          model: 'pixel/image-gen',
          createdAt: at,
          images: [{ file: '/work/images/a red fox.png', label: 'images/a red fox.png' }],
        },
        { id: 'u3', role: 'user', text: 'More', mode: 'chat', context: [], createdAt: at },
        { id: 'a3', role: 'assistant', text: 'Partly', status: 'stopped', createdAt: at },
      ],
    };
    assert.equal(
      conversationMarkdown(conversation),
      [
        '# Sum in Python',
        '',
        '## You',
        '',
        'Explain this',
        '',
        'src/sum.py:3-4',
        '',
        '```python',
        'def s(a):',
        '  return sum(a)',
        '```',
        '',
        '## Answer (acme/chat-large)',
        '',
        'It adds:',
        '',
        '```python',
        'sum([1, 2])',
        '```',
        '',
        '## You',
        '',
        '/image a red fox',
        '',
        '## Answer (pixel/image-gen)',
        '',
        '![images/a red fox.png](file:///work/images/a%20red%20fox.png)',
        '',
        '## You',
        '',
        'More',
        '',
        '## Answer',
        '',
        'Partly',
        '',
        '*(the answer did not finish)*',
        '',
      ].join('\n'),
    );
  });

  it('exports the branch on screen, the other answers to each message under a heading of their own, and no other branch', () => {
    const at = '2026-01-01T10:00:00.000Z';
    const conversation: Conversation = {
      id: 'c_1',
      title: 'Compare',
      createdAt: at,
      updatedAt: at,
      turns: [
        { id: 'u1', role: 'user', text: 'Name a colour', mode: 'chat', context: [], createdAt: at },
        { id: 'a1', role: 'assistant', text: 'Red', status: 'done', model: 'acme/chat-large', createdAt: at },
        { id: 'u2', role: 'user', text: 'Another', mode: 'chat', context: [], createdAt: at },
        { id: 'a2', role: 'assistant', text: 'Blue', status: 'done', createdAt: at },
      ],
      others: [
        { id: 'b1', role: 'assistant', text: 'Green', status: 'done', model: 'mira/messenger', createdAt: at, parentId: 'u1' },
        {
          id: 'c1',
          role: 'assistant',
          text: '',
          status: 'failed',
          model: 'acme/chat-small',
          createdAt: at,
          parentId: 'u1',
          error: { message: 'Unavailable', actions: [] },
        },
        { id: 'e2', role: 'user', text: 'An edited branch', mode: 'chat', context: [], createdAt: at, parentId: 'a1' },
        { id: 'f2', role: 'assistant', text: 'Not exported', status: 'done', createdAt: at, parentId: 'e2' },
        { id: 'b2', role: 'assistant', text: 'Violet', status: 'done', createdAt: at, parentId: 'u2' },
      ],
    };
    const expected = [
      '# Compare',
      '## You',
      'Name a colour',
      '## Answer (acme/chat-large)',
      'Red',
      '## Another answer (mira/messenger)',
      'Green',
      '## Another answer (acme/chat-small)',
      '*Unavailable*',
      '## You',
      'Another',
      '## Answer',
      'Blue',
      '## Another answer',
      'Violet',
    ];
    assert.equal(conversationMarkdown(conversation), `${expected.join('\n\n')}\n`);
    useRussian();
    try {
      assert.match(conversationMarkdown(conversation), /## Другой ответ \(mira\/messenger\)\n\nGreen/);
    } finally {
      useEnglish();
    }
  });

  it('names the file after the title, without what file systems refuse', () => {
    assert.equal(exportFileName({ title: 'a/b: "c"?\tend' }), 'a b c end.md');
    assert.equal(exportFileName({ title: '???' }), 'conversation.md');
  });
});
