// zod/mini carries no messages: without a locale every issue reads "Invalid input". The checks
// whose first issue is shown (the chat page protocol, the client's request checks) parse with
// English ones, made at the first such parse. They are passed to the parse, not set with
// z.config(): zod keeps that on globalThis, shared with every other zod the host has loaded.
import type * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

let english: z.core.ParseContext<z.core.$ZodIssue> | undefined;

/** Parse options that word the issues in English (a schema's own messages still come first). */
export function inEnglish(): z.core.ParseContext<z.core.$ZodIssue> {
  english ??= { error: en().localeError };
  return english;
}
