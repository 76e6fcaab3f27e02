// The provider benchmark's peer, packaged and installed as an extension of its own: a
// language-model provider (vendor mmai-bench-direct) that answers through the service client
// directly and reports each delta as it comes, nothing more. Through vscode.lm it shows what
// VS Code's own path costs (the request and every part go through the workbench and back),
// so the figure against it is what our provider adds on that path.
import * as vscode from 'vscode';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { PEER_MARKS_KEY, PEER_VENDOR, type PeerMarks } from './peerVendor';

export function activate(context: vscode.ExtensionContext): void {
  const { MMAI_BENCH_BASE_URL: baseUrl, MMAI_EMULATOR_KEY: apiKey } = process.env;
  if (!baseUrl || !apiKey) return;
  const client = new ServiceClient({ baseUrl, apiKey, maxRetries: 0 });
  const model: vscode.LanguageModelChatInformation = {
    id: 'acme/chat-large',
    name: 'Direct',
    family: 'acme',
    version: '1',
    maxInputTokens: 100_000,
    maxOutputTokens: 4_096,
    capabilities: {},
  };
  const text = (message: vscode.LanguageModelChatRequestMessage): string =>
    message.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider(PEER_VENDOR, {
      provideLanguageModelChatInformation: () => [model],
      async provideLanguageModelChatResponse(_model, messages, _options, progress, token) {
        const marks: PeerMarks = { calledAt: performance.now() };
        (globalThis as Record<string, unknown>)[PEER_MARKS_KEY] = marks;
        const controller = new AbortController();
        const cancel = token.onCancellationRequested(() => controller.abort());
        try {
          const request = { model: model.id, messages: messages.map((m) => ({ role: 'user' as const, content: text(m) })), options: {} };
          for await (const event of client.streamText(TRANSPORTS['chat-completions'], request, { signal: controller.signal })) {
            if (event.type !== 'delta' || !event.text) continue;
            marks.firstReportAt ??= performance.now();
            progress.report(new vscode.LanguageModelTextPart(event.text));
          }
        } finally {
          cancel.dispose();
        }
      },
      provideTokenCount: async (_model, value) => Math.ceil((typeof value === 'string' ? value : text(value)).length / 4),
    }),
  );
}
