// Named keys, a key per project: the window's key is its project's choice, else the default;
// requests, Verify Connection, the status bar and a refused key name it; the state holds no secret.
import * as assert from 'node:assert/strict';
import { Commands, SECRET_API_KEY } from '#src/platform/manifest/ids';
import { SerialMemento } from '#src/platform/storage/serialMemento';
import { ApiKeyStore } from '#src/platform/keys/vscode/apiKeyStore';
import type { CommandOutcome } from '#src/keys/vscode/apiKeyCommands';
import * as vscode from 'vscode';
import { FIXTURE_KEYS } from '../emulator/index';
import { suiteEnv } from './env';
import { AUTO, useLanguageModelProvider } from './providerHarness';
import { arrange, emulator, until } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand<CommandOutcome>(command, ...args);

describe('Keys per project: named keys, the project choice, the key named everywhere', () => {
  const api = useTestHandle();
  const { baseUrl } = suiteEnv();
  const added: string[] = [];

  beforeEach(async () => {
    await arrange(api, { baseUrl, key: FIXTURE_KEYS.alpha, model: 'acme/chat-large' });
  });

  afterEach(async () => {
    await api.apiKeys.useHere(undefined);
    for (const id of added.splice(0)) await api.apiKeys.remove({ kind: 'key', id });
  });

  async function addKey(name: string, secret: string): Promise<string> {
    const record = await api.apiKeys.add(name, secret);
    added.push(record.id);
    return record.id;
  }

  it("requests go with the project's chosen key, and with the default key once the choice is cleared", async () => {
    const side = await addKey('side', FIXTURE_KEYS.beta);
    await api.apiKeys.useHere(side);
    const chosen = await run(Commands.verifyConnection);
    assert.match(chosen.message, /with key side · sk_test_be…: 6 usable text models/);
    // Verify Connection reads the catalog again: its request is the last one.
    const lastKey = async () => (await emulator().requests()).at(-1)?.keyPrefix;
    assert.equal(await lastKey(), 'sk_test_be…');
    await api.apiKeys.useHere(undefined);
    const fallback = await run(Commands.verifyConnection);
    assert.match(fallback.message, /with key Default · sk_test_al…: 5 usable text models/);
    assert.equal(await lastKey(), 'sk_test_al…');
  });

  it('the status bar names the key in use, and its name beside the model when two keys are stored', async () => {
    const side = await addKey('side', FIXTURE_KEYS.beta);
    await api.apiKeys.useHere(side);
    const view = await until(async () => {
      const v = await api.statusBar.refresh();
      return v.tooltip.includes('Key: side · sk_test_be…') ? v : undefined;
    }, 'the status bar to name the key');
    assert.equal(view.text, '$(sparkle) chat-large · $(key) side');
    assert.deepEqual(api.statusBar.accessibility(), { label: 'Multi-Model AI: model acme/chat-large, key side' });
  });

  it('a refused key is named, with Replace Key, Use Another Key and Manage API Keys', async () => {
    const old = await addKey('old', FIXTURE_KEYS.revoked);
    await api.apiKeys.useHere(old);
    const outcome = await run(Commands.verifyConnection);
    assert.equal(outcome.ok, false);
    assert.match(
      outcome.message,
      /^Could not connect with key old · sk_test_rev…: Your API key old · sk_test_rev… was rejected \(revoked, mistyped or from another workspace\): replace it, or use another key with 'Multi-Model AI: Manage API Keys'\./,
    );
    assert.equal(api.lastDiagnostics()?.keyName, 'old');
  });

  it("bound to one workspace, the service refuses the other workspace's key chosen here, and the default key still answers", async () => {
    const side = await addKey('side', FIXTURE_KEYS.beta);
    await api.apiKeys.useHere(side);
    await emulator().serveWorkspace('alpha');
    const refused = await run(Commands.verifyConnection);
    assert.match(refused.message, /^Could not connect with key side · sk_test_be…: Your API key side · sk_test_be… was rejected/);
    await api.apiKeys.useHere(undefined);
    const accepted = await run(Commands.verifyConnection);
    assert.match(accepted.message, /with key Default · sk_test_al…: 5 usable text models/);
    assert.deepEqual(
      (await emulator().requests())
        .filter((r) => r.path === '/v1/models')
        .map((r) => [r.status, r.keyPrefix])
        .slice(-2),
      [
        [401, null],
        [200, 'sk_test_al…'],
      ],
    );
  });

  it('removing the key in use moves the window to the default key, and says so', async () => {
    const side = await addKey('side', FIXTURE_KEYS.beta);
    await api.apiKeys.useHere(side);
    const removed = await run(Commands.removeApiKey);
    added.splice(0);
    assert.equal(
      removed.message,
      'API key side · sk_test_be… removed. Remember to revoke it in the management cabinet if it was exposed. This window now uses the key Default · sk_test_al….',
    );
    assert.equal(await api.apiKeys.get(), FIXTURE_KEYS.alpha);
  });

  it('the key set in this folder is called "Default" while it is the default, and by its folder once another key is', async () => {
    const first = api.apiKeys.recordOf({ kind: 'default' });
    assert.equal(first?.name, 'workspace');
    assert.ok(first);
    const side = await addKey('side', FIXTURE_KEYS.beta);
    assert.deepEqual(await api.apiKeys.identity({ kind: 'default' }), { id: first.id, name: 'Default', loggedName: 'Default', maskedPrefix: 'sk_test_al…' });
    assert.equal((await api.apiKeys.identity({ kind: 'key', id: side }))?.name, 'side');
    await api.apiKeys.useByDefault(side);
    assert.equal((await api.apiKeys.identity({ kind: 'key', id: first.id }))?.name, 'workspace');
    assert.equal((await api.apiKeys.identity({ kind: 'key', id: side }))?.name, 'Default');
    const defaulted = await run(Commands.verifyConnection);
    assert.match(defaulted.message, /with key Default · sk_test_be…: 6 usable text models/);
    assert.ok(api.logLines().some((l) => l.line.includes('Verify Connection: connected to ') && l.line.includes(' with key Default · sk_test_be…: ')));
    await api.apiKeys.useByDefault(first.id);
  });

  it('the state keeps names and ids, never a secret or its masked prefix', async () => {
    await addKey('side', FIXTURE_KEYS.beta);
    const state = JSON.stringify(api.storedState());
    assert.ok(state.includes('"name":"side"'), state);
    for (const secret of Object.values(FIXTURE_KEYS)) assert.equal(state.includes(secret.slice(0, 9)), false, secret);
  });
});

