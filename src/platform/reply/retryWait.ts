// What a person is told while the client waits before trying again (spec, Limits 1: a 429's
// window is waited out, visibly): the chat's "Answering…" line and the refactor progress both
// show this countdown.
import * as l10n from '@vscode/l10n';
import type { ErrorKind } from '../client/errors/errorKind';

export function waitReason(kind: ErrorKind): string {
  return kind === 'rate_limit' ? l10n.t('The service is rate-limiting requests: trying again in') : l10n.t('The service did not answer: trying again in');
}

/** Shows "<reason> N s…" now and once a second after, down to 0, until stopped. */
export class Countdown {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly show: (line: string) => void) {}

  start(reason: string, seconds: number): void {
    this.stop();
    let left = seconds;
    this.show(l10n.t('{0} {1} s…', reason, left));
    this.timer = setInterval(() => {
      left = Math.max(0, left - 1);
      this.show(l10n.t('{0} {1} s…', reason, left));
    }, 1000);
  }

  /** True when a countdown was running. */
  stop(): boolean {
    if (this.timer === undefined) return false;
    clearInterval(this.timer);
    this.timer = undefined;
    return true;
  }
}
