// The chat in a folder not trusted (Restricted Mode), in a real extension host
// (npm run test:extension:restricted): it answers, and the project's instructions are neither
// shown nor sent, though AGENTS.md is there.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { arrangeChat, lastReply, StandInPage } from './chatHarness';
import { until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const agents = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'AGENTS.md');

describe('The chat in Restricted Mode in the extension host', () => {
  const api = useTestHandle();

  it('answers, and AGENTS.md is neither shown nor sent', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the harness opens its folder not trusted');
    await arrangeChat(api);
    const page = new StandInPage(api);
    page.send({ type: 'ready' });
    const { session } = api.chat.host;
    try {
      await session.send('Say hello');
      const without = lastReply(api).usage?.prompt_tokens;
      await vscode.workspace.fs.writeFile(agents(), new TextEncoder().encode('Answer in haiku. Use type hints in every Python sample.\n'));
      session.newConversation();
      page.send({ type: 'chat/send', text: 'Say hello' });
      await until(() => (session.current().turns.length === 2 && !session.busy) || undefined, 'the answer');
      await session.settled();
      const shown = page.received.filter((m) => (m as { type: string }).type === 'instructions/set' && 'path' in (m as object));
      assert.deepEqual([lastReply(api).status, lastReply(api).usage?.prompt_tokens, shown], ['done', without, []]);
    } finally {
      page.close();
      await vscode.workspace.fs.delete(agents()).then(undefined, () => undefined);
    }
  });
});
