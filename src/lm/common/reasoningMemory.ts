// VS Code keeps no reasoning, but Messages thinking models want theirs back with the tool calls
// it led to: the provider remembers it by tool call id and puts it back in the next request.
import type { Reasoning } from '../../platform/client/transports/textRequest';
import type { ToolCall } from '../../platform/client/streaming/replyPart';

/** The reasoning of recent answers that made tool calls, by call id (bounded: the oldest go first). */
export class ReasoningMemory {
  private readonly byCall = new Map<string, Reasoning>();

  constructor(private readonly limit = 200) {}

  remember(calls: readonly ToolCall[], reasoning: Reasoning | undefined): void {
    // A redacted block carries no text, and is still owed back.
    if (!reasoning?.text && !reasoning?.blocks?.length) return;
    for (const call of calls) this.byCall.set(call.id, reasoning);
    while (this.byCall.size > this.limit) this.byCall.delete(this.byCall.keys().next().value as string);
  }

  recall(calls: readonly ToolCall[]): Reasoning | undefined {
    for (const call of calls) {
      const found = this.byCall.get(call.id);
      if (found) return found;
    }
    return undefined;
  }
}
