// zod/mini carries no messages: without a locale every issue reads "Invalid input". The checks
// whose first issue is shown (the chat page protocol, the client's request checks) word it in
// English, made at the first such failure. The locale is passed to the parse, not set with
// z.config(): zod keeps that on globalThis, shared with every other zod the host has loaded.
import type * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

type Context = z.core.ParseContext<z.core.$ZodIssue>;
let english: Context | undefined;

/**
 * `schema.safeParse(value)`, with the issues of a failure worded in English. A value that passes
 * is parsed once without the locale: a parse given an error map runs at half the speed, and
 * these checks sit on the path to every reply's first word.
 */
export function safeParseInEnglish<T>(schema: z.ZodMiniType<T>, value: unknown): z.core.util.SafeParseResult<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed;
  english ??= { error: en().localeError };
  return schema.safeParse(value, english);
}
