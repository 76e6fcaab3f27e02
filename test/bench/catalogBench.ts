// Benchmark: reading and filtering a gateway catalog of 371 models in OpenRouter's shape, made by
// test/unit/platform/client/fixtures/catalogs/syntheticCatalog.ts. This process serves it over loopback; the client
// reads it in a fresh process (catalogRead.ts), so its first read pays what a first read pays
// in the extension host (the schemas built, the code not yet optimised) and is told apart
// from the later ones. CPU time of the reading process only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../host/paths';
import { spawnGroup } from '../host/processGroup';
import { openRouterCatalogBody } from '../unit/platform/client/fixtures/catalogs/syntheticCatalog';
import { median } from './stats';

export interface CatalogBenchResult {
  models: number;
  usable: number;
  /** CPU ms of the first read and filtering in a fresh process. */
  firstMs: number;
  /** Median CPU ms of the reads after it. */
  laterMs: number;
  later: number[];
}

export async function runCatalogBench(log: (line: string) => void): Promise<CatalogBenchResult> {
  const body = openRouterCatalogBody();
  const models = (JSON.parse(body.toString('utf8')) as { data: unknown[] }).data.length;
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const reader = spawnGroup(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'test/bench/catalogRead.ts'), baseUrl], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    reader.child.stdout!.setEncoding('utf8');
    reader.child.stdout!.on('data', (text: string) => (out += text));
    const code = await reader.exited;
    if (code !== 0) throw new Error(`the catalog reader exited with code ${code}`);
    const { first, later, usable } = JSON.parse(out) as { first: number; later: number[]; usable: number };
    log(`catalog: ${models} models, ${usable} usable for text; first read ${first.toFixed(1)} ms, later ${median(later).toFixed(1)} ms (CPU)`);
    return { models, usable, firstMs: first, laterMs: median(later), later };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
