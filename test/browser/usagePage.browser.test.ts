// The usage page in Chromium, fed a report the real core worked out from hand-made entries:
// the charts and the tables under them say the same numbers, the periods, the range and the
// export ask the host as they should, the empty and damaged records explain themselves, and
// the page reads well in four themes (axe-core, contrast) and in Russian.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { RUSSIAN } from './fixtures/chatPageServer';
import { installColourMath, textContrastFailures } from './fixtures/contrast';
import { applyTheme, loadTheme, THEMES } from './fixtures/themes/themes';
import { fixtureReport, openUsagePage } from './fixtures/usagePage';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Each chart segment's tooltip, and the table cell for the same day and series. */
function dayChartAgainstTable(page: Page): Promise<{ segment: string; cell: string }[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.day-chart .segment'), (segment) => {
      const day = segment.closest('g')!.getAttribute('data-day');
      const series = segment.getAttribute('data-series');
      const cell = Array.from(document.querySelectorAll(`.day-table tr[data-day="${day}"] td`)).find((td) => td.getAttribute('data-series') === series);
      return { segment: segment.querySelector('title')!.textContent!, cell: cell?.textContent ?? 'no cell' };
    }),
  );
}

/** A bar chart's bars as "name: amount", and its table's rows the same way. */
function barsAgainstTable(page: Page, kind: string): Promise<{ bars: string[]; rows: string[] }> {
  return page.evaluate((kind) => {
    const section = document.querySelector(`.usage-table.by-${kind}`)!.closest('section')!;
    return {
      bars: Array.from(section.querySelectorAll('.segment title'), (t) => t.textContent!),
      rows: Array.from(section.querySelectorAll('tbody tr'), (tr) => `${tr.querySelector('th')!.textContent}: ${tr.querySelector('td')!.textContent}`),
    };
  }, kind);
}

const tableRows = (page: Page, selector: string) =>
  page.evaluate(
    (selector) => Array.from(document.querySelectorAll(`${selector} tbody tr`), (tr) => Array.from(tr.children, (c) => c.textContent).join(' | ')),
    selector,
  );

