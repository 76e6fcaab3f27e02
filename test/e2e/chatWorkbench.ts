// Page objects for the chat e2e: the generic Workbench (workbench.ts: code-server with the
// packaged .vsix, command palette, inputs, failure artifacts) plus the chat's own parts:
// the chat view and editor panel, the API key, the theme, a reload.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';
import type { RunningCodeServer } from '../host/codeServer';
import { Workbench, type WorkbenchOptions } from './workbench';

export const DARK = 'Dark Modern';
export const LIGHT = 'Light Modern';

export class ChatWorkbench extends Workbench {
  /** Always set: a chat workbench starts its own code-server. */
  declare readonly server: RunningCodeServer;

  /** Like Workbench.start, in the dark theme unless the settings say otherwise. */
  static override async start(name: string, options: WorkbenchOptions = {}): Promise<ChatWorkbench> {
    const settings = { 'workbench.colorTheme': DARK, ...options.settings };
    const { server, browser, page } = await ChatWorkbench.launch(name, { ...options, settings });
    return new ChatWorkbench(server.runDir, page, browser, server);
  }

  /** The text of the active editor as Monaco shows it (visible lines). */
  async editorText(): Promise<string> {
    return (await this.page.locator('.editor-instance .view-lines').first().innerText()).replace(/\u00a0/g, ' ');
  }

  /** Picks a color theme with Preferences: Color Theme, as a person does. */
  async setTheme(theme: string): Promise<void> {
    await this.runCommand('Preferences: Color Theme');
    await this.filterAndPick(theme);
    await this.page.locator(`.monaco-workbench.${theme === LIGHT ? 'vs' : 'vs-dark'}`).waitFor({ timeout: 20_000 });
  }

  /**
   * Developer: Reload Window, as a person reloads. (A bare page reload can lose what the
   * workbench has not yet saved of its layout, such as an editor opened a moment ago.)
   */
  async reload(): Promise<void> {
    const loaded = this.page.waitForEvent('domcontentloaded', { timeout: 60_000 });
    await this.runCommand('Developer: Reload Window');
    await loaded;
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  }

  /** The chat view in the side bar (opened with Open Chat, by its title in the display language). */
  async openChatView(title = 'Multi-Model AI: Open Chat'): Promise<ChatPage> {
    await this.runCommand(title);
    return this.chatIn('.part.sidebar');
  }

  /** The chat panel in the editor area. */
  editorChat(): Promise<ChatPage> {
    return this.chatIn('.part.editor');
  }

  /**
   * Webviews are iframes laid over the workbench, not inside their part: find the visible
   * one whose centre lies in `part`. The workbench adds, moves and replaces these iframes
   * (a restored panel gets a new one once its extension is up), so the one found is marked
   * and must show the chat within a few seconds, or it is looked for again (bounded).
   */
  private async chatIn(part: string): Promise<ChatPage> {
    const deadline = Date.now() + 60_000;
    for (let round = 1; ; round++) {
      const mark = `${part}#${round}`;
      await this.page.waitForFunction(
        ({ selector, mark }) => {
          const area = document.querySelector(selector)?.getBoundingClientRect();
          const frame = Array.from(document.querySelectorAll<HTMLIFrameElement>('iframe.webview')).find((f) => {
            const r = f.getBoundingClientRect();
            const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
            return area && r.width > 0 && getComputedStyle(f).visibility !== 'hidden' && x >= area.left && x <= area.right && y >= area.top && y <= area.bottom;
          });
          if (frame) frame.dataset.e2eChat = mark;
          return frame !== undefined;
        },
        { selector: part, mark },
        { timeout: Math.max(1_000, deadline - Date.now()) },
      );
      const chat = new ChatPage(this.page.locator(`iframe.webview[data-e2e-chat="${mark}"]`).contentFrame().frameLocator('#active-frame'));
      try {
        await chat.composer.waitFor({ timeout: 5_000 });
        return chat;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
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

  /** Resolves once the answer being streamed shows text (not a finished answer above it). */
  async waitForStreamedText(): Promise<void> {
    await this.frame.locator('.turn-assistant[data-status="streaming"] .markdown-body p').first().waitFor({ timeout: 30_000 });
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

  /** Retry on a failed answer's card: waits until a new answer, which takes its place, is done. */
  async retry(card: Locator): Promise<void> {
    const failed = await this.lastAnswer().getAttribute('data-turn-id');
    const answers = await this.turns('assistant').count();
    await this.button('Retry', card);
    await this.frame.locator(`.turn-assistant[data-turn-id="${failed}"]`).waitFor({ state: 'detached' });
    await this.expectTurnCount('assistant', answers);
    await this.waitForStatus('done');
  }

  async pickModel(id: string): Promise<void> {
    await this.modelSelect.locator(`option[value="${id}"]`).waitFor({ state: 'attached' });
    await this.modelSelect.selectOption(id);
  }

  async expectTurnCount(kind: 'user' | 'assistant', count: number): Promise<void> {
    await this.turns(kind)
      .nth(count - 1)
      .waitFor();
    assert.equal(await this.turns(kind).count(), count);
  }
}
