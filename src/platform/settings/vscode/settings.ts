// Reads the multiModelAI.* settings and checks them the moment they change, so a wrong
// service address is reported with its fix before any request uses it.
import * as vscode from 'vscode';
import { type ClientLogger } from '../../client/attempt/attempt';
import { CONFIG_SECTION, Settings } from '../../manifest/ids';
import { type ExtensionSettings, readSettings } from '../extensionSettings';
import { offerActions } from '../../actions/vscode/actionRunner';
import { Disposable } from '../../vscode/lifecycle';

const short = (key: string): string => key.slice(CONFIG_SECTION.length + 1);

export class SettingsWatcher extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<ExtensionSettings>());
  readonly onDidChange = this.changed.event;
  private settings = this.read();

  constructor(private readonly logger: ClientLogger) {
    super();
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(CONFIG_SECTION)) return;
        this.settings = this.read();
        if (e.affectsConfiguration(Settings.baseUrl) || e.affectsConfiguration(Settings.legacyBaseUrl)) this.reportBaseUrlProblem();
        if ([Settings.modelOptions, Settings.requestHeaders, Settings.fallback].some((key) => e.affectsConfiguration(key))) this.reportProblems();
        this.changed.fire(this.settings);
      }),
    );
    // imageFolder is read in the first folder's scope; its users read it when they need it, so nothing is announced.
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => (this.settings = this.read())));
  }

  current(): ExtensionSettings {
    return this.settings;
  }

  /** Writes to user settings: the model choice and the address follow the person, not the folder. */
  async update(key: typeof Settings.model | typeof Settings.baseUrl, value: string | undefined): Promise<void> {
    await vscode.workspace.getConfiguration(CONFIG_SECTION).update(short(key), value, vscode.ConfigurationTarget.Global);
    // The change event can arrive after update() resolves; callers read the new value now.
    this.settings = this.read();
  }

  /** Shows (and logs) what is wrong with multiModelAI.baseUrl, if anything. */
  reportBaseUrlProblem(): void {
    const problem = this.settings.baseUrlProblem;
    if (!problem) return;
    const setting = this.settings.legacy ? Settings.legacyBaseUrl : Settings.baseUrl;
    this.logger.warn(`Settings: ${setting} is not usable: ${this.settings.baseUrlFault ?? 'invalid'}`);
    void offerActions('warning', vscode.l10n.t('The service address ({0}) is not usable: {1}', setting, problem), ['setBaseUrl']);
  }

  /** Logs what is wrong in modelOptions, requestHeaders or fallback (header values are never logged). */
  reportProblems(): void {
    for (const problem of this.settings.problems) this.logger.warn(`Settings: ${problem.fault}`);
    if (this.settings.problems.length > 0) void offerActions('warning', this.settings.problems.map((problem) => problem.text).join(' '), ['openSettings']);
  }

  private read(): ExtensionSettings {
    const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
    return readSettings({
      baseUrl: config.get(short(Settings.baseUrl)),
      legacyBaseUrl: config.get(short(Settings.legacyBaseUrl)),
      model: config.get(short(Settings.model)),
      maxTokens: config.get(short(Settings.maxTokens)),
      // Application-scoped; the user's own value only, whatever a workspace's settings.json holds.
      confirmAbove: config.inspect(short(Settings.confirmAbove))?.globalValue,
      requestTimeoutSeconds: config.get(short(Settings.requestTimeoutSeconds)),
      maxRetries: config.get(short(Settings.maxRetries)),
      transport: config.get(short(Settings.transport)),
      modelOptions: config.get(short(Settings.modelOptions)),
      requestHeaders: config.get(short(Settings.requestHeaders)),
      projectInstructions: config.get(short(Settings.projectInstructions)),
      // Resource-scoped, relative to the first workspace folder: read there, so that folder's own value counts.
      imageFolder: vscode.workspace.getConfiguration(CONFIG_SECTION, vscode.workspace.workspaceFolders?.[0]?.uri ?? null).get(short(Settings.imageFolder)),
      commitMessageModel: config.get(short(Settings.commitMessageModel)),
      // Application-scoped: the models a request may be sent to when its own is down, and so
      // where the person's code goes and what it costs, follow the person; a folder never chooses them.
      fallback: config.get(short(Settings.fallback)),
      // Resource-scoped like imageFolder: a repository's folder may ask for its own style.
      commitMessageInstructions: vscode.workspace
        .getConfiguration(CONFIG_SECTION, vscode.workspace.workspaceFolders?.[0]?.uri ?? null)
        .get(short(Settings.commitMessageInstructions)),
    });
  }
}
