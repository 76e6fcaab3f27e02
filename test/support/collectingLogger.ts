// A client logger that keeps every line it is given, at any level, for a test to read.
import type { ClientLogger } from '#src/platform/client/serviceClient';

export function collectingLogger(): { lines: string[]; logger: ClientLogger } {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
  };
  return { lines, logger: { debug: keep, info: keep, warn: keep, error: keep } };
}
