// What the `#url` suites share: a page server on loopback whose page a test sets, and the
// answer to the quick pick that asks before a page is read.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { TestHandle } from '#src/testHandle';
import { until } from './shellHarness';

/** An HTML page on 127.0.0.1 for the enclosing describe(): `body` is what it serves, `served` how often it did. */
export function usePageServer(): { readonly port: number; body: string; readonly served: number } {
  let server: Server | undefined;
  const state = { port: 0, body: '', served: 0 };
  before(async () => {
    server = createServer((_request, response) => {
      state.served++;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(state.body);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    state.port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server?.closeAllConnections();
    server?.close();
  });
  return state;
}

/** Waits for the question before a page is read, picks the answer whose label starts with `startsWith`, and resolves with the question. */
export async function answerPageQuestion(api: TestHandle, startsWith: string): Promise<string> {
  const question = await until(() => api.chat.host.attachments.webPages.currentQuestion(), 'the question');
  const chosen = question.items.find((item) => item.label.startsWith(startsWith));
  assert.ok(chosen, `an answer starting "${startsWith}" among ${question.items.map((item) => item.label).join(', ')}`);
  question.activeItems = [chosen];
  // Let the host's quick-pick update reach the workbench before the accept overtakes it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  await until(() => api.chat.host.attachments.webPages.currentQuestion() !== question || undefined, 'the question answered');
  return question.title ?? '';
}