describe("Keys per project: a group of VS Code's model management answers with its own key", function () {
  this.timeout(60_000);
  const api = useTestHandle();
  const { provider } = useLanguageModelProvider(api);
  const token = () => new vscode.CancellationTokenSource().token;
  /** As VS Code 1.109 and later call it for a group: its `configuration` values, without its name. */
  const listFor = (configuration: Record<string, unknown>) =>
    provider().provideLanguageModelChatInformation({ silent: true, configuration } as vscode.PrepareLanguageModelChatModelOptions);

  it("lists the group's models under ids that tell its key apart, and sends its requests with the group's key, not the window's", async () => {
    const models = await listFor({ apiKey: FIXTURE_KEYS.beta });
    // The first 12 hex digits of the key's SHA-256: the same after a restart, and not the key.
    const chat = models.find((m) => m.id === 'acme/chat-large::9e549273b6e0');
    assert.ok(chat, models.map((m) => m.id).join(', '));
    await emulator().reset();
    await provider().provideLanguageModelChatResponse(chat, [vscode.LanguageModelChatMessage.User('hi')], AUTO, { report: () => undefined }, token());
    const chats = (await emulator().requests()).filter((r) => r.endpoint === 'chat');
    assert.deepEqual(
      chats.map((r) => [r.model, r.keyPrefix]),
      [['acme/chat-large', 'sk_test_be…']],
    );
  });

  it('a group without a key lists no models and asks the service nothing', async () => {
    await emulator().reset();
    assert.deepEqual(await listFor({}), []);
    assert.deepEqual(await emulator().requests(), []);
  });
});

/** SecretStorage in memory, with VS Code's change events. */
class MemorySecrets implements vscode.SecretStorage {
  readonly entries = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
  readonly onDidChange = this.changed.event;
  get(key: string): Thenable<string | undefined> {
    return Promise.resolve(this.entries.get(key));
  }
  keys(): Thenable<string[]> {
    return Promise.resolve([...this.entries.keys()]);
  }
  async store(key: string, value: string): Promise<void> {
    this.entries.set(key, value);
    this.changed.fire({ key });
  }
  async delete(key: string): Promise<void> {
    this.entries.delete(key);
    this.changed.fire({ key });
  }
}

const memento = () => {
  const map = new Map<string, unknown>();
  return new SerialMemento({ get: <T>(key: string) => map.get(key) as T | undefined, update: async (key, value) => void map.set(key, value) });
};

describe('Keys per project: the key store finds a missing secret', () => {
  const store = (secrets: MemorySecrets, globalState = memento()) => new ApiKeyStore(secrets, globalState, memento(), { folderName: 'site' });

  it('a listed key whose secret is gone is told apart from no key at all', async () => {
    const secrets = new MemorySecrets();
    const keys = store(secrets);
    assert.deepEqual(await keys.windowKey(), { ok: false, problem: 'none', fellBack: false });
    const record = await keys.add('site', FIXTURE_KEYS.beta);
    await secrets.delete(`${SECRET_API_KEY}.${record.id}`);
    assert.deepEqual(await keys.windowKey(), { ok: false, problem: 'secretGone', record, fellBack: false });
    keys.dispose();
  });
});
