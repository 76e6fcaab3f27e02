// activate() gives other extensions nothing: not the key, not a client that can
// send authenticated requests, not the log, not the stored state. The suite's own handle
// needs the harness's one-time token, and no setting stands in for it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '#src/platform/manifest/ids';
import { TEST_HANDLE_COMMAND } from '#src/testHandle';
import { EXPORTS_PROBE_ID, suiteEnv } from './env';
import { arrange } from './shellHarness';
import { testHandle } from '../support/useTestHandle';

/** Every value reachable from `root`, functions included (a client or a store would show up as one). */
function reachable(root: unknown): unknown[] {
  const seen = new Set<unknown>();
  const walk = (value: unknown): void => {
    if (seen.has(value)) return;
    seen.add(value);
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
      for (const key of Reflect.ownKeys(value)) walk((value as Record<PropertyKey, unknown>)[key]);
    }
  };
  walk(root);
  return [...seen];
}

describe('exports: nothing for other extensions', () => {
  it('activate() returns nothing', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    assert.equal(await extension.activate(), undefined);
    assert.equal(extension.exports, undefined);
  });

  it('the handle needs the harness token: none or a wrong one get nothing', async () => {
    const { handleToken } = suiteEnv();
    for (const offered of [[], [''], ['f'.repeat(64)], [handleToken.slice(1)], [`${handleToken}0`], [{ token: handleToken }]]) {
      assert.equal(await vscode.commands.executeCommand(TEST_HANDLE_COMMAND, ...offered), undefined, JSON.stringify(offered));
    }
  });

  it('no setting can switch the harness path on: the contributed ones are all about the service, and an unregistered one cannot be written', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    const settings = Object.keys((extension?.packageJSON as { contributes: { configuration: { properties: object } } }).contributes.configuration.properties);
    // Every setting there is, each about the service or the model: a new one is a security review.
    assert.deepEqual(settings.sort(), [
      'multiModelAI.baseUrl',
      'multiModelAI.caCertificates',
      'multiModelAI.commitMessage.instructions',
      'multiModelAI.commitMessage.model',
      'multiModelAI.confirmAbove',
      'multiModelAI.fallback',
      'multiModelAI.imageFolder',
      'multiModelAI.legacyBaseUrl',
      'multiModelAI.maxRetries',
      'multiModelAI.maxTokens',
      'multiModelAI.model',
      'multiModelAI.modelOptions',
      'multiModelAI.projectInstructions',
      'multiModelAI.requestHeaders',
      'multiModelAI.requestTimeoutSeconds',
      'multiModelAI.transport',
    ]);
    await assert.rejects(
      Promise.resolve(vscode.workspace.getConfiguration('multiModelAI').update('testHandle', 'f'.repeat(64), vscode.ConfigurationTarget.Global)),
      /not a registered configuration/,
    );
  });

  describe('a throwaway extension loaded beside the installed .vsix', () => {
    interface ProbeExports {
      atStartup: unknown;
      lookAgain(): Promise<unknown>;
    }
    const nothing = {
      exports: undefined,
      activateAgain: undefined,
      noToken: { result: undefined },
      wrongToken: { result: undefined },
      forgedToken: { result: undefined },
    };

    /** The probe's exports; the probe is the development extension of the vsix tier (the source tier loads this project). */
    async function probe(context: Mocha.Context): Promise<ProbeExports> {
      const extension = vscode.extensions.getExtension<ProbeExports>(EXPORTS_PROBE_ID);
      if (!extension) return context.skip();
      return extension.activate();
    }

    function assertNothingSensitive(found: unknown): void {
      const values = reachable(found);
      // A key store, a client, the log or the state would show up as a function (a method) somewhere.
      assert.deepEqual(
        values.filter((v) => typeof v === 'function'),
        [],
      );
      assert.deepEqual(
        values.filter((v) => typeof v === 'string' && v.includes(suiteEnv().apiKey)),
        [],
      );
    }

    it('at start-up, even with a token of its own written into the environment before it woke the extension, finds nothing', async function () {
      const { atStartup } = await probe(this);
      assert.deepEqual(atStartup, {
        // The probe woke Multi-Model AI itself, with its forged token in process.env.
        activeBefore: false,
        exported: undefined,
        ...nothing,
      });
      assertNothingSensitive(atStartup);
    });

    it('with a key stored and a request made, finds nothing', async function () {
      const { lookAgain } = await probe(this);
      const { baseUrl, apiKey } = suiteEnv();
      const api = await testHandle();
      await arrange(api, { baseUrl, key: apiKey, model: 'acme/chat-large' });
      assert.equal((await api.statusBar.refresh()).warning, false, 'the catalog was read with the key');
      assert.ok(api.logLines().length > 0);
      const found = await lookAgain();
      assert.deepEqual(found, nothing);
      assertNothingSensitive(found);
    });
  });
});
