// The refactor menus and keybinding in package.json use the ids and context-key values the
// controller sets (src/platform/manifest/ids.ts), so the buttons show exactly while a proposal is open.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Commands, REFACTOR_SCHEME, REFACTOR_STATE_KEY } from '#src/platform/manifest/ids';

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}
const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: { menus: Record<string, MenuItem[]>; keybindings: (MenuItem & { key: string })[] };
};
const menu = (name: string, command: string) => manifest.contributes.menus[name]?.find((m) => m.command === command);

describe('refactor contributions', () => {
  it('Refactor Selection is in the editor context menu when text is selected, with a keybinding', () => {
    assert.match(menu('editor/context', Commands.refactorSelection)?.when ?? '', /\beditorHasSelection\b/);
    const binding = manifest.contributes.keybindings.find((k) => k.command === Commands.refactorSelection);
    assert.ok(binding?.key);
    assert.match(binding.when ?? '', /\beditorHasSelection\b/);
  });

  it('Accept shows on the proposal diff only once it is done; Reject whenever the proposal diff is active', () => {
    const accept = menu('editor/title', Commands.acceptRefactor);
    const reject = menu('editor/title', Commands.rejectRefactor);
    assert.equal(accept?.when, `resourceScheme == ${REFACTOR_SCHEME} && ${REFACTOR_STATE_KEY} == done`);
    assert.equal(reject?.when, `resourceScheme == ${REFACTOR_SCHEME}`);
    assert.match(accept.group ?? '', /^navigation/);
  });

  it('Accept and Reject are in the command palette only while a proposal exists', () => {
    assert.equal(menu('commandPalette', Commands.acceptRefactor)?.when, `${REFACTOR_STATE_KEY} == done`);
    assert.equal(menu('commandPalette', Commands.rejectRefactor)?.when, REFACTOR_STATE_KEY);
  });
});
