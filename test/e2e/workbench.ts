// A real VS Code (the newest code-server host, test/host/paths.ts) with the packaged
// .vsix installed, driven in headless Chromium as a person drives it: the command
// palette, quick picks, input boxes, notifications, the Output panel, the status bar
// and webviews. Feature page objects (chatWorkbench.ts) build on it; test/e2e/hooks.ts
// saves a screenshot and points at the logs of every open workbench when a test fails.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { launchChromium } from '../host/browser';
import { codeServerDirs, installOwnVsix, startCodeServer, writeMachineSettings, writeUserSettings, type RunningCodeServer } from '../host/codeServer';
import type { TestLocale } from '../host/languagePack';
import { PROJECT_ROOT, RESULTS_DIR } from '../host/paths';

/** The README's pictures (docsScreenshot). */
const DOCS_IMAGES = path.join(PROJECT_ROOT, 'docs', 'images');

export interface WorkbenchOptions {
  /** User settings (settings.json), over the quiet defaults below. */
  settings?: Record<string, unknown>;
  /** Files of the workspace folder, by name. */
  files?: Record<string, string>;
  /** Extra environment of the server and so of the extension host. */
  env?: Record<string, string>;
  /** VS Code's display language (a test language pack, test/host/languagePack.ts); English without it. */
  locale?: TestLocale;
  /** Fills the user data folder before the server starts (e.g. the extension's global storage). */
  seedUserData?: (userDataDir: string) => Promise<void>;
  /** Open the folder in Restricted Mode: workspace trust on, the folder not trusted, not asked. */
  restricted?: boolean;
}

const QUIET_DEFAULTS = {
  'workbench.startupEditor': 'none',
  'git.enabled': false,
  // VS Code opens its own (Copilot) chat in the secondary side bar by default: not ours, and
  // it narrows the editor and the Output panel, whose lines then wrap.
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/**
 * The extension's settings of `machine` scope (multiModelAI.baseUrl). The workbench is
 * remote to its extension host, so these apply only from the machine's settings: in user
 * settings they are dropped as soon as the workbench re-reads them (after any change).
 */
const MACHINE_SCOPED: ReadonlySet<string> = new Set(
  Object.entries(
    (
      JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
        contributes: { configuration: { properties: Record<string, { scope?: string }> } };
      }
    ).contributes.configuration.properties,
  ).flatMap(([key, schema]) => (schema.scope === 'machine' ? [key] : [])),
);

/** Each page's console, collected from its first load. */
const consoleLines = new WeakMap<Page, string[]>();

/** Workbenches open now, for the failure hook. */
export const openWorkbenches = new Set<Workbench>();

export class Workbench {
  protected constructor(
    /** Artifacts of this workbench (screenshots; the server's logs when it owns one). */
    readonly resultsDir: string,
    readonly page: Page,
    private readonly browser: Browser,
    /** The code-server this workbench started, if any (not when it opened someone else's). */
    readonly server?: RunningCodeServer,
  ) {
    openWorkbenches.add(this);
  }

  /** Installs the packaged .vsix into a fresh code-server under test-results/NAME and opens it. */
  static async start(name: string, options: WorkbenchOptions = {}): Promise<Workbench> {
    const { server, browser, page } = await Workbench.launch(name, options);
    return new Workbench(server.runDir, page, browser, server);
  }

  /** Opens a workbench that is already served (e.g. by npm run demo) at `url`. */
  static async open(url: string, name: string): Promise<Workbench> {
    const browser = await launchChromium();
    const page = await Workbench.load(browser, url);
    return new Workbench(path.join(RESULTS_DIR, name), page, browser);
  }

