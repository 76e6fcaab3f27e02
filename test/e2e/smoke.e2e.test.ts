// Smoke tier of the e2e run: a person opens the command palette in a real VS Code with
// the packaged extension, runs Multi-Model AI: Show Log and sees the log in the Output
// panel. The demo's key hand-over (MMAI_EMULATOR_KEY) is what writes its first line.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../emulator/index';
import { useWorkbench } from '../support/useWorkbench';
import { Workbench } from './workbench';

describe('smoke (e2e, packaged extension in code-server)', () => {
  const { workbench } = useWorkbench(Workbench, 'e2e-smoke', { key: 'seeded' });

  it('runs Multi-Model AI: Show Log from the command palette and shows the Multi-Model AI log', async () => {
    await workbench.runCommand('Multi-Model AI: Show Log');
    await workbench.page.locator('.part.panel').waitFor();
    // The seed runs just after activation, so its line may follow the panel by a moment.
    const expected = `Stored the demo's emulator key sk_test_al… from MMAI_EMULATOR_KEY.`;
    let text = '';
    for (let attempt = 0; attempt < 40 && !text.includes(expected); attempt++) {
      if (attempt > 0) await workbench.page.waitForTimeout(250);
      text = await workbench.outputChannelText('Multi-Model AI');
    }
    assert.equal(await workbench.shownOutputChannel(), 'Multi-Model AI');
    assert.ok(text.includes(expected), `the log shows:\n${text}`);
    assert.ok(!text.includes(FIXTURE_KEYS.alpha), 'the full key is never logged');
  });
});
