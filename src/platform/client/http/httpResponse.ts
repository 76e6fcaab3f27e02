// An undici response as the client reads it: a header's value, the headers flat, a body's JSON.
import type { Dispatcher } from 'undici';

export type Response = Dispatcher.ResponseData;

export function headerValue(headers: Response['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function flatHeaders(headers: Response['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** The JSON of a body's text, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