  /** The parts of start() subclasses need to construct themselves. */
  protected static async launch(name: string, options: WorkbenchOptions): Promise<{ server: RunningCodeServer; browser: Browser; page: Page }> {
    const runDir = path.join(RESULTS_DIR, name);
    rmSync(runDir, { recursive: true, force: true });
    const dirs = codeServerDirs(runDir);
    installOwnVsix(dirs);
    const restricted = options.restricted ? { 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' } : {};
    const settings = Object.entries({ ...QUIET_DEFAULTS, ...restricted, ...options.settings });
    writeUserSettings(dirs, Object.fromEntries(settings.filter(([key]) => !MACHINE_SCOPED.has(key))));
    writeMachineSettings(dirs, Object.fromEntries(settings.filter(([key]) => MACHINE_SCOPED.has(key))));
    mkdirSync(dirs.workspaceDir, { recursive: true });
    for (const [file, text] of Object.entries(options.files ?? {})) writeFileSync(path.join(dirs.workspaceDir, file), text);
    await options.seedUserData?.(dirs.userDataDir);
    const server = await startCodeServer(dirs, { env: options.env, locale: options.locale, workspaceTrust: options.restricted });
    try {
      const browser = await launchChromium();
      return { server, browser, page: await Workbench.load(browser, server.workbenchUrl) };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }

  private static async load(browser: Browser, url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const lines: string[] = [];
    consoleLines.set(page, lines);
    page.on('console', (message) => lines.push(`${message.type()}: ${message.text()}`));
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.statusbar').waitFor();
    return page;
  }

  /** What the workbench's page (and its frames) wrote to the browser console, as "type: text". */
  consoleLines(): readonly string[] {
    return consoleLines.get(this.page) ?? [];
  }

  async stop(): Promise<void> {
    openWorkbenches.delete(this);
    await this.browser.close().catch(() => undefined);
    await this.server?.stop();
  }

  /** Where to look when something went wrong: the server's own log and the workbench logs. */
  logPaths(): string[] {
    return this.server ? [this.server.serverLog, this.server.logsDir] : [];
  }

  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget input');
  }

  /** Runs a command from the palette (F1) by its full title, e.g. "Multi-Model AI: Show Log". */
  async runCommand(title: string): Promise<void> {
    const row = this.page.locator('.quick-input-list .monaco-list-row:visible', { hasText: title }).first();
    // A workbench still starting can swallow the first F1, and focus moving (a webview, a
    // notification) can close the palette between finding the row and clicking it: open it
    // again (bounded).
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('F1');
      try {
        await this.quickInput.waitFor({ timeout: 5_000 });
        await this.quickInput.fill(`>${title}`);
        // The row itself: Enter would run the top one, which can be a similar title ranked first.
        await row.click({ timeout: 5_000 });
        return;
      } catch (error) {
        if (attempt === 6) throw error;
        await this.page.keyboard.press('Escape');
      }
    }
  }

  /** Picks the item with `label` in the open quick pick. */
  async pickItem(label: string): Promise<void> {
    await this.page.locator('.quick-input-list .monaco-list-row:visible', { hasText: label }).first().click();
  }

