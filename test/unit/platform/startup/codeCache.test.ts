import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { loadWithCodeCache } from '#src/platform/startup/codeCache';

interface Probe {
  value: string;
  sep: string;
  helper: string;
  filename: string;
  dirname: string;
  thisIsExports: boolean;
  fail(): never;
}

const moduleSource = (value: string): string =>
  [
    "'use strict';",
    "const sep = require('node:path').sep;",
    "const helper = require('./helper.js');",
    `exports.value = '${value}';`,
    'exports.sep = sep;',
    'exports.helper = helper.name;',
    'exports.filename = __filename;',
    'exports.dirname = __dirname;',
    'exports.thisIsExports = this === module.exports;',
    "exports.fail = function () { throw new Error('from line 10'); };",
    '',
  ].join('\n');

const CODE_CACHE_MODULE = path.resolve(__dirname, '../../../../src/platform/startup/codeCache.ts');

/**
 * Loads (and, with `save`, saves) in a new Node process, as each activation is: within one
 * process V8 finds a script it compiled before in its own memory and never reads the cache.
 */
function loadInNewProcess(bundle: string, cacheDir: string | undefined, save: boolean): { fromCache: boolean; value: string } {
  const script = `const { loadWithCodeCache } = require(${JSON.stringify(CODE_CACHE_MODULE)});
const loaded = loadWithCodeCache(${JSON.stringify(bundle)}, ${JSON.stringify(cacheDir)});
Promise.resolve(${save} && loaded.save()).then(() => console.log(JSON.stringify({ fromCache: loaded.fromCache, value: loaded.exports.value })));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' })) as { fromCache: boolean; value: string };
}

describe("loadWithCodeCache (the extension bundle through V8's code cache)", () => {
  let dir: string;
  let bundle: string;
  let cacheDir: string;
  const cacheFiles = () => readdirSync(cacheDir).sort();

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mmai-code-cache-'));
    bundle = path.join(dir, 'main.js');
    cacheDir = path.join(dir, 'storage', 'code-cache');
    writeFileSync(path.join(dir, 'helper.js'), "exports.name = 'helper';\n");
    writeFileSync(bundle, moduleSource('first'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs the bundle as require does: its requires, __filename, __dirname and this', () => {
    const { exports } = loadWithCodeCache<Probe>(bundle, cacheDir);
    assert.deepEqual(
      {
        value: exports.value,
        sep: exports.sep,
        helper: exports.helper,
        filename: exports.filename,
        dirname: exports.dirname,
        thisIsExports: exports.thisIsExports,
      },
      { value: 'first', sep: '/', helper: 'helper', filename: bundle, dirname: dir, thisIsExports: true },
    );
  });

  it("keeps the bundle's own line numbers in stack traces", () => {
    const { exports } = loadWithCodeCache<Probe>(bundle, cacheDir);
    assert.throws(
      () => exports.fail(),
      (error: Error) => error.stack!.includes(`${bundle}:10:`),
    );
  });

  it('compiles afresh the first time, writes the cache on save, and compiles from it the next time', () => {
    assert.deepEqual(loadInNewProcess(bundle, cacheDir, true), { fromCache: false, value: 'first' });
    assert.equal(cacheFiles().length, 1);
    assert.match(cacheFiles()[0]!, /^code-cache-[0-9a-f]{32}\.bin$/);
    assert.deepEqual(loadInNewProcess(bundle, cacheDir, true), { fromCache: true, value: 'first' });
    assert.equal(cacheFiles().length, 1);
  });

  it("never runs a changed bundle from the old one's cache, even of the same length (V8 checks only the length), and drops that cache", () => {
    loadInNewProcess(bundle, cacheDir, true);
    const [oldCache] = cacheFiles();
    writeFileSync(bundle, moduleSource('other'));
    assert.deepEqual(loadInNewProcess(bundle, cacheDir, true), { fromCache: false, value: 'other' });
    assert.equal(cacheFiles().length, 1);
    assert.notEqual(cacheFiles()[0], oldCache);
    assert.deepEqual(loadInNewProcess(bundle, cacheDir, false), { fromCache: true, value: 'other' });
  });

  it('loads a bundle whose cache is damaged, and replaces the cache on save', () => {
    loadInNewProcess(bundle, cacheDir, true);
    writeFileSync(path.join(cacheDir, cacheFiles()[0]!), 'not a code cache');
    assert.deepEqual(loadInNewProcess(bundle, cacheDir, true), { fromCache: false, value: 'first' });
    assert.deepEqual(loadInNewProcess(bundle, cacheDir, false), { fromCache: true, value: 'first' });
  });

  it('without a cache folder (storage that is not on disk) loads and writes nothing', () => {
    assert.deepEqual(loadInNewProcess(bundle, undefined, true), { fromCache: false, value: 'first' });
    assert.deepEqual(readdirSync(dir).sort(), ['helper.js', 'main.js']);
  });
});
