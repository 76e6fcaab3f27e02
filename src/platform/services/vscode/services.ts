// What the features are built from, made once by activate(): the log, the key, the settings,
// the connection, its spend and the usage record, the failure reporter, the extension's state and the image runner.
// Every one that holds a resource is disposed with the extension.
import * as vscode from 'vscode';
import { type ClientLogger } from '../../client/attempt/attempt';
import { SerialMemento } from '../../storage/serialMemento';
import { UsageRecord } from '../../usage/usageRecord';
import { ApiKeyStore, currentProject } from '../../keys/vscode/apiKeyStore';
import { ClientCache } from './clientCache';
import { Connection } from './connection';
import { FailureReporter } from './failureReporter';
import { createShellLog, type ShellLog } from './logChannel';
import { NetworkWatcher } from '../../settings/vscode/networkSettings';
import { SettingsWatcher } from '../../settings/vscode/settings';
import { ProjectInstructionsSource } from '../../instructions/vscode/projectInstructions';
import { SpendMeter } from './spendMeter';
import { SpendGuard } from './spendGuard';
import { UsageRecorder } from '../../usage/vscode/usageRecorder';
import { TypedModelIds } from './typedModelIds';

export interface Services {
  log: ShellLog;
  logger: ClientLogger;
  keys: ApiKeyStore;
  settings: SettingsWatcher;
  /** VS Code's proxy and certificate settings, and multiModelAI.caCertificates. */
  network: NetworkWatcher;
  spend: SpendMeter;
  /** The usage record: every answer and image request, with its key, project and source. */
  usage: UsageRecorder;
  /** The service clients, by address, key and request settings. */
  clients: ClientCache;
  connection: Connection;
  failures: FailureReporter;
  /** The extension's globalState: every write to it goes through this one, one at a time (serialMemento.ts says why). */
  globalState: SerialMemento;
  /** The extension's workspaceState, the same way. */
  windowState: SerialMemento;
  /** The project's instructions (AGENTS.md) for the chat and Refactor Selection. */
  instructions: ProjectInstructionsSource;
  /** The model ids typed by hand, per address. */
  typedModels: TypedModelIds;
}

export function createServices(context: vscode.ExtensionContext): Services {
  const log = createShellLog();
  const { logger } = log;
  const globalState = new SerialMemento(context.globalState);
  const windowState = new SerialMemento(context.workspaceState);
  const keys = new ApiKeyStore(context.secrets, globalState, windowState, currentProject());
  const settings = new SettingsWatcher(logger);
  const network = new NetworkWatcher(logger);
  const spend = new SpendMeter();
  const clients = new ClientCache(settings, logger, network);
  const usage = new UsageRecorder(new UsageRecord({ folder: vscode.Uri.joinPath(context.globalStorageUri, 'usage').fsPath, log: (line) => logger.warn(line) }));
  const typedModels = new TypedModelIds(globalState);
  const connection = new Connection(settings, keys, logger, clients, spend, usage, typedModels, new SpendGuard(keys, usage, settings, logger));
  const failures = new FailureReporter(logger, (error) => connection.noteFailure(error));
  const instructions = new ProjectInstructionsSource(settings);
  context.subscriptions.push(log, keys, settings, network, spend, usage, connection, instructions, typedModels);
  return { log, logger, keys, settings, network, spend, usage, clients, connection, failures, globalState, windowState, instructions, typedModels };
}
