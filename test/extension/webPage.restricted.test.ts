// `#url` in a folder not trusted (Restricted Mode), in a real extension host
// (npm run test:extension:restricted): every page is asked for before it is read.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { arrangeChat } from './chatHarness';
import { answerPageQuestion, usePageServer } from './webPageHarness';
import { useTestHandle } from '../support/useTestHandle';

describe('Chat #url in Restricted Mode in the extension host', () => {
  const api = useTestHandle();
  const site = usePageServer();

  it('asks before reading a page, reads nothing when the person says no, and then asks about a loopback host too', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the harness opens its folder not trusted');
    await arrangeChat(api);
    site.body = '<title>Restricted</title><p>Read after two answers.</p>';
    const { webPages } = api.chat.host.attachments;
    const address = `http://127.0.0.1:${site.port}/`;
    const refused = webPages.add(address);
    assert.equal(await answerPageQuestion(api, "Don't"), `This workspace is in Restricted Mode. Read the page ${address}?`);
    assert.deepEqual([await refused, site.served], [0, 0]);

    const added = webPages.add(address);
    await answerPageQuestion(api, 'Read the Page');
    assert.equal(
      await answerPageQuestion(api, 'Read Pages from'),
      '127.0.0.1 is a loopback address (this computer). Read pages from this host in this window?',
    );
    assert.deepEqual([await added, site.served], [1, 1]);
    const chip = api.chat.host.session.pendingContext().at(-1)!;
    assert.deepEqual([chip.fileName, chip.note], ['Restricted', '1 KB']);
    api.chat.host.session.removeContext(chip.id);
  });
});
