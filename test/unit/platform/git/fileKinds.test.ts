import * as assert from 'node:assert/strict';
import { fileKind } from '#src/platform/git/fileKinds';

describe('fileKind', () => {
  const cases = [
    ['package-lock.json', 'lock'],
    ['web/yarn.lock', 'lock'],
    ['Cargo.lock', 'lock'],
    ['go.sum', 'lock'],
    ['dist/main.js', 'generated'],
    ['assets/app.min.js', 'generated'],
    ['src/app.ts.map', 'generated'],
    ['src/__snapshots__/view.test.ts.snap', 'generated'],
    ['src/app.ts', 'source'],
    ['docs/distribution.md', 'source'],
    ['lock.ts', 'source'],
  ] as const;
  for (const [path, kind] of cases) it(`${path} is ${kind}`, () => assert.equal(fileKind(path), kind));
});
