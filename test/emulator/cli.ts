// `npm run emulator -- --port N [--rate-limit N --rate-window-ms MS] [--catalog spec|new-api|openrouter] [--cache]`:
// serves until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { CatalogShapeSchema } from './catalogShapes';
import { DEFAULT_RATE_LIMIT } from './rateLimiter';
import { startEmulator } from './server';

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, got "${value}".`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window-ms': { type: 'string' },
      catalog: { type: 'string' },
      cache: { type: 'boolean' },
    },
  });
  const emulator = await startEmulator({
    port: integer(values.port, 'port', 0),
    rateLimit: {
      limit: integer(values['rate-limit'], 'rate-limit', DEFAULT_RATE_LIMIT.limit),
      windowMs: integer(values['rate-window-ms'], 'rate-window-ms', DEFAULT_RATE_LIMIT.windowMs),
    },
    catalogShape: CatalogShapeSchema.parse(values.catalog ?? 'spec'),
    cache: values.cache === true,
  });
  console.log(`Emulator listening at ${emulator.baseUrl}`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
