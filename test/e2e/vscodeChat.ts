// Page object for VS Code's own chat view (the secondary side bar's Chat, which code-server
// serves through its bundled Copilot Chat), as a person uses it: open it, pick a model in
// its model picker, send a message, read the answer. Built on the generic Workbench.
import { errors, type Locator, type Page } from 'playwright-core';
import type { Workbench } from './workbench';

export interface PickerEntry {
  /** The model's name, as the picker shows it. */
  name: string;
  /** The line beside it: the provider's `detail` (ours starts "Multi-Model AI · "), else the provider's name. */
  detail: string;
}

/**
 * A picker entry with its group: a provider, or a group added in Chat: Manage Language Models.
 * The picker names groups only when it holds more than one (then it shows no detail): beside
 * the current model, and as the headings of the "Other Models" section.
 */
interface PickerRow extends PickerEntry {
  group?: string;
}

export interface ChatAnswer {
  /** The answer's text as shown. */
  text: string;
  /** The model named under the finished answer. */
  model: string;
}

export class VsCodeChat {
  private readonly page: Page;
  private readonly view: Locator;
  /** How many answers the view showed when the last message was sent. */
  private answersBefore = 0;
  private lastSent = '';

  constructor(private readonly workbench: Workbench) {
    this.page = workbench.page;
    this.view = this.page.locator('.part.auxiliarybar');
  }

  /** Chat: Open Chat, from the command palette. */
  async open(): Promise<void> {
    await this.workbench.runCommand('Chat: Open Chat');
    await this.view.locator('.interactive-input-editor').waitFor({ timeout: 30_000 });
  }

  /** Resolves once the picker button names `name` (the models arrive a moment after the view). */
  async waitForModel(name: string, timeout = 60_000): Promise<void> {
    await this.page.waitForFunction(
      (expected) => document.querySelector('.part.auxiliarybar a.model-picker-name')?.getAttribute('aria-label') === `Models, ${expected}`,
      name,
      { timeout },
    );
  }

  /** The model the chat input will use, as its picker button names it. */
  async currentModel(): Promise<string> {
    const label = (await this.pickerButton().getAttribute('aria-label')) ?? '';
    return label.replace(/^Models, /, '');
  }

  /**
   * Every model the picker lists (its "Other Models" section unfolded), in the picker's order.
   * VS Code rebuilds the chat input while the chat's extensions start (Copilot Chat, ours): a
   * picker open just then is emptied and left at the window's corner. Such a picker is closed
   * and the picker opened again, within a minute.
   */
  async pickerEntries(): Promise<PickerEntry[]> {
    return (await this.pickerRows()).map(({ name, detail }) => ({ name, detail }));
  }

  /** The names of the models the picker lists, by the group it names them under, each sorted; '' for models of an unnamed group. */
  async modelsByGroup(): Promise<Record<string, string[]>> {
    const byGroup: Record<string, string[]> = {};
    for (const { name, group = '' } of await this.pickerRows()) (byGroup[group] ??= []).push(name);
    for (const names of Object.values(byGroup)) names.sort();
    return byGroup;
  }

