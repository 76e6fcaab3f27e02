// The chat page for a browser suite (test/browser): its real bundle and stylesheet served over
// loopback, open in headless Chromium at a side bar's width.
import type { Page } from 'playwright-core';
import { openChatPage } from '../browser/fixtures/chatPageServer';
import { lateBound } from './lateBound';

export interface ChatPageSuite {
  readonly page: Page;
  /** The errors the page has thrown since it opened. */
  errors(): string[];
}

/**
 * Opens the page for the enclosing describe() and closes it after; `initScript` is added to
 * the page once it is open, for every load after that (a reload).
 */
export function useChatPage(options: { initScript?: () => void } = {}): ChatPageSuite {
  const page = lateBound<Page>('the chat page');
  let opened: Awaited<ReturnType<typeof openChatPage>> | undefined;
  before(async () => {
    opened = await openChatPage();
    page.set(opened.page);
    if (options.initScript) await opened.page.addInitScript(options.initScript);
  });
  after(() => opened?.close());
  return { page: page.value, errors: () => opened?.errors ?? [] };
}
