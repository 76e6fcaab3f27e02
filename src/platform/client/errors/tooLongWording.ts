// The wordings by which real services say a request is longer than the model's context, where no
// code says so (Limits 3). Anthropic answers 400 `invalid_request_error` with "prompt is too long:
// 219898 tokens > 200000 maximum", and gateways relay that wording under their own codes (New
// API: code `invalid_request_error`, " (request id: …)" after it; Portkey: "anthropic error: "
// before it); OpenAI-compatible servers and the gateways in front of them say "This model's
// maximum context length is 8192 tokens. However, your messages resulted in 8302 tokens", under
// `context_length_exceeded` (OpenAI), a numeric code (LiteLLM) or none (vLLM). Read only for an
// error answer that is a refusal already (a 4xx, or an error event in a stream): the wording
// chooses which advice it gets and gives its numbers, never whether it is retried.

/** What a too-long answer says of the request and the model, where it gives numbers. */
export interface ContextReport {
  /** The tokens the request came to. */
  usedTokens?: number;
  /** The tokens the model takes: its context. */
  contextTokens?: number;
}

interface Wording {
  /** Whose wording. */
  source: string;
  pattern: RegExp;
  /** The numbers in the match. */
  read(match: RegExpExecArray, message: string): ContextReport;
}

const count = (text: string | undefined): number | undefined => {
  const value = text === undefined ? NaN : Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/** How much a request came to, in the words of the OpenAI-compatible servers (OpenAI, vLLM, LiteLLM): a total first. */
const USED = [
  /for a total of\s+(?:at least\s+)?(\d+)\s+tokens/i,
  /(?:resulted in|you requested)\s+(\d+)\s+tokens/i,
  /(?:your request has|contains)\s+(?:at least\s+)?(\d+)\s+(?:input\s+)?tokens/i,
];
const usedIn = (message: string): number | undefined => {
  for (const pattern of USED) {
    const used = count(pattern.exec(message)?.[1]);
    if (used !== undefined) return used;
  }
  return undefined;
};

const WORDINGS: readonly Wording[] = [
  {
    source: 'Anthropic: "prompt is too long: 219898 tokens > 200000 maximum"',
    pattern: /prompt is too long(?::\s*(\d+)\s*tokens\s*>\s*(\d+)\s*maximum)?/i,
    read: (match) => ({ usedTokens: count(match[1]), contextTokens: count(match[2]) }),
  },
  {
    source: 'Anthropic: "input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000"',
    pattern: /exceed context limit:\s*(\d+)\s*\+\s*(\d+)\s*>\s*(\d+)/i,
    read: (match) => {
      const input = count(match[1]);
      const answer = count(match[2]);
      return { usedTokens: input !== undefined && answer !== undefined ? input + answer : undefined, contextTokens: count(match[3]) };
    },
  },
  {
    source: 'OpenAI, vLLM, LiteLLM and the gateways relaying them: "maximum context length is 8192 tokens"',
    pattern: /maximum context length is\s+(\d+)\s+tokens/i,
    read: (match, message) => ({ usedTokens: usedIn(message), contextTokens: count(match[1]) }),
  },
  {
    source: 'OpenAI (Responses): "Your input exceeds the context window of this model"',
    pattern: /exceeds the context window/i,
    read: () => ({}),
  },
];

/** The report of a message worded as a too-long refusal (its numbers where it gives them), or undefined. */
export function tooLongReport(message: string | undefined): ContextReport | undefined {
  if (!message) return undefined;
  for (const wording of WORDINGS) {
    const match = wording.pattern.exec(message);
    if (!match) continue;
    const report = wording.read(match, message);
    return Object.fromEntries(Object.entries(report).filter(([, value]) => value !== undefined)) as ContextReport;
  }
  return undefined;
}
