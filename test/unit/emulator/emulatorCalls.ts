// Shared by the emulator tests: a small fetch wrapper over real loopback HTTP, an SSE splitter
// and a chat body. The emulator itself comes from test/support/useEmulator.ts.
import { FIXTURE_KEYS } from '../../emulator';

export interface CallOptions {
  method?: string;
  /** The key sent as `Bearer <key>`; null sends no Authorization header. Default: alpha. */
  key?: string | null;
  authorization?: string;
  body?: unknown;
  /** A multipart body instead of JSON (fetch sets its content type and boundary). */
  form?: FormData;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  json: any;
}

/** One request to `{origin}{path}`; the whole body is read. */
export async function call(origin: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? FIXTURE_KEYS.alpha : options.key;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  else if (key !== null) headers.authorization = `Bearer ${key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await fetch(`${origin}${path}`, {
    method: options.method ?? (payload === undefined && !options.form ? 'GET' : 'POST'),
    headers,
    body: options.form ?? payload,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface SseEvent {
  event?: string;
  data: string;
}

/** Splits an SSE body into events (the emulator writes LF line ends and one data line per event). */
export function parseSse(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.length > 0)
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length);
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice('data: '.length))
        .join('\n');
      return event === undefined ? { data } : { event, data };
    });
}

/** The text of chat.completion.chunk events, joined. */
export function chatDeltaText(events: SseEvent[]): string {
  return events
    .filter((e) => e.data !== '[DONE]')
    .map((e) => JSON.parse(e.data) as { choices: { delta?: { content?: string } }[] })
    .map((c) => c.choices[0]?.delta?.content ?? '')
    .join('');
}

export const chatBody = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'acme/chat-large',
  messages: [{ role: 'user', content }],
  ...extra,
});
