import type { ClientLogger } from './attempt';
import { maskEveryKey } from '../http/keyMasking';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface RecordedLine {
  level: LogLevel;
  line: string;
}

/**
 * Keeps the last `capacity` lines written to the log, so tests (and diagnostics) can read
 * exactly what the log channel received.
 */
export class LogRecorder {
  private readonly lines: RecordedLine[] = [];

  constructor(private readonly capacity = 2000) {}

  add(level: LogLevel, line: string): void {
    this.lines.push({ level, line });
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  all(): readonly RecordedLine[] {
    return [...this.lines];
  }
}

/** A logger that masks keys in every line, then writes it to `target` and to `recorder`. */
export function recordingLogger(target: ClientLogger, recorder: LogRecorder): ClientLogger {
  const write = (level: LogLevel) => (line: string) => {
    const safe = maskEveryKey(line);
    recorder.add(level, safe);
    target[level](safe);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
