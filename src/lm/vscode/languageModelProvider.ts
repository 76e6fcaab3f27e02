// The service's models in VS Code's own chat, agent mode and `vscode.lm` (the finalized
// Language Model Chat Provider API, VS Code 1.104+). Everything comes from the one connection
// and the one reply loop: the same usable models as the quick-pick (none the transport setting
// cannot reach), the same transports, retries, errors, request ids, log lines and spend
// as the chat panel.
import * as vscode from 'vscode';
import { checkToolRequired } from '../common/toolMode';
import { errorCard } from '../../chat/index';
import { boundTokens } from '../../platform/reply/tokenEstimate';
import { pickedOptions } from '../common/reasoningEffort';
import { providedModel } from '../common/providedModels';
import { ReasoningMemory } from '../common/reasoningMemory';
import { type ServiceError } from '../../platform/client/errors/serviceError';
import { streamReply } from '../../platform/reply/streamReply';
import { SpendStop } from '../../platform/reply/spendStop';
import { type TextMessage } from '../../platform/client/transports/textRequest';
import { type ToolCall } from '../../platform/client/streaming/replyPart';
import type { Connection } from '../../platform/services/vscode/connection';
import type { FailureReporter } from '../../platform/services/vscode/failureReporter';
import { Disposable } from '../../platform/vscode/lifecycle';
import type { Services } from '../../platform/services/vscode/services';
import { textMessagesOf } from './lmRequestMapping';
import { GroupKeys, groupOf } from './providerGroups';

export const LM_VENDOR = 'multi-model-ai';

/**
 * The extension host holds a provider's parts until 30 ms pass without a new one (or 31 pile
 * up: VS Code 1.104 to 1.139, `$startChatRequest`). Parts reported closer together than that,
 * as tokens from a fast model are, keep the first of them waiting: 31 tokens, some 300 ms at
 * 10 ms a token. The first text goes on at once and the rest at most every 40 ms, so each
 * batch leaves 30 ms after it is reported.
 */
export const PART_INTERVAL_MS = 40;

type Info = vscode.LanguageModelChatInformation;

/**
 * LanguageModelThinkingPart: still a proposed class, which this extension never enables (the
 * Marketplace refuses extensions that do), yet VS Code's API object carries it at run time and
 * its chat shows the parts a provider reports as a Thinking block. Where it is absent, thinking is left out.
 */
const ThinkingPart = (vscode as unknown as { LanguageModelThinkingPart?: new (value: string) => vscode.LanguageModelResponsePart }).LanguageModelThinkingPart;

/** What the person set for the model in VS Code's chat (`modelConfiguration`, with the chatProvider proposal's configurationSchema). */
const configurationOf = (options: vscode.ProvideLanguageModelChatResponseOptions): unknown => (options as { modelConfiguration?: unknown }).modelConfiguration;

export class LanguageModelProvider extends Disposable implements vscode.LanguageModelChatProvider<Info> {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly memory = new ReasoningMemory();
  private readonly groups = new GroupKeys();

  constructor(
    private readonly connection: Connection,
    private readonly failures: FailureReporter,
  ) {
    super();
    // The key, the address, the settings or the catalog changed: VS Code asks for the models again.
    this.register(connection.onDidChange(() => this.changed.fire()));
  }

  async provideLanguageModelChatInformation(options: vscode.PrepareLanguageModelChatModelOptions): Promise<Info[]> {
    // A group of Chat: Manage Language Models lists its models with its own key, and none without one.
    const group = groupOf(options);
    if (group.kind === 'noKey') return [];
    const ofGroup = group.kind === 'group' ? group : undefined;
    // Not silent: a missing key or address is offered its fix (Set API Key, Set Service Address).
    const state = await this.connection.models({ quiet: options.silent || ofGroup !== undefined, key: ofGroup?.key });
    if (state.kind === 'catalogFailed') {
      this.failures.record({ shown: vscode.l10n.t('Could not list the models for VS Code'), logged: 'Could not list the models for VS Code' }, state.error);
      return [];
    }
    if (state.kind !== 'ready') return [];
    // Some VS Code versions list provider models in the picker only when they say they may be picked.
    return state.usable.map((entry) => {
      const info = { ...providedModel(entry, state.needs.transport), isUserSelectable: true } as Info;
      return ofGroup ? { ...info, id: this.groups.idFor(info.id, ofGroup) } : info;
    });
  }

