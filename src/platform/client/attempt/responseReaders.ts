// A successful response read into what the caller gets: a JSON body checked by its parser, or a
// streamed reply as events. A reader returns the failure instead when the body cannot be read,
// classified (failures.ts) with what it already handed on.
import { logCall, type Attempt, type Call, type ClientSettings } from './attempt';
import { decodeEventStream } from '../streaming/eventStream';
import { keyFreeToken } from '../http/keyMasking';
import { streamFailure } from '../errors/failures';
import { type Failure } from '../errors/serviceError';
import { headerValue, parseJson, type Response } from '../http/httpResponse';
import { IdleWatchdog } from '../streaming/idleWatchdog';
import type { ReplyPart, StreamReader } from '../streaming/replyPart';

/** What a reply is made of, as it arrives, whichever interface carried it. */
/** A whole JSON body, as `parse` reads it (undefined: an unexpected shape), with the request id. */
export async function* readJson<T>(
  settings: ClientSettings,
  call: Call,
  response: Response,
  attempt: Attempt,
  parse: (json: unknown) => T | undefined,
): AsyncGenerator<{ data: T; requestId?: string }, Failure | undefined> {
  const requestId = keyFreeToken(headerValue(response.headers, 'x-request-id'), settings.apiKey);
  const data = parse(parseJson(await response.body.text()));
  if (data === undefined) return { kind: 'bad_response', status: response.statusCode, requestId, serviceMessage: 'the response has an unexpected shape' };
  logCall(settings, 'info', call, attempt, { status: response.statusCode, requestId });
  yield { data, requestId };
  return undefined;
}

/** A streamed reply as events, read by the transport's `reader`, watched for silence once output began. */
export async function* readStream(
  settings: ClientSettings,
  call: Call,
  response: Response,
  attempt: Attempt,
  reader: StreamReader,
): AsyncGenerator<ReplyPart, Failure | undefined> {
  const requestId = keyFreeToken(headerValue(response.headers, 'x-request-id'), settings.apiKey);
  const watchdog = new IdleWatchdog(settings.idleTimeoutMs, () => attempt.stop('idle'));
  let partialText = '';
  let hadOutput = false;
  try {
    for await (const parts of decodeEventStream(watchdog.watch(response.body), reader)) {
      if (!hadOutput && parts.some((p) => p.type !== 'end')) {
        // Errors 3: output has begun once the first part arrives. A thinking model may be silent for long before its first output, so until
        // then the request timeout governs; from here the between-delta watchdog does.
        hadOutput = true;
        attempt.clearTimeout();
        watchdog.start();
      }
      for (const event of eventsOf(parts, requestId)) {
        if (event.type === 'delta') partialText += event.text;
        if (event.type === 'end')
          logCall(settings, 'info', call, attempt, { status: response.statusCode, requestId, note: `finish=${event.finishReason ?? '-'}` });
        yield event;
      }
    }
    return undefined;
  } catch (error) {
    const failure = streamFailure(error, attempt.stopped, hadOutput, settings);
    // Every part before the failure was yielded: output reached the caller once there was any.
    return { ...failure, status: response.statusCode, requestId, delivered: hadOutput, ...(partialText !== '' && { partialText }) };
  } finally {
    watchdog.stop();
  }
}

/**
 * A batch of parts as events: neighbouring text (and reasoning) joined into one event. Joined
 * into a flat string of its own: the pieces are slices of the chunk's decoded text, and a text
 * kept by the caller would keep all of that text alive with it (a long reply's garbage
 * collection took a quarter of its reading).
 */
export function* eventsOf(parts: ReplyPart[], requestId: string | undefined): Generator<ReplyPart, void, undefined> {
  let pending: { type: 'delta' | 'reasoning'; texts: string[] } | undefined;
  for (const part of parts) {
    if ((part.type === 'delta' || part.type === 'reasoning') && pending?.type === part.type) {
      pending.texts.push(part.text);
      continue;
    }
    if (pending) yield joined(pending);
    pending = undefined;
    if (part.type === 'delta' || part.type === 'reasoning') pending = { type: part.type, texts: [part.text] };
    else if (part.type === 'tool_call') yield part;
    else {
      const end: ReplyPart = { type: 'end', finishReason: part.finishReason, requestId };
      if (part.usage) end.usage = part.usage;
      if (part.reasoningBlocks) end.reasoningBlocks = part.reasoningBlocks;
      yield end;
    }
  }
  if (pending) yield joined(pending);
}

function joined({ type, texts }: { type: 'delta' | 'reasoning'; texts: string[] }): ReplyPart {
  return { type, text: texts.length === 1 ? texts[0]! : texts.join('') };
}
