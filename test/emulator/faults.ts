// Faults queued through the control API; each one is consumed by one later request.
import * as z from 'zod';
import { QuirkSchema } from './quirks';
import type { EndpointName } from './requestLog';

const afterDeltas = z.number().int().min(0);

export const FaultSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    status: z.number().int().min(400).max(599),
    code: z.string().optional(),
    message: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    /** OpenRouter's `error.metadata`, written when the error shape is `openrouter`. */
    metadata: z.record(z.string(), z.unknown()).optional(),
    /** A recorded body replayed byte for byte, with `headers` only (no request id of the emulator's). */
    body: z.string().optional(),
  }),
  z.object({ type: z.literal('rate_limit'), retryAfterSeconds: z.number().int().min(0) }),
  z.object({ type: z.literal('reset') }),
  z.object({ type: z.literal('slow_first_byte'), ms: z.number().int().min(0) }),
  z.object({ type: z.literal('cut'), afterDeltas }),
  z.object({ type: z.literal('stall'), afterDeltas, ms: z.number().int().min(0) }),
  z.object({ type: z.literal('malformed'), afterDeltas }),
  z.object({ type: z.literal('stream_error'), afterDeltas, code: z.string(), message: z.string().optional() }),
  // Not a failure: the whole stream leaves in one write, as a fast server packs a short reply into one network chunk.
  z.object({ type: z.literal('burst') }),
  // The answer is made (and charged), then the connection drops before its first byte: a lost response.
  z.object({ type: z.literal('drop_reply') }),
  // Image endpoints: the answer's first image is this instead of the one made (bytes that are
  // not an image, or an address elsewhere), as a broken service or a CDN might send.
  z.object({ type: z.literal('image_data'), b64_json: z.string().optional(), url: z.string().optional() }),
  // Not a failure: the reply is written the way some compatible servers write it (quirks.ts).
  z.object({ type: z.literal('quirk'), quirk: QuirkSchema }),
]);
export type Fault = z.infer<typeof FaultSchema>;

/** Faults that act on the reply body, once headers are out. */
export type BodyFault = Extract<Fault, { type: 'cut' | 'stall' | 'malformed' | 'stream_error' | 'burst' | 'drop_reply' | 'image_data' }>;

export function isBodyFault(fault: Fault): fault is BodyFault {
  return ['cut', 'stall', 'malformed', 'stream_error', 'burst', 'drop_reply', 'image_data'].includes(fault.type);
}

export type FaultEndpoint = EndpointName | 'any';

/** A model that is down: every text request naming it is answered with this status (and its code), until it is back. */
export const ModelDownSchema = z.object({
  status: z.number().int().min(400).max(599),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type ModelDown = z.infer<typeof ModelDownSchema>;

export const ModelDownRequestSchema = z.object({ model: z.string().min(1), down: ModelDownSchema.nullable() });

export const FaultRequestSchema = z.object({
  endpoint: z.enum(['chat', 'models', 'responses', 'messages', 'images', 'any']),
  faults: z.array(FaultSchema).min(1),
});

export class FaultQueue {
  private queues = new Map<FaultEndpoint, Fault[]>();

  push(endpoint: FaultEndpoint, faults: Fault[]): void {
    const queue = this.queues.get(endpoint) ?? [];
    queue.push(...faults);
    this.queues.set(endpoint, queue);
  }

  /** The next fault for the endpoint: its own queue first, then the `any` queue. */
  take(endpoint: EndpointName): Fault | undefined {
    return this.queues.get(endpoint)?.shift() ?? this.queues.get('any')?.shift();
  }

  clear(): void {
    this.queues.clear();
  }
}

/** Default public code for a status fault queued without one. */
export function defaultCodeFor(status: number): string {
  const codes: Record<number, string> = {
    400: 'invalid_request',
    401: 'invalid_api_key',
    402: 'payment_required',
    403: 'forbidden',
    404: 'not_found',
    408: 'request_timeout',
    409: 'conflict',
    413: 'payload_too_large',
    422: 'invalid_request',
    429: 'rate_limit_exceeded',
    500: 'internal_error',
    502: 'bad_gateway',
    503: 'service_unavailable',
    504: 'gateway_timeout',
  };
  return codes[status] ?? (status >= 500 ? 'internal_error' : 'invalid_request');
}
