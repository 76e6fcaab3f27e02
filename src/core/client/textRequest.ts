// What the extension asks a text model, whatever interface carries it: the messages (with tool
// calls, tool results and the reasoning a transport must send back), the tools, and the optional
// fields by their catalog names. Spec, Endpoints rule 5: an optional field is set only when the
// chosen model lists it in supported_parameters; the transports map the names to their own.
import * as z from 'zod/mini';
import { buildOnce } from '../buildOnce';
import type { ModelEntry } from './schemas';

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as JSON text. */
  arguments: string;
}

/**
 * A Messages thinking block as the interface sent it: sent back unchanged, since it checks the
 * signature (or a redacted block's data) of every block in front of the tool calls they led to.
 */
export type ThinkingBlock = { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string };

/** Reasoning that came with an answer, kept so it can be sent back. */
export interface Reasoning {
  text: string;
  /** Messages: every thinking block of the answer, in order. */
  blocks?: ThinkingBlock[];
}

/** An image sent with a user message, for models whose input modalities include `image`. */
export interface ImageInput {
  mimeType: string;
  /** Base64. */
  data: string;
}

export type TextMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; images?: ImageInput[] }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[]; reasoning?: Reasoning }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolSpec {
  name: string;
  description?: string;
  /** JSON schema of the arguments. */
  parameters?: Record<string, unknown>;
}

export interface TextRequest {
  model: string;
  messages: TextMessage[];
  /** Optional fields by their catalog names (max_tokens, temperature, reasoning_effort, …), already gated. */
  options: Record<string, unknown>;
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'required';
  /** Ask for usage in the stream where the interface needs asking (chat completions' stream_options). */
  includeUsage?: boolean;
}

// Built on first use, like every schema of the client (src/core/client/schemas.ts says why).
const ToolCallSchema = buildOnce(() => z.object({ id: z.string().check(z.minLength(1)), name: z.string().check(z.minLength(1)), arguments: z.string() }));

/** Checked before sending: a request that cannot be right is refused without a round trip. */
export const TextRequestSchema = buildOnce(() =>
  z.object({
    model: z.string().check(z.minLength(1)),
    messages: z
      .array(
        z.discriminatedUnion('role', [
          z.object({ role: z.literal('system'), content: z.string() }),
          z.object({
            role: z.literal('user'),
            content: z.string(),
            images: z.optional(z.array(z.object({ mimeType: z.string().check(z.regex(/^image\//)), data: z.string().check(z.minLength(1)) }))),
          }),
          z.object({
            role: z.literal('assistant'),
            content: z.string(),
            toolCalls: z.optional(z.array(ToolCallSchema())),
            reasoning: z.optional(
              z.object({
                text: z.string(),
                blocks: z.optional(
                  z.array(
                    z.discriminatedUnion('type', [
                      z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
                      z.object({ type: z.literal('redacted_thinking'), data: z.string() }),
                    ]),
                  ),
                ),
              }),
            ),
          }),
          z.object({ role: z.literal('tool'), toolCallId: z.string().check(z.minLength(1)), content: z.string() }),
        ]),
      )
      .check(z.minLength(1, 'a request needs at least one message')),
    options: z.record(z.string(), z.unknown()),
    tools: z.optional(
      z.array(
        z.object({ name: z.string().check(z.minLength(1)), description: z.optional(z.string()), parameters: z.optional(z.record(z.string(), z.unknown())) }),
      ),
    ),
    toolChoice: z.optional(z.enum(['auto', 'required'])),
    includeUsage: z.optional(z.boolean()),
  }),
);

export interface WantedOptions {
  maxTokens?: number;
  temperature?: number;
  includeUsage?: boolean;
  tools?: ToolSpec[];
  toolChoice?: 'auto' | 'required';
  /** The person's per-model options (multiModelAI.modelOptions), by catalog parameter name. */
  modelOptions?: Record<string, unknown>;
}

export interface BuiltRequest {
  request: TextRequest;
  /** Options the model does not list, left out (the caller logs them once). */
  dropped: string[];
}

export function buildTextRequest(model: ModelEntry, messages: TextMessage[], wanted: WantedOptions = {}): BuiltRequest {
  const supports = new Set(model.supported_parameters);
  const options: Record<string, unknown> = {};
  const dropped: string[] = [];
  const offer = (name: string, value: unknown) => {
    if (value === undefined) return;
    if (supports.has(name)) options[name] = value;
    else dropped.push(name);
  };
  for (const [name, value] of Object.entries(wanted.modelOptions ?? {})) offer(name, value);
  // A limit set in the settings is silently not sent to a model without it (the pickers say so).
  if (wanted.maxTokens !== undefined && supports.has('max_tokens')) options.max_tokens = wanted.maxTokens;
  if (wanted.temperature !== undefined && supports.has('temperature')) options.temperature = wanted.temperature;
  const request: TextRequest = { model: model.id, messages, options };
  if (wanted.includeUsage && supports.has('stream_options')) request.includeUsage = true;
  if (wanted.tools && wanted.tools.length > 0 && supports.has('tools')) {
    request.tools = wanted.tools;
    if (wanted.toolChoice === 'required' && supports.has('tool_choice')) request.toolChoice = 'required';
  }
  return { request, dropped };
}
