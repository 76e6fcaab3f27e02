// Manage API Keys as a person uses it: add a second key with its name, rename it, choose the key
// for this project; the status bar names the key in use, and the emulator sees that key.
import * as assert from 'node:assert/strict';
import { FIXTURE_KEYS } from '../emulator/index';
import { useWorkbench } from '../support/useWorkbench';
import { Workbench } from './workbench';

describe('Keys per project (e2e): Manage API Keys and the status bar', () => {
  const { workbench, control } = useWorkbench(Workbench, 'e2e-keys', { settings: { 'multiModelAI.model': 'acme/chat-large' } });

  const statusBarItem = (text: string) => workbench.page.locator('.statusbar-item', { hasText: text }).first();

  it('adds a named key and uses it here, renames it, and chooses the first key again; the status bar follows', async () => {
    await workbench.runCommand('Multi-Model AI: Manage API Keys');
    await workbench.pickItem('Add API Key…');
    await workbench.typeInInput(FIXTURE_KEYS.beta);
    // The name box replaces the password box: typed into only once it shows.
    await workbench.page.locator('.quick-input-widget', { hasText: 'Name the key sk_test_be…' }).waitFor();
    await workbench.typeInInput('side');
    await workbench.notification('API key side · sk_test_be… verified and saved').waitFor();
    await statusBarItem('chat-large · side').waitFor();

    await workbench.runCommand('Multi-Model AI: Manage API Keys');
    await workbench.pickItem('side');
    await workbench.page.locator('.quick-input-widget', { hasText: 'Use for This Project' }).waitFor();
    await workbench.pickItem('Rename…');
    await workbench.page.locator('.quick-input-widget', { hasText: 'Rename the key side' }).waitFor();
    await workbench.typeInInput('side project');
    await statusBarItem('chat-large · side project').waitFor();

    await workbench.runCommand('Multi-Model AI: Manage API Keys');
    // Typed, so only that key's row shows: the other row's detail names this project ("Chosen by: workspace").
    await workbench.filterAndPick('Default');
    await workbench.page.locator('.quick-input-widget', { hasText: 'Use for This Project' }).waitFor();
    await workbench.pickItem('Use for This Project');
    await workbench.notification('This project uses the key Default · sk_test_al…').waitFor();
    await statusBarItem('chat-large · Default').waitFor();

    // The catalogs are cached per key: Verify Connection reads this project's key's anew.
    const before = (await control.requests()).length;
    await workbench.runCommand('Multi-Model AI: Verify Connection');
    const deadline = Date.now() + 15_000;
    while ((await control.requests()).length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const requests = await control.requests();
    const since = requests.slice(before).map((r) => r.keyPrefix);
    assert.ok(since.length > 0 && since.every((prefix) => prefix === 'sk_test_al…'), since.join(', '));
    assert.ok(requests.some((r) => r.keyPrefix === 'sk_test_be…'));
  });
});