  /**
   * Runs the item with `label` of the open menu (a button's drop-down, a context menu) from the
   * keyboard, as its keys do: VS Code's menu takes no mouse click on an item until 100 ms after
   * rendering it (so that the release of the right click that opened a context menu does not run
   * the item under the pointer), and a click sooner is lost with the item left highlighted. Keys
   * reach the menu from the moment it has focus, which it takes as it opens.
   */
  async pickMenuItem(label: string): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu');
    await menu.waitFor();
    await this.page.waitForFunction(() => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.closest('.monaco-menu') !== null && active !== null;
    });
    const items = await menu.locator('.action-item:not(.disabled) .action-label').allTextContents();
    for (let step = 0; step <= items.length; step++) {
      const focused = await menu.locator('.action-item.focused .action-label').allTextContents();
      if (focused[0]?.trim() === label) return this.page.keyboard.press('Enter');
      await this.page.keyboard.press('ArrowDown');
    }
    throw new Error(`The open menu has no item "${label}": it offers ${items.map((item) => JSON.stringify(item.trim())).join(', ')}.`);
  }

  /** Types `text` into the open input box (or quick pick filter) and presses Enter. */
  async typeInInput(text: string): Promise<void> {
    await this.quickInput.waitFor();
    await this.quickInput.fill(text);
    await this.quickInput.press('Enter');
  }

  /** Opens a file of the workspace with Quick Open (Ctrl+P), as its tab. */
  async openFile(name: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    await this.filterAndPick(name);
    await this.page.locator('.tab', { hasText: name }).first().waitFor();
  }

  /**
   * Types `label` into the open quick pick and clicks the row it shows (not the top row: that
   * can be another). A quick pick that is still being replaced (the palette handing over to
   * the command's own pick) or re-rendering its list can drop the text or hide the row: then
   * the text is typed again (bounded).
   */
  async filterAndPick(label: string): Promise<void> {
    const row = this.page.locator('.quick-input-list .monaco-list-row:visible', { hasText: label }).first();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.quickInput.waitFor({ timeout: 5_000 });
        await this.quickInput.fill(label);
        await row.click({ timeout: 5_000 });
        return;
      } catch (error) {
        if (attempt === 6) throw error;
      }
    }
  }

  /** A notification (toast or in the notification center) that contains `text`. */
  notification(text: string): Locator {
    return this.page.locator('.notification-list-item', { hasText: text }).first();
  }

  /**
   * The text of the output channel `name` as the Output panel shows it (the visible
   * lines), switching the panel to that channel first if needed.
   */
  async outputChannelText(name: string): Promise<string> {
    const panel = this.page.locator('.part.panel');
    const channelPicker = panel.locator('select.monaco-select-box[aria-label="Output actions"], select.monaco-select-box').first();
    if (
      !(await panel
        .locator('.output-view, .output')
        .first()
        .isVisible()
        .catch(() => false))
    ) {
      await this.runCommand('View: Toggle Output');
    }
    await channelPicker.waitFor();
    if ((await channelPicker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)) !== name) {
      await channelPicker.selectOption({ label: name });
    }
    const lines = panel.locator('.monaco-editor .view-lines').first();
    await lines.waitFor();
    return (await lines.innerText()).replace(/\u00a0/g, ' ');
  }

  /** The name of the channel the Output panel shows, or undefined when it is closed. */
  async shownOutputChannel(): Promise<string | undefined> {
    const picker = this.page.locator('.part.panel select.monaco-select-box').first();
    if (!(await picker.isVisible().catch(() => false))) return undefined;
    return (await picker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)) ?? undefined;
  }

  /** Clicks the status bar item whose label contains `text`. */
  async clickStatusBarItem(text: string): Promise<void> {
    await this.page.locator('.statusbar-item', { hasText: text }).first().click();
  }

  /**
   * The content of the visible webview whose page title (`<title>`) is `title`. Webviews
   * are two nested iframes laid over the workbench; the page lives in the inner one.
   */
  async webviewFrame(title: string, timeoutMs = 30_000): Promise<FrameLocator> {
    const outer = this.page.locator('iframe.webview');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const count = await outer.count();
      for (let i = 0; i < count; i++) {
        if (!(await outer.nth(i).isVisible())) continue;
        const inner = outer.nth(i).contentFrame().locator('#active-frame').contentFrame();
        const shown = await inner
          .locator('head > title')
          .textContent({ timeout: 1_000 })
          .catch(() => undefined);
        if (shown === title) return inner;
      }
      if (Date.now() > deadline) throw new Error(`No visible webview titled "${title}" after ${timeoutMs / 1000} s.`);
      await this.page.waitForTimeout(250);
    }
  }

  /** Types the key into Multi-Model AI: Set API Key, as a person does. */
  async setApiKey(key: string): Promise<void> {
    await this.runCommand('Multi-Model AI: Set API Key');
    await this.typeInInput(key);
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  /** Saves a screenshot of the whole workbench as RESULTS/NAME.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    const file = path.join(this.resultsDir, `${name}.png`);
    mkdirSync(path.dirname(file), { recursive: true });
    await this.page.screenshot({ path: file });
    return file;
  }

  /**
   * A picture the README shows, saved like any screenshot under test-results/; a test run
   * changes no tracked file. `npm run docs:screenshots` (DOCS_SCREENSHOTS=1) also copies it
   * to docs/images/NAME.png.
   */
  async docsScreenshot(name: string): Promise<void> {
    const file = await this.screenshot(name);
    if (process.env.DOCS_SCREENSHOTS !== '1') return;
    mkdirSync(DOCS_IMAGES, { recursive: true });
    copyFileSync(file, path.join(DOCS_IMAGES, `${name}.png`));
  }
}
