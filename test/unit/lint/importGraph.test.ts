import { strict as assert } from 'node:assert';
import { cycles, graphs } from '../../lint/importGraph';

const module = (source: string, ...resolved: string[]) => ({ source, dependencies: resolved.map((r) => ({ resolved: r })) });

describe('import graph (npm run lint: no file or folder cycles)', () => {
  it('finds a cycle of files through a chain, and none in a chain without a way back', () => {
    const { files } = graphs({
      modules: [module('src/a/x.ts', 'src/a/y.ts'), module('src/a/y.ts', 'src/b/z.ts'), module('src/b/z.ts', 'src/a/x.ts'), module('src/c/w.ts', 'src/a/x.ts')],
    });
    assert.deepEqual(cycles(files), [['src/a/x.ts', 'src/a/y.ts', 'src/b/z.ts']]);
  });

  it('sees two folders that import each other though no file cycle joins them', () => {
    const { files, folders } = graphs({
      modules: [module('src/a/x.ts', 'src/b/y.ts'), module('src/b/z.ts', 'src/a/w.ts'), module('src/a/w.ts', 'node_modules/zod/index.js')],
    });
    assert.deepEqual(cycles(files), []);
    assert.deepEqual(cycles(folders), [['src/a', 'src/b']]);
  });

  it('leaves a folder importing its own files, and modules outside src, out of the folder graph', () => {
    const { folders } = graphs({ modules: [module('src/a/x.ts', 'src/a/y.ts', 'node_modules/undici/index.js'), module('test/t.ts', 'src/a/x.ts')] });
    assert.deepEqual([...folders], []);
  });
});
