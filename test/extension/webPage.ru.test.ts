// `#url` in a Russian VS Code (npm run test:extension:ru): the question before a loopback page is
// read, its answers, the refusal and the chip's size are Russian.
import * as assert from 'node:assert/strict';
import { arrangeChat, StandInPage } from './chatHarness';
import { answerPageQuestion, usePageServer } from './webPageHarness';
import { useTestHandle } from '../support/useTestHandle';

describe('Chat #url in a Russian VS Code', () => {
  const api = useTestHandle();
  const site = usePageServer();

  it('asks about a loopback host, refuses it and attaches its page in Russian', async () => {
    await arrangeChat(api, 'mira/messenger');
    const page = new StandInPage(api);
    page.send({ type: 'ready' });
    try {
      site.body = '<title>Справка</title><p>Площадь круга.</p>';
      const { webPages } = api.chat.host.attachments;
      const refused = webPages.add(`http://localhost:${site.port}/`);
      assert.equal(await answerPageQuestion(api, 'Не читать'), 'localhost — адрес обратной петли (этот компьютер). Читать страницы с этого узла в этом окне?');
      assert.equal(await refused, 0);
      const notices = page.received.flatMap((m) => ((m as { type: string }).type === 'notice/show' ? [(m as { message: string }).message] : []));
      assert.equal(notices.at(-1), 'Страница не прочитана: localhost — адрес обратной петли (этот компьютер).');

      const added = webPages.add(`http://localhost:${site.port}/`);
      await answerPageQuestion(api, 'Читать страницы с localhost');
      assert.equal(await added, 1);
      const chip = api.chat.host.session.pendingContext().at(-1)!;
      assert.deepEqual([chip.fileName, chip.note], ['Справка', '1 КБ']);
      api.chat.host.session.removeContext(chip.id);
    } finally {
      page.close();
    }
  });
});