  /**
   * Picks a model by name, typed into the picker's search box as a person narrows a long list;
   * with `group`, the one under that group's heading (the narrowed list heads each group's models
   * with its name). A picker emptied while the chat input is rebuilt (pickerEntries says when) is
   * closed and opened again, and a pick lost with the old input is made again, within a minute.
   */
  async pickModel(name: string, group?: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const menu = await this.openPicker();
      await menu.locator('input.action-list-filter-input').fill(name);
      const row = group === undefined ? menu.locator('.monaco-list-row.action .title', { hasText: name }).first() : await rowUnder(menu, group, name);
      if (row && (await appears(row))) {
        await row.click();
        await menu.waitFor({ state: 'hidden' });
        // A pick made while the chat input is rebuilt can be lost with the old input: picked again.
        if (
          await this.waitForModel(name, 10_000).then(
            () => true,
            () => false,
          )
        )
          return;
      } else {
        await this.page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
      }
      if (Date.now() > deadline) throw new Error(`The chat's model picker did not offer or keep ${name} for a minute.`);
    }
  }

  /** Types a message into the chat input and sends it with Enter. */
  async send(text: string): Promise<void> {
    const input = this.view.locator('.interactive-input-editor .native-edit-context, .interactive-input-editor textarea').first();
    this.lastSent = text;
    this.answersBefore = await this.answers().count();
    await input.focus();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  /** The answer to the last message sent, once it has finished (its footer names the model that wrote it). */
  async finishedAnswer(timeout = 120_000): Promise<ChatAnswer> {
    let response = this.answers().nth(this.answersBefore);
    let model = response.locator('.chat-footer-details .chat-response-model-details');
    // A message sent while VS Code's chat still sets itself up after a reload is answered
    // "Please try again." by VS Code itself, and reaches no provider (README, "Use the models in
    // VS Code's chat"): the person sends it again, and so does this, once.
    const notReady = response.getByText('Please try again.', { exact: true });
    await model.or(notReady).first().waitFor({ timeout });
    if (!(await model.isVisible()) && (await notReady.isVisible())) {
      await this.send(this.lastSent);
      response = this.answers().nth(this.answersBefore);
      model = response.locator('.chat-footer-details .chat-response-model-details');
      await model.waitFor({ timeout });
    }
    // An agent's answer has several parts (a tool's run, the text after it); the Thinking block is read apart.
    const parts = await response.locator('.value:not(.chat-thinking-box .value)').allInnerTexts();
    return { text: parts.join('\n'), model: await model.innerText() };
  }

  /** The agent the chat input will use (Agent, Ask, Plan), as its picker names it. */
  async currentMode(): Promise<string> {
    return (await this.modePicker().innerText()).trim();
  }

  /** Picks an agent (Agent, Ask, Plan) in the chat input's agent picker. */
  async pickMode(name: string): Promise<void> {
    if ((await this.currentMode()) === name) return;
    await this.modePicker().click();
    const menu = this.page.locator('.action-widget');
    await menu.locator('.monaco-list-row.action .title', { hasText: name }).first().click();
    await menu.waitFor({ state: 'hidden' });
  }

  /**
   * The Thinking block of the last answer, unfolded as a person unfolds it: its text. Once the
   * answer is complete VS Code folds its steps (thinking, tool runs) under one line, "Completed N
   * steps", and within it the thinking under "Finished with N step(s)"; it writes a folded
   * block's content only when it is unfolded.
   */
  async thinkingText(): Promise<string> {
    // The newest answer: the list renders only the items in view, so an index counted before sending can point past its end.
    const response = this.answers().last();
    const steps = response.getByText(/^Completed \d+ steps?( in .+)?$/).first();
    if (await appears(steps)) await steps.click();
    const finished = response.getByText(/Finished with \d+ steps?/).first();
    if (await appears(finished)) await finished.click();
    const box = response.locator('.chat-thinking-box:visible').first();
    await box.waitFor({ timeout: 30_000 });
    if (await box.evaluate((element) => element.classList.contains('chat-used-context-collapsed'))) {
      await box.locator('.chat-used-context-label, .monaco-button').first().click();
      await this.page.waitForFunction((element) => !element?.classList.contains('chat-used-context-collapsed'), await box.elementHandle());
    }
    return box.innerText();
  }

  /** pickerEntries, with their groups. */
  private async pickerRows(): Promise<PickerRow[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const rows = await this.readPicker();
      if (rows) return rows;
      if (Date.now() > deadline) throw new Error("The chat's model picker showed no models for a minute.");
    }
  }

  /** The picker's entries, or undefined when it was emptied while being read. */
  private async readPicker(): Promise<PickerRow[] | undefined> {
    const menu = await this.openPicker();
    try {
      const models = menu.locator('.monaco-list-row.action:not(.chat-model-picker-section-toggle)');
      const others = menu.locator('.monaco-list-row.chat-model-picker-section-toggle');
      if (!(await appears(models.first()))) return undefined;
      if ((await others.count()) > 0 && (await others.getAttribute('aria-expanded')) === 'false') {
        await others.click();
        if (!(await appears(menu.locator('.monaco-list-row.chat-model-picker-section-toggle[aria-expanded="true"]')))) return undefined;
      }
      // One snapshot of the rows: read row by row, a picker emptied midway left a locator
      // waiting for a row that never came back.
      // The list places its rows by index, not in document order; a model's group is its badge, else the heading above it.
      const rows = await menu.locator('.monaco-list-row').evaluateAll((elements) => {
        let heading: string | undefined;
        return elements
          .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
          .flatMap((row) => {
            if (row.classList.contains('separator')) heading = (row as HTMLElement).innerText.trim() || undefined;
            if (!row.classList.contains('action') || row.classList.contains('chat-model-picker-section-toggle')) return [];
            const group = row.querySelector<HTMLElement>('.action-item-badge')?.innerText || heading;
            return [
              {
                name: row.querySelector<HTMLElement>('.title')?.innerText,
                detail: row.querySelector<HTMLElement>('.description')?.innerText,
                ...(group ? { group } : {}),
              },
            ];
          });
      });
      const entries = rows.flatMap(({ name, detail, ...group }) => (name !== undefined && detail !== undefined ? [{ name, detail, ...group }] : []));
      return entries.length > 0 && entries.length === rows.length ? entries : undefined;
    } finally {
      await this.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
  }

  private answers(): Locator {
    return this.view.locator('.interactive-item-container.interactive-response');
  }

  private modePicker(): Locator {
    return this.view.locator('.chat-mode-picker-item').first();
  }

  private pickerButton(): Locator {
    return this.view.locator('a.model-picker-name');
  }

  private async openPicker(): Promise<Locator> {
    await this.pickerButton().click();
    const menu = this.page.locator('.action-widget').filter({ has: this.page.locator('input[placeholder="Search models"]') });
    await menu.waitFor();
    return menu;
  }
}

/** The row of `name` under the heading `group` in a narrowed picker, or undefined when that heading does not show. */
async function rowUnder(menu: Locator, group: string, name: string): Promise<Locator | undefined> {
  const heading = menu.locator('.monaco-list-row.separator').filter({ has: menu.page().getByText(group, { exact: true }) });
  if (!(await appears(heading))) return undefined;
  // The list places its rows by index, not in document order: the row after the heading is the next index.
  const index = Number(await heading.getAttribute('data-index'));
  return menu.locator(`.monaco-list-row.action[data-index="${index + 1}"] .title`, { hasText: name });
}

/** Whether `locator` shows within 5 s (false only when it does not: other errors are thrown). */
async function appears(locator: Locator): Promise<boolean> {
  try {
    await locator.waitFor({ timeout: 5_000 });
    return true;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return false;
    throw error;
  }
}
