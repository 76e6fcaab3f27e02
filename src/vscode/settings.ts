// Reads the multiModelAI.* settings and checks them the moment they change, so a wrong
// service address is reported with its fix before any request uses it.
import * as vscode from 'vscode';
import { CONFIG_SECTION, Settings } from '../core/shell/ids';
import type { ClientLogger } from '../core/client/serviceClient';
import { readShellSettings, type ShellSettings } from '../core/shell/shellSettings';

const short = (key: string): string => key.slice(CONFIG_SECTION.length + 1);

export class SettingsWatcher implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ShellSettings>();
  readonly onDidChange = this.changed.event;
  private settings = this.read();
  private readonly watch: vscode.Disposable;

  constructor(private readonly logger: ClientLogger) {
    this.watch = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(CONFIG_SECTION)) return;
      this.settings = this.read();
      if (e.affectsConfiguration(Settings.baseUrl)) this.reportBaseUrlProblem();
      this.changed.fire(this.settings);
    });
  }

  current(): ShellSettings {
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
    this.logger.warn(`Settings: ${Settings.baseUrl} is not usable: ${problem}`);
    void vscode.window
      .showWarningMessage(`The service address (${Settings.baseUrl}) is not usable: ${problem}`, 'Open Settings')
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', Settings.baseUrl);
      });
  }

  private read(): ShellSettings {
    const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
    return readShellSettings({
      baseUrl: config.get(short(Settings.baseUrl)),
      model: config.get(short(Settings.model)),
      maxTokens: config.get(short(Settings.maxTokens)),
      requestTimeoutSeconds: config.get(short(Settings.requestTimeoutSeconds)),
      maxRetries: config.get(short(Settings.maxRetries)),
    });
  }

  dispose(): void {
    this.watch.dispose();
    this.changed.dispose();
  }
}