describe('the usage page in Chromium', () => {
  let opened: Awaited<ReturnType<typeof openUsagePage>>;
  before(async () => (opened = await openUsagePage(fixtureReport())));
  after(() => opened.close());

  it('spend by day: each bar segment’s amount is the table’s for that day and model', async () => {
    const pairs = await dayChartAgainstTable(opened.page);
    assert.deepEqual(
      pairs.map((p) => p.segment),
      [
        'Oct 5, 2026: beta-reasoner ≈ 4.25 ₽',
        'Oct 5, 2026: alpha-chat ≈ 2.00 ₽',
        'Oct 20, 2026: alpha-chat ≈ 1.00 ₽',
        'Oct 27, 2026: gamma-mini ≈ 0.50 ₽',
        'Oct 31, 2026: beta-reasoner ≈ 3.00 ₽',
        'Nov 1, 2026: beta-reasoner ≈ 2.00 ₽',
        'Nov 1, 2026: alpha-chat ≈ 1.50 ₽',
      ],
    );
    for (const { segment, cell } of pairs) assert.ok(segment.endsWith(` ${cell}`), `${segment} / ${cell}`);
    const rows = await tableRows(opened.page, '.day-table');
    // The days with spend; the chart's empty days have no row.
    assert.deepEqual(rows, [
      'Oct 5, 2026 | ≈ 4.25 ₽ | ≈ 2.00 ₽ | ≈ 0.00 ₽ | ≈ 6.25 ₽',
      'Oct 20, 2026 | ≈ 0.00 ₽ | ≈ 1.00 ₽ | ≈ 0.00 ₽ | ≈ 1.00 ₽',
      'Oct 27, 2026 | ≈ 0.00 ₽ | ≈ 0.00 ₽ | ≈ 0.50 ₽ | ≈ 0.50 ₽',
      'Oct 31, 2026 | ≈ 3.00 ₽ | ≈ 0.00 ₽ | ≈ 0.00 ₽ | ≈ 3.00 ₽',
      'Nov 1, 2026 | ≈ 2.00 ₽ | ≈ 1.50 ₽ | ≈ 0.00 ₽ | ≈ 3.50 ₽',
    ]);
    assert.deepEqual(opened.errors, []);
  });

  it('this month’s totals: spend, answers, tokens, what caching saved and the answers with no usage, by model, key and project', async () => {
    const facts = await opened.page.evaluate(() =>
      Array.from(document.querySelectorAll('.facts dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
    );
    assert.deepEqual(facts, [
      'Spend: ≈ 3.50 ₽',
      'Answers: 3',
      'Tokens in: 2,000',
      'Tokens out: 400',
      'Cached tokens in: 200',
      'Saved by caching: ≈ 1.67 ₽',
      'No usage reported: 1 (33.3%)',
      'Not priced: 1',
    ]);
    assert.deepEqual(await tableRows(opened.page, '.by-model'), ['beta-reasoner | ≈ 2.00 ₽ | 1 | 1,000 | 200', 'alpha-chat | ≈ 1.50 ₽ | 2 | 1,000 | 200']);
    for (const kind of ['model', 'key', 'project']) {
      const { bars, rows } = await barsAgainstTable(opened.page, kind);
      assert.deepEqual(bars, rows);
    }
  });

  it('the period buttons work from the keyboard and show that period’s totals', async () => {
    await opened.page.focus('[data-period="week"]');
    await opened.page.keyboard.press('Enter');
    assert.equal(await opened.page.getAttribute('[data-period="week"]', 'aria-pressed'), 'true');
    assert.equal(await opened.page.evaluate(() => document.activeElement?.getAttribute('data-period')), 'week');
    assert.equal(await opened.page.textContent('.period-span'), 'This week: Oct 26, 2026 to Nov 1, 2026 Export as CSV');
    assert.deepEqual(await tableRows(opened.page, '.by-key'), [
      'Default (sk-…a1b2) | ≈ 6.50 ₽ | 4 | 3,000 | 600',
      'Work (sk-…c3d4) | ≈ 0.50 ₽ | 1 | 1,000 | 200',
    ]);
  });

  it('a range is asked of the host, and Export asks for the period shown', async () => {
    await opened.page.click('[data-period="range"]');
    await opened.page.fill('input[name="from"]', '2026-10-20');
    await opened.page.fill('input[name="to"]', '2026-10-05');
    await opened.page.click('.range-form button');
    await opened.page.click('.export');
    assert.deepEqual((await opened.toHost()).slice(1), [
      { type: 'usage/range', from: '2026-10-05', to: '2026-10-20' },
      { type: 'usage/export', from: '2026-10-03', to: '2026-11-01' },
    ]);
  });
});

describe('the usage page in Chromium, an empty or damaged record', () => {
  it('an empty record says what will appear and how, and draws no chart', async () => {
    const opened = await openUsagePage(fixtureReport([], 0));
    try {
      assert.equal(
        await opened.page.textContent('.notes'),
        'Nothing is recorded yet.Each answer in the chat, Refactor Selection, VS Code’s chat and each image request adds an entry here: its model, key, project, tokens and cost. The record stays on this computer.',
      );
      assert.equal(await opened.page.locator('svg').count(), 0);
    } finally {
      await opened.close();
    }
  });

  it('lines that could not be read are counted, in Russian with its plural and its number and percent formats', async () => {
    const opened = await openUsagePage(fixtureReport(undefined, 3), RUSSIAN);
    try {
      assert.equal(await opened.page.textContent('.warning'), '3 строки записи не удалось прочитать, они пропущены.');
      assert.equal(await opened.page.textContent('h2'), 'Расход по дням за последние 30 дней');
      // Thousands grouped by a no-break space, as Intl does in Russian.
      assert.deepEqual(await tableRows(opened.page, '.by-model'), [
        'beta-reasoner | ≈ 2,00 ₽ | 1 | 1\u00a0000 | 200',
        'alpha-chat | ≈ 1,50 ₽ | 2 | 1\u00a0000 | 200',
      ]);
      // The share with no usage: a decimal comma, and a no-break space before the percent sign.
      const facts = await opened.page.evaluate(() => Array.from(document.querySelectorAll('.facts dd'), (dd) => dd.textContent));
      assert.deepEqual(facts, ['≈ 3,50 ₽', '3', '2\u00a0000', '400', '200', '≈ 1,67 ₽', '1 (33,3\u00a0%)', '1']);
      assert.equal(await opened.page.textContent('.facts dt:nth-of-type(6)'), 'Сэкономлено на кэше');
    } finally {
      await opened.close();
    }
  });
});

describe('the usage page in Chromium, accessibility (axe-core) in every theme', () => {
  let opened: Awaited<ReturnType<typeof openUsagePage>>;
  before(async () => {
    opened = await openUsagePage(fixtureReport());
    await opened.page.addInitScript(installColourMath);
  });
  after(() => opened.close());

  for (const { name, file } of THEMES) {
    it(`${name}: no critical or serious violation, all text at least 4.5:1`, async () => {
      await opened.page.reload();
      await opened.page.locator('h1').waitFor();
      await applyTheme(opened.page, loadTheme(file));
      await opened.page.evaluate(AXE_SOURCE);
      const violations = await opened.page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe;
        const { violations } = await axe.run(document, { resultTypes: ['violations'] });
        return violations
          .filter((v) => v.impact === 'critical' || v.impact === 'serious')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      assert.deepEqual(violations, []);
      assert.deepEqual(await textContrastFailures(opened.page), []);
    });
  }
});
