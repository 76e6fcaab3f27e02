// The two real-VS-Code hosts (test/host/hosts.json) against the manifest: the oldest host
// must be the oldest VS Code engines.vscode allows, and @types/vscode its API, or the suite
// would cover a version no user can have, or the build could use API the oldest lacks.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import hosts from '../../host/hosts.json';

const root = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { vscode: string };
  devDependencies: Record<string, string>;
};
const lockedTypes = (
  JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string }>;
  }
).packages['node_modules/@types/vscode']?.version;

/** major.minor of a version or of a ^/~ range. */
const minor = (version: string): string =>
  version
    .replace(/^[\^~]/, '')
    .split('.')
    .slice(0, 2)
    .join('.');

describe('real-VS-Code test hosts', () => {
  it('the oldest host runs the VS Code engines.vscode starts at', () => {
    assert.match(manifest.engines.vscode, /^\^\d+\.\d+\.0$/);
    assert.equal(minor(hosts.oldest.vscode), minor(manifest.engines.vscode));
  });

  it('@types/vscode is the API of that version, in package.json and in the lock file', () => {
    assert.equal(minor(manifest.devDependencies['@types/vscode'] ?? ''), minor(manifest.engines.vscode));
    assert.equal(minor(lockedTypes ?? ''), minor(manifest.engines.vscode));
  });

  it('the newest host is newer than the oldest', () => {
    const [newMajor, newMinor] = hosts.newest.vscode.split('.').map(Number);
    const [oldMajor, oldMinor] = hosts.oldest.vscode.split('.').map(Number);
    assert.ok(newMajor! > oldMajor! || (newMajor === oldMajor && newMinor! > oldMinor!));
  });
});
