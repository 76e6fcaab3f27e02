// The import graph of src, as files and as folders, and the cycles in a graph: what
// importCycles.mts reports. Plain functions over dependency-cruiser's result, tested in
// test/unit/lint/importGraph.test.ts.
import * as path from 'node:path';

/** The part of dependency-cruiser's result read here. */
export interface CruisedModules {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

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
export function graphs(result: CruisedModules): { files: Map<string, Set<string>>; folders: Map<string, Set<string>> } {
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
