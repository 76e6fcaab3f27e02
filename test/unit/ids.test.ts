import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Commands } from '../../src/core/ids';

const manifest = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
  contributes: { commands: { command: string }[] };
};

describe('ids agree with package.json', () => {
  it('every command constant is contributed, and every contributed command is a constant', () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(contributed, Object.values(Commands).sort());
  });
});
