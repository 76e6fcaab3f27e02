// The language-model provider called as VS Code calls it, on the extension's own connection to
// the emulator: a new provider for each test, the information it offers for a model, and the
// parts it reports for a request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { LanguageModelProvider } from '#src/lm/vscode/languageModelProvider';
import type { TestHandle } from '#src/testHandle';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange } from './shellHarness';

/** With what VS Code 1.139 reads beyond the finalized API (the chatProvider proposal's configurationSchema). */
export type ModelInformation = vscode.LanguageModelChatInformation & { configurationSchema?: unknown };

/** With what VS Code 1.139 hands back beyond the finalized API: the configuration picked for the model. */
export type RequestOptions = vscode.ProvideLanguageModelChatResponseOptions & { modelConfiguration?: Record<string, unknown> };

export interface ProviderHarness {
  provider(): LanguageModelProvider;
  info(id: string): Promise<ModelInformation>;
  ask(id: string, messages: vscode.LanguageModelChatRequestMessage[], options?: RequestOptions): Promise<vscode.LanguageModelResponsePart[]>;
}

export const AUTO: RequestOptions = { toolMode: vscode.LanguageModelChatToolMode.Auto };

/** Registers the enclosing describe()'s hooks: the alpha key, acme/chat-large chosen, a fresh emulator and provider before each test. */
export function useLanguageModelProvider(api: TestHandle): ProviderHarness {
  let provider: LanguageModelProvider | undefined;
  beforeEach(async () => {
    await arrange(api, { baseUrl: suiteEnv().baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
    provider = new LanguageModelProvider(api.connection, api.failures);
  });
  afterEach(() => provider?.dispose());

  const current = (): LanguageModelProvider => {
    assert.ok(provider, 'the provider is made before each test');
    return provider;
  };
  const info = async (id: string): Promise<ModelInformation> => {
    const found = (await current().provideLanguageModelChatInformation({ silent: true })).find((m) => m.id === id);
    assert.ok(found, `${id} is not offered`);
    return found;
  };
  const ask = async (
    id: string,
    messages: vscode.LanguageModelChatRequestMessage[],
    options: RequestOptions = AUTO,
  ): Promise<vscode.LanguageModelResponsePart[]> => {
    const parts: vscode.LanguageModelResponsePart[] = [];
    await current().provideLanguageModelChatResponse(
      await info(id),
      messages,
      options,
      { report: (part) => parts.push(part) },
      new vscode.CancellationTokenSource().token,
    );
    return parts;
  };
  return { provider: current, info, ask };
}
