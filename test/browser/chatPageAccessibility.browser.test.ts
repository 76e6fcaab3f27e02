// axe-core on the chat page in Chromium, in the states a person meets (fixtures/chatStates.ts)
// and four themes as the real workbench gives them to a webview (fixtures/themes). A critical
// or serious violation fails; each is printed with where it is and what it is. Text axe does
// not see (sections out of view are not laid out) is measured as well (fixtures/contrast.ts).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PROJECT_ROOT } from '../host/paths';
import { CHAT_STATES, enterState } from './fixtures/chatStates';
import { useChatPage } from '../support/useChatPage';
import { installColourMath, textContrastFailures } from './fixtures/contrast';
import { applyTheme, loadTheme, THEMES } from './fixtures/themes/themes';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** axe's violations on the page as it is now. */
async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated by the browser's protocol, not by a script element: the page's CSP stays as it is.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? '',
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary: failureSummary ?? '' })),
    }));
  });
}

const describeViolation = (v: Violation) =>
  [`${v.impact} ${v.id}: ${v.help}`, ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary.replace(/\n/g, '\n      ')}`)].join('\n');

describe('the chat page in Chromium, accessibility (axe-core) in every state and theme', () => {
  const { page } = useChatPage({ initScript: installColourMath });

  it('the markdown answer shows every kind of token the stylesheet colours, so each colour is measured', async () => {
    const coloured = new Set(Array.from(readFileSync(join(PROJECT_ROOT, 'media/chat.css'), 'utf8').matchAll(/\.hljs-([\w-]+)/g), (m) => m[1]!));
    await page.reload();
    await page.locator('textarea.composer-input').waitFor();
    await enterState(
      page,
      CHAT_STATES.find((state) => state.name === 'markdown with a table and code')!,
    );
    const shown = await page.evaluate(() => Array.from(document.querySelectorAll('.code-block [class*="hljs-"]'), (e) => Array.from(e.classList)).flat());
    assert.deepEqual(
      [...coloured].filter((token) => !shown.includes(`hljs-${token}`)),
      [],
    );
  });

  for (const { name, file } of THEMES) {
    describe(name, () => {
      const theme = loadTheme(file);
      for (const state of CHAT_STATES) {
        it(`${state.name}: no critical or serious violation, all text at least 4.5:1`, async () => {
          await page.reload();
          await page.locator('textarea.composer-input').waitFor();
          await applyTheme(page, theme);
          await enterState(page, state);
          const violations = await axeViolations(page);
          const minor = violations.filter((v) => v.impact !== 'critical' && v.impact !== 'serious');
          if (minor.length > 0) console.log(`      info: ${minor.map((v) => `${v.impact} ${v.id}`).join(', ')}`);
          const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
          assert.deepEqual(
            serious.map((v) => v.id),
            [],
            serious.map(describeViolation).join('\n'),
          );
          assert.deepEqual(await textContrastFailures(page), []);
        });
      }
    });
  }
});
