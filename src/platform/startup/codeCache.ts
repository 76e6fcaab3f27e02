// Loads a CommonJS bundle through V8's code cache. Compiling the extension's 175 KB bundle
// took 12-13 ms of each activation on a slow machine and 3 ms from a cache, and a cache
// made after activation also holds the functions activate() compiled. V8 checks a cache
// only against the source's length (and its own version and flags), so the cache file is
// named for a hash of the source: a changed bundle never runs another's bytecode.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Script } from 'node:vm';

const PREFIX = 'code-cache-';

export interface CachedLoad<T> {
  exports: T;
  /** V8 compiled the bundle from the cache (false: there was none, or V8 rejected it). */
  fromCache: boolean;
  /** Writes the cache of everything compiled so far (and drops other bundles' caches); nothing if the cache was used. */
  save(): Promise<void>;
}

/** Runs `file` as `require` would, with the cache kept in `cacheDir` (none without one). */
export function loadWithCodeCache<T>(file: string, cacheDir: string | undefined): CachedLoad<T> {
  const source = readFileSync(file, 'utf8');
  const cacheFile = cacheDir && path.join(cacheDir, `${PREFIX}${createHash('sha256').update(source).digest('hex').slice(0, 32)}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = cacheFile ? readFileSync(cacheFile) : undefined;
  } catch {
    cachedData = undefined;
  }
  // Node's own CommonJS wrapper, on a line of its own so stack traces keep the bundle's lines.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {\n${source}\n})`;
  const script = new Script(wrapped, { filename: file, lineOffset: -1, cachedData });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as T };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    exports: module.exports,
    fromCache,
    async save() {
      if (fromCache || !cacheFile) return;
      const dir = path.dirname(cacheFile);
      await mkdir(dir, { recursive: true });
      // Another window may write the same cache: each writes its own file and renames it into place.
      const partial = `${cacheFile}.${process.pid}.partial`;
      await writeFile(partial, script.createCachedData());
      await rename(partial, cacheFile);
      const stale = (await readdir(dir)).filter((name) => name.startsWith(PREFIX) && name !== path.basename(cacheFile) && !name.endsWith('.partial'));
      await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
    },
  };
}
