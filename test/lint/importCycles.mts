// `npm run lint`'s cycle check: no two files and no two folders of src import each other, through
// any chain, type-only imports included (eslint's import/no-cycle skips `import type`).
// dependency-cruiser reads the imports as TypeScript writes them, before types are erased.
import { cruise } from 'dependency-cruiser';
import { cycles, graphs, type CruisedModules } from './importGraph';

async function main(): Promise<void> {
  const { output } = await cruise(['src'], {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  });
  const { files, folders } = graphs(output as CruisedModules);
  const report = [...cycles(files).map((c) => `file cycle: ${c.join(' <-> ')}`), ...cycles(folders).map((c) => `folder cycle: ${c.join(' <-> ')}`)];
  for (const line of report) console.error(line);
  console.log(`import cycles: ${report.length} (${files.size} files, ${folders.size} folders read, type imports included)`);
  if (report.length) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
