// The "Multi-Model AI" log records every request (status, public code, request
// id, client request id, endpoint, model, time with timezone, masked prefix); Copy
// Diagnostics copies the last failure's redacted record.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '#src/platform/manifest/ids';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const TIME_WITH_ZONE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)/;

describe('log and diagnostics', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();

  // Other features (the chat view) may read the catalog in the background when the key
  // changes: every request the emulator saw must have its line, whoever sent it.
  it('writes one line per request with its ids, status, endpoint, time zone and masked key prefix', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    await vscode.commands.executeCommand(Commands.verifyConnection);
    await vscode.commands.executeCommand(Commands.setApiKey, FIXTURE_KEYS.revoked);
    const requests = await emulator().requests();
    assert.deepEqual([...new Set(requests.map((r) => r.status))].sort(), [200, 401]);
    for (const request of requests) {
      const line = await until(() => api.logLines().find((l) => l.line.includes(request.requestId))?.line, `the log line of ${request.requestId}`);
      assert.ok(request.clientRequestId && line.includes(`client_request_id=${request.clientRequestId}`), line);
      assert.ok(line.includes('GET /v1/models'), line);
      assert.ok(line.includes(`status=${request.status}`), line);
      assert.ok(line.includes(request.status === 401 ? 'key=sk_test_rev…' : 'key=sk_test_al…'), line);
      assert.match(line, TIME_WITH_ZONE);
      if (request.status === 401) assert.ok(line.includes('code=invalid_api_key'), line);
    }
  });

  it('Copy Diagnostics copies the last failure, redacted, ready for a support message', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.revoked });
    await vscode.commands.executeCommand(Commands.verifyConnection);
    const last = api.lastDiagnostics();
    const request = (await emulator().requests()).find((r) => r.requestId === last?.requestId);
    assert.ok(request, 'the last failure is a request the emulator answered');
    const copied = await vscode.commands.executeCommand<string>(Commands.copyDiagnostics);
    assert.equal(await vscode.env.clipboard.readText(), copied);
    for (const expected of [
      'Request: GET /v1/models',
      'HTTP status: 401',
      'Error code: invalid_api_key',
      `Request id: ${request.requestId}`,
      `Client request id: ${request.clientRequestId}`,
      `Key prefix: sk_test_rev…`,
    ]) {
      assert.ok(copied.includes(expected), `missing "${expected}" in:\n${copied}`);
    }
    assert.match(copied, TIME_WITH_ZONE);
    assert.ok(!copied.includes(FIXTURE_KEYS.revoked));
  });

  it('Show Log opens the channel', async () => {
    await vscode.commands.executeCommand(Commands.showLog);
  });
});
