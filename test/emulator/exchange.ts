// One HTTP exchange: its request id, its record, and the only ways a reply is written,
// so the record's status and the x-request-id header can never be forgotten.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { errorReply, type ErrorShape } from './errorShapes';
import type { BodyFault } from './faults';
import type { RecordedRequest } from './requestLog';

export const MAX_BODY_BYTES = 16 * 1024 * 1024;

export const newId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

export class Exchange {
  readonly requestId = newId('req_');
  /** Aborts when the client goes away or the emulator closes: long replies stop early. */
  readonly signal: AbortSignal;
  record: RecordedRequest | undefined;
  /** How error answers are written (the control API's switch); control replies keep the service's. */
  errorShape: ErrorShape = 'service';

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    lifetime: AbortSignal,
  ) {
    // One controller per exchange, unhooked from the server's lifetime when the response
    // closes, so thousands of requests leave no listeners behind.
    const gone = new AbortController();
    const abort = () => gone.abort();
    lifetime.addEventListener('abort', abort, { once: true });
    res.once('close', () => {
      lifetime.removeEventListener('abort', abort);
      abort();
    });
    this.signal = gone.signal;
    res.setHeader('x-request-id', this.requestId);
  }

  get gone(): boolean {
    return this.signal.aborted;
  }

  async readBody(): Promise<string> {
    return (await this.readBytes())?.toString('utf8') ?? '';
  }

  /**
   * The raw body (multipart uploads carry binary files); undefined when it is over MAX_BODY_BYTES.
   * The rest is still read and dropped, so that the client, still sending, gets the refusal.
   */
  async readBytes(): Promise<Buffer | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    }
    return size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : undefined;
  }

  writeHead(status: number, headers: OutgoingHttpHeaders): void {
    if (this.record) this.record.status = status;
    this.res.writeHead(status, headers);
  }

  json(status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
    const text = JSON.stringify(body);
    this.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    this.res.end(text);
  }

  error(status: number, code: string, message: string, headers: OutgoingHttpHeaders = {}, metadata?: Record<string, unknown>): void {
    const reply = errorReply(this.errorShape, status, code, message, this.requestId, metadata);
    this.moveRequestId(reply.requestIdHeader);
    this.json(status, reply.body, headers);
  }

  /** A recorded answer replayed as it was: its body and headers only (its own request id, if any). */
  raw(status: number, body: string, headers: Record<string, string>): void {
    this.moveRequestId(undefined);
    const type = body.trimStart().startsWith('{') ? 'application/json' : 'text/html; charset=utf-8';
    this.writeHead(status, { 'content-type': type, ...headers, 'content-length': Buffer.byteLength(body) });
    this.res.end(body);
  }

  /** The request id goes in this header (none: in no header). */
  private moveRequestId(header: string | undefined): void {
    if (header === 'x-request-id') return;
    this.res.removeHeader('x-request-id');
    if (header) this.res.setHeader(header, this.requestId);
  }

  /** A 200 JSON reply, bent by a queued body fault when there is one. */
  async reply(body: unknown, fault?: BodyFault): Promise<void> {
    // A JSON reply is always one write: a burst changes nothing; image_data changed the body already (images.ts).
    if (!fault || fault.type === 'burst' || fault.type === 'image_data') return this.json(200, body);
    const text = JSON.stringify(body);
    const half = text.slice(0, Math.floor(text.length / 2));
    const head = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) };
    switch (fault.type) {
      case 'drop_reply':
        return this.reset();
      case 'cut':
        this.writeHead(200, head);
        this.res.write(half);
        return this.cut();
      case 'stall':
        this.writeHead(200, head);
        this.res.write(half);
        if (await this.sleep(fault.ms)) this.res.end(text.slice(half.length));
        return;
      case 'malformed':
        return this.json200Raw(half);
      case 'stream_error':
        return this.error(500, fault.code, fault.message ?? 'The service failed while producing the reply.');
    }
  }

  private json200Raw(text: string): void {
    this.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    this.res.end(text);
  }

  /** Ends the connection after what was written is flushed: the client sees a body cut short. */
  cut(): void {
    const socket = this.res.socket;
    if (!socket) return;
    socket.end(() => socket.destroy());
  }

  /** Drops the connection at once, before any header. */
  reset(): void {
    this.res.socket?.destroy();
  }

  /** Waits ms; false when the exchange was aborted meanwhile. */
  async sleep(ms: number): Promise<boolean> {
    try {
      await delay(ms, undefined, { signal: this.signal });
      return true;
    } catch {
      return false;
    }
  }
}
