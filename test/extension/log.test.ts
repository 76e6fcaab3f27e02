// Issue 5.5: the "Multi-Model AI" log records every request (status, public code, request
// id, client request id, endpoint, model, time with timezone, masked prefix); Copy
// Diagnostics copies the last failure's redacted record.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands } from '../../src/core/ids';
import { maskKey } from '../../src/core/index';
import type { ShellApi } from '../../src/vscode/shellApi';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { arrange, emulator, shellApi } from './shellHarness';

const TIME_WITH_ZONE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)/;

describe('log and diagnostics', () => {
  let api: ShellApi;
  const { baseUrl } = suiteEnv();

  before(async () => {
    api = await shellApi();
  });

  it('writes one line per request with its ids, status, endpoint, time zone and masked key prefix', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha });
    const from = api.logLines().length;
    await vscode.commands.executeCommand(Commands.verifyConnection);
    await vscode.commands.executeCommand(Commands.setApiKey, FIXTURE_KEYS.revoked);
    const lines = api.logLines().slice(from).map((l) => l.line);
    const requests = await emulator().requests();
    assert.equal(requests.length, 2);
    const keys = [FIXTURE_KEYS.alpha, FIXTURE_KEYS.revoked];
    for (const [i, request] of requests.entries()) {
      const line = lines.find((l) => l.includes(request.requestId));
      assert.ok(line, `no log line has ${request.requestId}:\n${lines.join('\n')}`);
      assert.ok(request.clientRequestId && line.includes(`client_request_id=${request.clientRequestId}`), line);
      assert.ok(line.includes('GET /v1/models'), line);
      assert.ok(line.includes(`status=${request.status}`), line);
      assert.ok(line.includes(`key=${maskKey(keys[i]!)}`), line);
      assert.match(line, TIME_WITH_ZONE);
    }
    const failed = lines.find((l) => l.includes(requests[1]!.requestId))!;
    assert.ok(failed.includes('code=invalid_api_key'), failed);
  });

  it('Copy Diagnostics copies the last failure, redacted, ready for a support message', async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.revoked });
    await vscode.commands.executeCommand(Commands.verifyConnection);
    const [request] = await emulator().requests();
    const copied = await vscode.commands.executeCommand<string>(Commands.copyDiagnostics);
    assert.equal(await vscode.env.clipboard.readText(), copied);
    for (const expected of [
      'Request: GET /v1/models',
      'HTTP status: 401',
      'Error code: invalid_api_key',
      `Request id: ${request!.requestId}`,
      `Client request id: ${request!.clientRequestId}`,
      `Key prefix: ${maskKey(FIXTURE_KEYS.revoked)}`,
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
