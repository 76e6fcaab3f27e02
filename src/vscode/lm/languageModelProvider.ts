// The service's models in VS Code's own chat, agent mode and `vscode.lm` (the finalized
// Language Model Chat Provider API, VS Code 1.104+). Everything comes from the one connection
// and the one reply loop: the same usable models as the quick-pick, the same transports,
// retries, errors, request ids and log lines as the chat panel.
import * as vscode from 'vscode';
import { errorCard } from '../../core/chat/errorCard';
import { estimateTokens } from '../../core/reply/contextFit';
import { streamReply } from '../../core/reply/streamReply';
import { providedModel } from '../../core/lm/providedModels';
import type { ServiceError } from '../../core/client/serviceError';
import type { ToolCall } from '../../core/client/textRequest';
import type { Connection } from '../connection';
import type { FailureReporter } from '../failureReporter';
import { Disposable } from '../lifecycle';
import { ReasoningMemory, requestMessages } from './requestMessages';

export const LM_VENDOR = 'multi-model-ai';

/**
 * The extension host holds a provider's parts until 30 ms pass without a new one (or 31 pile
 * up: VS Code 1.104 to 1.139, `$startChatRequest`). Parts reported closer together than that,
 * as tokens from a fast model are, keep the first of them waiting: 31 tokens, some 300 ms at
 * 10 ms a token. The first text goes on at once and the rest at most every 40 ms, so each
 * batch leaves 30 ms after it is reported.
 */
const PART_INTERVAL_MS = 40;

type Info = vscode.LanguageModelChatInformation;

export class LanguageModelProvider extends Disposable implements vscode.LanguageModelChatProvider<Info> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly memory = new ReasoningMemory();

  constructor(
    private readonly connection: Connection,
    private readonly failures: FailureReporter,
  ) {
    super();
    // The key, the address, the settings or the catalog changed: VS Code asks for the models again.
    this.register(connection.onDidChange(() => this.changed.fire()));
  }

  async provideLanguageModelChatInformation(options: vscode.PrepareLanguageModelChatModelOptions): Promise<Info[]> {
    // Not silent: a missing key or address is offered its fix (Set API Key, Set Service Address).
    const state = await this.connection.models({ quiet: options.silent });
    if (state.kind === 'catalogFailed') {
      this.failures.record('Could not list the models for VS Code', state.error);
      return [];
    }
    if (state.kind !== 'ready') return [];
    // Some VS Code versions list provider models in the picker only when they say they may be picked.
    return state.usable.map((entry) => ({ ...providedModel(entry), isUserSelectable: true }) as Info);
  }

  async provideLanguageModelChatResponse(
    model: Info,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    const calls: ToolCall[] = [];
    try {
      const outcome = await streamReply(
        {
          connection: this.connection.forModel(model.id),
          messages: requestMessages(messages, this.memory, model.capabilities.imageInput === true),
          signal: controller.signal,
          tools: options.tools?.map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema as Record<string, unknown> | undefined })),
          toolChoice: options.toolMode === vscode.LanguageModelChatToolMode.Required ? 'required' : 'auto',
        },
        {
          onText: (text) => progress.report(new vscode.LanguageModelTextPart(text)),
          onToolCall: (call) => {
            progress.report(new vscode.LanguageModelToolCallPart(call.id, call.name, toolInput(call)));
            calls.push(call);
          },
          intervalMs: PART_INTERVAL_MS,
        },
      );
      if (outcome.status === 'done') this.memory.remember(calls, { text: outcome.reasoning, signature: outcome.reasoningSignature });
      if (outcome.status === 'failed' || outcome.status === 'interrupted') throw this.languageModelError(outcome.error);
    } finally {
      cancel.dispose();
    }
  }

  async provideTokenCount(_model: Info, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    if (typeof text === 'string') return estimateTokens([{ role: 'user', content: text }]);
    return estimateTokens(requestMessages([text], this.memory, true).map((m) => ({ role: 'user', content: m.content })));
  }

  /** The chat panel's explanation, with the request id, as the error VS Code shows; logged the same way. */
  private languageModelError(error: unknown): vscode.LanguageModelError {
    this.failures.record("A request from VS Code's chat failed", error);
    if (error instanceof vscode.LanguageModelError) return error;
    const card = errorCard(error);
    const message = `${card.message}${card.requestId ? ` (request id ${card.requestId})` : ''}`;
    const kind = (error as Partial<ServiceError>).kind;
    if (kind === 'auth' || kind === 'payment') return vscode.LanguageModelError.NoPermissions(message);
    if (kind === 'forbidden' || kind === 'not_found') return vscode.LanguageModelError.NotFound(message);
    return new vscode.LanguageModelError(message);
  }
}

/** Tool arguments must be JSON objects: anything else is a clear error, not a crash. */
function toolInput(call: ToolCall): object {
  let input: unknown;
  try {
    input = JSON.parse(call.arguments);
  } catch {
    throw new vscode.LanguageModelError(`The model sent arguments for the tool "${call.name}" that are not valid JSON: try again.`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new vscode.LanguageModelError(`The model sent arguments for the tool "${call.name}" that are not an object: try again.`);
  }
  return input;
}

export function registerLanguageModelProvider(connection: Connection, failures: FailureReporter): vscode.Disposable[] {
  const provider = new LanguageModelProvider(connection, failures);
  return [provider, vscode.lm.registerLanguageModelChatProvider(LM_VENDOR, provider)];
}
