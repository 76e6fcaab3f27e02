// Page objects for the chat e2e: a real code-server with the packaged .vsix installed,
// driven in headless Chromium as a person would (command palette, clicks, keys).
import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { launchChromium } from '../host/browser';
import { codeServerDirs, installVsix, startCodeServer, writeUserSettings, type RunningCodeServer } from '../host/codeServer';
import { RESULTS_DIR, VSIX_PATH } from '../host/paths';

export const DARK = 'Default Dark Modern';
export const LIGHT = 'Default Light Modern';

export class ChatWorkbench {
  private constructor(
    readonly server: RunningCodeServer,
    private readonly browser: Browser,
    readonly page: Page,
    private readonly settings: Record<string, unknown>,
  ) {}

  static async start(name: string, settings: Record<string, unknown>, files: Record<string, string>): Promise<ChatWorkbench> {
    const runDir = path.join(RESULTS_DIR, name);
    rmSync(runDir, { recursive: true, force: true });
    mkdirSync(runDir, { recursive: true });
    const dirs = codeServerDirs(runDir);
    installVsix(dirs, VSIX_PATH);
    const all = { 'workbench.startupEditor': 'none', 'workbench.colorTheme': DARK, 'git.enabled': false, ...settings };
    writeUserSettings(dirs, all);
    mkdirSync(dirs.workspaceDir, { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dirs.workspaceDir, file), text);
    const server = await startCodeServer(dirs);
    const browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.workbenchUrl);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.statusbar').waitFor();
    return new ChatWorkbench(server, browser, page, all);
  }

  async stop(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
  }

  /** Runs a command from the palette by its title. */
  async command(title: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    // A workbench still starting can swallow the first F1: try again (bounded).
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('F1');
      try {
        await input.waitFor({ timeout: 5_000 });
        await input.fill(`>${title}`);
        await row.waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt === 6) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
    await input.press('Enter');
  }

  /** Answers the open quick input (an input box) with `text`. */
  async answerInput(text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(text);
    await input.press('Enter');
  }

  async setApiKey(key: string): Promise<void> {
    await this.command('Multi-Model AI: Set API Key');
    await this.answerInput(key);
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  async openFile(name: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    await this.answerInput(name);
    await this.page.locator(`.tab[aria-label^="${name}"]`).first().waitFor();
  }

  /** The text of the active editor as Monaco shows it (visible lines). */
  async editorText(): Promise<string> {
    return (await this.page.locator('.editor-instance .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
  }

  async setTheme(theme: string): Promise<void> {
    writeUserSettings(this.server, { ...this.settings, 'workbench.colorTheme': theme });
    await this.page.waitForFunction((light) => document.body.classList.contains(light ? 'vs' : 'vs-dark') , theme === LIGHT, { timeout: 20_000 });
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  }

  /** The chat view in the side bar (opened with Open Chat). */
  async openChatView(): Promise<ChatPage> {
    await this.command('Multi-Model AI: Open Chat');
    return this.chatIn('.part.sidebar');
  }

  /** The chat panel in the editor area. */
  editorChat(): Promise<ChatPage> {
    return this.chatIn('.part.editor');
  }

  /**
   * Webviews are iframes laid over the workbench, not inside their part: find the visible
   * one whose centre lies in `part`.
   */
  private async chatIn(part: string): Promise<ChatPage> {
    const index = await this.page.waitForFunction((selector) => {
      const area = document.querySelector(selector)?.getBoundingClientRect();
      const frames = Array.from(document.querySelectorAll('iframe.webview'));
      const found = frames.findIndex((frame) => {
        const r = frame.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        return area && r.width > 0 && getComputedStyle(frame).visibility !== 'hidden' &&
          x >= area.left && x <= area.right && y >= area.top && y <= area.bottom;
      });
      return found >= 0 ? found + 1 : 0;
    }, part, { timeout: 30_000 });
    const frame = this.page.locator('iframe.webview').nth((await index.jsonValue()) - 1).contentFrame().frameLocator('#active-frame');
    const chat = new ChatPage(frame);
    await chat.composer.waitFor({ timeout: 30_000 });
    return chat;
  }
}

export class ChatPage {
  constructor(readonly frame: FrameLocator) {}

  get composer(): Locator {
    return this.frame.locator('textarea.composer-input');
  }

  get modelSelect(): Locator {
    return this.frame.locator('select.model-select');
  }

  turns(kind: 'user' | 'assistant'): Locator {
    return this.frame.locator(`.turn-${kind}`);
  }

  lastAnswer(): Locator {
    return this.turns('assistant').last();
  }

  async send(text: string): Promise<void> {
    await this.composer.click();
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }

  async waitForStatus(status: string, answer = this.lastAnswer()): Promise<void> {
    await answer.and(this.frame.locator(`[data-status="${status}"]`)).waitFor({ timeout: 30_000 });
  }

  async button(label: string, within: Locator = this.lastAnswer()): Promise<void> {
    await within.getByRole('button', { name: label, exact: true }).first().click();
  }

  async pickModel(id: string): Promise<void> {
    await this.modelSelect.locator(`option[value="${id}"]`).waitFor({ state: 'attached' });
    await this.modelSelect.selectOption(id);
  }

  async expectTurnCount(kind: 'user' | 'assistant', count: number): Promise<void> {
    await this.turns(kind).nth(count - 1).waitFor();
    assert.equal(await this.turns(kind).count(), count);
  }
}