  async provideLanguageModelChatResponse(
    model: Info,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    // Cancelled before it began: nothing is asked.
    if (token.isCancellationRequested) return;
    let sent: TextMessage[];
    // Refused when the person attached an image and the model takes none.
    try {
      sent = textMessagesOf(messages, this.memory, model.capabilities.imageInput === true);
    } catch (error) {
      throw this.languageModelError(error);
    }
    const required = options.toolMode === vscode.LanguageModelChatToolMode.Required;
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    const calls: ToolCall[] = [];
    const picked = pickedOptions(configurationOf(options));
    try {
      const outcome = await streamReply(
        {
          connection: this.groups.connectionFor(this.connection, model.id).then((connection) => {
            if (required) checkToolRequired(connection.model);
            return { ...connection, modelOptions: { ...connection.modelOptions, ...picked } };
          }),
          messages: sent,
          signal: controller.signal,
          // As the chat panel asks: chat completions report usage (and so the spend) only when asked.
          includeUsage: true,
          tools: options.tools?.map((t) => ({ name: t.name, description: t.description, parameters: t.inputSchema as Record<string, unknown> | undefined })),
          toolChoice: required ? 'required' : 'auto',
        },
        {
          // Once cancelled, the caller has stopped listening: what the abort flushes goes nowhere.
          onDelta: (text) => {
            if (token.isCancellationRequested) return;
            progress.report(new vscode.LanguageModelTextPart(text));
          },
          onReasoning: (text) => {
            if (token.isCancellationRequested || !ThinkingPart) return;
            progress.report(new ThinkingPart(text));
          },
          onToolCall: (call) => {
            if (token.isCancellationRequested) return;
            progress.report(new vscode.LanguageModelToolCallPart(call.id, call.name, toolInput(call)));
            calls.push(call);
          },
          intervalMs: PART_INTERVAL_MS,
        },
      );
      if (outcome.status === 'done')
        this.memory.remember(calls, { text: outcome.reasoning, ...(outcome.reasoningBlocks && { blocks: outcome.reasoningBlocks }) });
      if (outcome.status === 'failed' || outcome.status === 'interrupted') throw this.languageModelError(outcome.error);
      // Stopped though VS Code did not cancel: the person answered Cancel to the price's dialog (spendGuard.ts).
      if (outcome.status === 'stopped' && !token.isCancellationRequested) throw new vscode.CancellationError();
    } finally {
      cancel.dispose();
    }
  }

  /** Counted as sent to a model that takes images, with the trim's margin (VS Code trims by it): a count never refuses. */
  async provideTokenCount(_model: Info, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    return boundTokens(typeof text === 'string' ? [{ role: 'user', content: text }] : textMessagesOf([text], this.memory, true));
  }

  /** The chat panel's explanation, with the request id, as the error VS Code shows; logged the same way. */
  private languageModelError(error: unknown): vscode.LanguageModelError {
    this.failures.record({ shown: vscode.l10n.t("A request from VS Code's chat failed"), logged: "A request from VS Code's chat failed" }, error);
    if (error instanceof vscode.LanguageModelError) return error;
    const card = errorCard(error);
    const message = card.requestId ? vscode.l10n.t('{0} (request id {1})', card.message, card.requestId) : card.message;
    const kind = (error as Partial<ServiceError>).kind;
    if (kind === 'auth' || kind === 'payment' || kind === 'forbidden') return vscode.LanguageModelError.NoPermissions(message);
    if (kind === 'model_unavailable' || kind === 'not_found') return vscode.LanguageModelError.NotFound(message);
    // The key's budget is reached: VS Code's chat shows why, and the request is not sent.
    if (error instanceof SpendStop) return vscode.LanguageModelError.Blocked(message);
    return new vscode.LanguageModelError(message);
  }
}

/** Tool arguments must be JSON objects: anything else is a clear error, not a crash. */
function toolInput(call: ToolCall): object {
  let input: unknown;
  try {
    input = JSON.parse(call.arguments);
  } catch {
    throw shown(
      vscode.l10n.t('The model sent arguments for the tool "{0}" that are not valid JSON: try again.', call.name),
      `The model sent arguments for the tool "${call.name}" that are not valid JSON`,
    );
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw shown(
      vscode.l10n.t('The model sent arguments for the tool "{0}" that are not an object: try again.', call.name),
      `The model sent arguments for the tool "${call.name}" that are not an object`,
    );
  }
  return input;
}

/** The error VS Code shows, with its English for the log (`loggedReason`). */
function shown(message: string, logged: string): vscode.LanguageModelError {
  return Object.assign(new vscode.LanguageModelError(message), { logged });
}

export function registerLanguageModelProvider(context: vscode.ExtensionContext, { connection, failures }: Services): void {
  const provider = new LanguageModelProvider(connection, failures);
  context.subscriptions.push(provider, vscode.lm.registerLanguageModelChatProvider(LM_VENDOR, provider));
}
