// A loopback proxy in front of the emulator that notes what each text request carried: its size,
// its messages and the names of the tools offered. The emulator's own records say which model
// answered with what status, not what VS Code's chat put in the request.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  path: string;
  /** The body's size in bytes, as sent. */
  bytes: number;
  messages: number;
  /** Each message's role and its text (the text parts joined). */
  said: { role: string; text: string }[];
  /** The tools' names (chat completions' `function.name`, Responses' and Messages' `name`). */
  tools: string[];
}

export class RecordingProxy {
  readonly seen: SeenRequest[] = [];
  private server: Server | undefined;

  /** Listens on a free loopback port and forwards to the origin `target()` gives (read at each request); returns the proxy's /v1 address. */
  async start(target: () => string): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        if (req.method === 'POST' && body.length > 0) this.note(req.url ?? '', body);
        const upstream = new URL(req.url ?? '/', target());
        const forwarded = request(upstream, { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forwarded.on('error', () => res.destroy());
        forwarded.end(body);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private note(path: string, body: Buffer): void {
    let parsed: { messages?: Said[]; input?: Said[]; tools?: { name?: string; function?: { name?: string } }[] } = {};
    try {
      parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
    } catch {
      // Not JSON (an image upload): its size is still noted.
    }
    const messages = parsed.messages ?? parsed.input ?? [];
    const tools = (parsed.tools ?? []).map((t) => t.function?.name ?? t.name ?? '');
    const said = messages.map((m) => ({ role: m.role ?? '', text: textOf(m.content) }));
    this.seen.push({ path, bytes: body.length, messages: messages.length, said, tools });
  }
}

type Said = { role?: string; content?: unknown };

/** A message's text: its content as a string, or its text parts joined (chat completions, Responses, Messages). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : '')).join('');
}
