// `npm run lint`'s cycle check: no two files and no two folders of src import each other, through
// any chain, type-only imports included (eslint's import/no-cycle skips `import type`).
// dependency-cruiser reads the imports as TypeScript writes them, before types are erased.
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import * as path from 'node:path';

/** Every strongly connected set of more than one node (Tarjan), each sorted. */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The import graph of src's files, and of their folders (a file's own folder, an edge between two different ones). */
export function graphs(result: ICruiseResult): { files: Map<string, Set<string>>; folders: Map<string, Set<string>> } {
  const files = new Map<string, Set<string>>();
  const folders = new Map<string, Set<string>>();
  const add = (graph: Map<string, Set<string>>, from: string, to: string) => {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  };
  for (const module of result.modules) {
    if (!module.source.startsWith('src/')) continue;
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith('src/')) continue;
      add(files, module.source, dependency.resolved);
      const from = path.posix.dirname(module.source);
      const to = path.posix.dirname(dependency.resolved);
      if (from !== to) add(folders, from, to);
    }
  }
  return { files, folders };
}

async function main(): Promise<void> {
  const { output } = await cruise(['src'], {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  });
  const { files, folders } = graphs(output as ICruiseResult);
  const report = [
    ...cycles(files).map((c) => `file cycle: ${c.join(' <-> ')}`),
    ...cycles(folders).map((c) => `folder cycle: ${c.join(' <-> ')}`),
  ];
  for (const line of report) console.error(line);
  console.log(`import cycles: ${report.length} (${files.size} files, ${folders.size} folders read, type imports included)`);
  if (report.length) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
