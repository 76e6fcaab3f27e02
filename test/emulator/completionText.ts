// What a text endpoint answers, whatever its shape: reasoning (for models that think), text cut
// to the caller's token limit, or a tool call, and the usage counts. Each endpoint parses its
// own request into an `Asked` and writes the `Completion` in its own shape.
import * as z from 'zod';
import { newId } from './exchange';
import type { CacheUse, PrefixBlock } from './promptCache';
import { countTokens, generateReply, requestedPace, tokenize } from './replies';

export interface ToolSpec {
  name: string;
  /** The tool's JSON schema for its arguments. */
  parameters?: unknown;
}

export interface Asked {
  /** The prompt: the last user message (else the last message). */
  lastUser: string;
  /** The text of the tool result when the conversation ends with one. */
  toolResult?: string;
  tools: ToolSpec[];
  toolChoice?: 'auto' | 'required' | 'none';
  maxTokens?: number;
  /** Media types of the images in the last user message. */
  images?: string[];
  /** False when the request turns a thinking model's thinking off (Messages). */
  thinking?: boolean;
  /** The request's input block by block (tools, system prompt, messages): counted for usage, and the prefix cache mode caches. */
  prefix: PrefixBlock[];
}

export interface ToolCallOut {
  id: string;
  name: string;
  /** JSON text. */
  arguments: string;
}

export interface Completion {
  deltas: string[];
  text: string;
  /** Reasoning deltas, before the text. */
  reasoning: string[];
  toolCalls: ToolCallOut[];
  /** True when the token limit cut the reply short. */
  truncated: boolean;
  promptTokens: number;
  /** Text and reasoning deltas, plus the words of the tool arguments. */
  outputTokens: number;
  /** Milliseconds a stream waits before each delta (`[[pace:MS]]` in the prompt; 0: none). */
  paceMs: number;
  /** Cache mode: the input tokens read from the cache and written to it (of promptTokens). */
  cache?: CacheUse;
  /** The reply's id, given when it is first sent: a repeat (same X-Client-Request-Id) is the same response. */
  replyId?: string;
}

/** A reply queued through the control API: exact text, or an object with reasoning and a tool call. */
export const ScriptedReplySchema = z.union([
  z.string(),
  z.object({
    text: z.string().optional(),
    reasoning: z.string().optional(),
    toolCall: z.object({ name: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }).optional(),
  }),
]);
export type ScriptedReply = z.infer<typeof ScriptedReplySchema>;

export type TextContent = string | { type: string; text?: string }[] | null | undefined;

export function contentText(content: TextContent): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/**
 * The reply: a scripted one when queued; else a text quoting the tool result when the
 * conversation ends with one; else a call to the tool named in the prompt (or the first tool)
 * when tools are offered; else text generated from the prompt. Models that think reason first.
 */
export function complete(asked: Asked, scripted: ScriptedReply | undefined, thinks: boolean): Completion {
  const script = typeof scripted === 'string' ? { text: scripted } : scripted;
  let toolCalls: ToolCallOut[] = [];
  let all: string[];
  if (script?.toolCall) {
    toolCalls = [{ id: newId('call_'), name: script.toolCall.name, arguments: JSON.stringify(script.toolCall.arguments) }];
    all = tokenize(script.text ?? '');
  } else if (script?.text !== undefined) {
    all = tokenize(script.text);
  } else if (asked.images?.length) {
    all = tokenize(`I see ${asked.images.length === 1 ? 'one image' : `${asked.images.length} images`} (${asked.images.join(', ')}).`);
  } else if (asked.toolResult !== undefined) {
    all = tokenize(`The tool answered: ${asked.toolResult}`);
  } else if (asked.tools.length > 0 && asked.toolChoice !== 'none') {
    toolCalls = [defaultCall(asked)];
    all = [];
  } else {
    all = generateReply(asked.lastUser);
  }
  const reasoning = script?.reasoning !== undefined ? tokenize(script.reasoning) : thinks ? tokenize(reasoningAbout(asked)) : [];
  const truncated = asked.maxTokens !== undefined && all.length > asked.maxTokens;
  const deltas = truncated ? all.slice(0, asked.maxTokens) : all;
  return {
    deltas,
    text: deltas.join(''),
    reasoning,
    toolCalls,
    truncated,
    promptTokens: promptTokens(asked.prefix),
    outputTokens: deltas.length + reasoning.length + toolCalls.reduce((sum, c) => sum + countTokens(c.arguments), 0),
    paceMs: requestedPace(asked.lastUser),
  };
}

/** Usage's prompt_tokens: the words of every message plus 4 per message, and of every tool definition (promptCache.ts counts each block). */
export function promptTokens(prefix: readonly PrefixBlock[]): number {
  return prefix.reduce((sum, block) => sum + block.tokens, 0);
}

function reasoningAbout(asked: Asked): string {
  const topic = asked.lastUser.replace(/\s+/g, ' ').trim().slice(0, 60);
  return `The question is about "${topic}". First check what is asked, then answer briefly with an example.`;
}

function defaultCall(asked: Asked): ToolCallOut {
  const named = asked.tools.find((t) => asked.lastUser.includes(t.name)) ?? asked.tools[0]!;
  return { id: newId('call_'), name: named.name, arguments: JSON.stringify(exampleFor(named.parameters) ?? {}) };
}

/** A value that satisfies a JSON schema's common keywords: every required property, enums, types. */
export function exampleFor(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return {};
  const s = schema as {
    type?: string | string[];
    enum?: unknown[];
    properties?: Record<string, unknown>;
    required?: string[];
    items?: unknown;
    default?: unknown;
  };
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return 'example';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return s.items === undefined ? [] : [exampleFor(s.items)];
    case 'null':
      return null;
    default: {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? Object.keys(s.properties ?? {})) out[key] = exampleFor(s.properties?.[key]);
      return out;
    }
  }
}
