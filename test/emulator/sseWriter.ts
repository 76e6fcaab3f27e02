// Server-sent events with backpressure: each event is written as it is made (no growing
// buffer), a paced reply waits before each delta, and a queued body fault fires after the K-th delta.
import { once } from 'node:events';
import type { Exchange } from './exchange';
import type { BodyFault } from './faults';

export class SseWriter {
  private deltas = 0;
  /** The events of a `burst` stream, sent in one write when it ends. */
  private burst?: string[];
  private faultFired = false;
  private ended = false;

  constructor(
    private readonly ex: Exchange,
    private readonly fault: BodyFault | undefined,
    private readonly paceMs = 0,
  ) {}

  async open(): Promise<boolean> {
    if (this.fault?.type === 'drop_reply') {
      this.ex.reset();
      return false;
    }
    this.ex.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    this.ex.res.flushHeaders();
    if (this.fault?.type === 'burst') this.burst = [];
    return this.maybeFault(false);
  }

  /** Sends one delta event; false once the stream is over (fault, or the client left). */
  async delta(data: string, event?: string): Promise<boolean> {
    if (this.ended) return false;
    if (this.paceMs > 0 && !((await this.ex.sleep(this.paceMs)) && !this.ended)) return false;
    this.deltas++;
    if (!(await this.write(frame(data, event)))) return false;
    return this.maybeFault(false);
  }

  /** Sends lines as they are: keep-alive comments. */
  async raw(text: string): Promise<boolean> {
    if (this.ended) return false;
    return this.write(text);
  }

  /** Sends a non-delta event (start, stop, usage). */
  async event(data: string, event?: string): Promise<boolean> {
    if (this.ended) return false;
    return this.write(frame(data, event));
  }

  /**
   * Call before the closing events: a fault whose K was never reached (a reply shorter
   * than K deltas) fires here, so a queued fault always takes effect.
   */
  async beforeClosing(): Promise<boolean> {
    return this.maybeFault(true);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.ex.res.end(this.burst?.join(''));
  }

  private async maybeFault(force: boolean): Promise<boolean> {
    const fault = this.fault;
    if (
      !fault ||
      fault.type === 'burst' ||
      fault.type === 'drop_reply' ||
      fault.type === 'image_data' ||
      this.faultFired ||
      (!force && this.deltas !== fault.afterDeltas)
    )
      return !this.ended;
    this.faultFired = true;
    switch (fault.type) {
      case 'cut':
        this.ended = true;
        this.ex.cut();
        return false;
      case 'stall':
        return (await this.ex.sleep(fault.ms)) && !this.ended;
      case 'malformed':
        return this.write('data: {"choices":[{"delta":{"content":\n\n');
      case 'stream_error': {
        const body = { error: { code: fault.code, message: fault.message ?? 'The stream failed.', request_id: this.ex.requestId } };
        await this.write(frame(JSON.stringify(body), 'error'));
        this.end();
        return false;
      }
    }
  }

  private async write(chunk: string): Promise<boolean> {
    if (this.ex.gone) return false;
    if (this.burst) {
      this.burst.push(chunk);
      return true;
    }
    if (!this.ex.res.write(chunk)) {
      try {
        await once(this.ex.res, 'drain', { signal: this.ex.signal });
      } catch {
        return false;
      }
    }
    return !this.ex.gone;
  }
}

function frame(data: string, event?: string): string {
  return event ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`;
}
