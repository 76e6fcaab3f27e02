// zod schemas for every payload that crosses the wire. Objects are loose: fields the
// service adds later (prices, limits, reasons) are kept, never a reason to fail.
import * as z from 'zod';

const stringList = z.array(z.string()).default([]);

export const ModelEntrySchema = z.looseObject({
  id: z.string().min(1),
  available: z.boolean(),
  architecture: z.looseObject({ output_modalities: stringList, input_modalities: z.array(z.string()).optional().catch(undefined) }).default({ output_modalities: [] }),
  name: z.string().optional().catch(undefined),
  supported_parameters: stringList,
  supported_endpoint_types: stringList,
  /** Tokens the model reads, when the catalog says (the spec names no field: the usual name). */
  context_length: z.number().int().positive().optional().catch(undefined),
});
export type ModelEntry = z.infer<typeof ModelEntrySchema>;

export const ModelListSchema = z.looseObject({
  object: z.literal('list'),
  data: z.array(ModelEntrySchema),
});
export type ModelList = z.infer<typeof ModelListSchema>;

export const UsageSchema = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const ChatCompletionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('chat.completion'),
  model: z.string(),
  choices: z
    .array(
      z.looseObject({
        index: z.number().int(),
        message: z.looseObject({ role: z.string(), content: z.string() }),
        finish_reason: z.string().nullable(),
      }),
    )
    .min(1),
  usage: UsageSchema.optional(),
});
export type ChatCompletion = z.infer<typeof ChatCompletionSchema>;

const errorCode = z.union([z.string(), z.number().transform(String)]).nullish();

/** `{ error: { code, message, request_id } }`: an error response body or a stream's error event. */
export const ErrorBodySchema = z.looseObject({
  error: z.looseObject({
    code: errorCode,
    message: z.string().nullish(),
    request_id: z.string().nullish(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

const MessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string(),
});

/** What the client sends; unknown keys are stripped, so nothing unplanned reaches the wire. */
export const ChatRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(MessageSchema),
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  stream_options: z.object({ include_usage: z.boolean() }).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;
export type ChatMessage = z.infer<typeof MessageSchema>;
