// Lines -> server-sent events (WHATWG "event stream" rules): `data` lines of one event
// are joined with "\n", `event:` names the event, lines starting with ':' are comments
// (keep-alives), a blank line dispatches, an event without data is dropped.

export interface SseEvent {
  /** The `event:` name, undefined for the default "message" event. */
  event: string | undefined;
  data: string;
}

export class SseDecoder {
  private data: string[] = [];
  private event: string | undefined;

  /** Feeds one line; returns the event it completes, if any. */
  push(line: string): SseEvent | undefined {
    if (line.length === 0) return this.dispatch();
    if (line.charCodeAt(0) === 58 /* ':' */) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.event = undefined;
    if (data.length === 0) return undefined;
    return { event, data: data.length === 1 ? (data[0] as string) : data.join('\n') };
  }
}
