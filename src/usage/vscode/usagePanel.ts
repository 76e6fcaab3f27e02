// Multi-Model AI: Show Usage: the usage page in an editor tab. The host reads the months of the
// record the report needs, works the report out (core) in the machine's time zone and sends it;
// the page draws it, asks for another range, or asks for the range as CSV, which is saved where
// the person chooses.
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { Commands, USAGE_PANEL_TYPE } from '../../platform/manifest/ids';
import { firstDayNeeded, usageReport } from '../common/usageTotals';
import { usageCsv } from '../common/usageCsv';
import { type UsageReport } from '../common/usageReport';
import { decodeToUsageHost, encodeToUsagePage, type UsageToPageInput } from '../common/usageProtocol';
import type { ClientLogger } from '../../platform/client/attempt/attempt';
import { pageHtml, pageRoot } from '../../platform/webview/vscode/webviewHtml';
import { Disposable } from '../../platform/vscode/lifecycle';
import type { Services } from '../../platform/services/vscode/services';
import type { UsageRecorder } from '../../platform/usage/vscode/usageRecorder';

type Range = { from: string; to: string };

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export class UsagePanel extends Disposable {
  private panel?: vscode.WebviewPanel;
  private last?: UsageReport;

  constructor(
    private readonly usage: UsageRecorder,
    private readonly extensionUri: vscode.Uri,
    private readonly logger: ClientLogger,
  ) {
    super();
  }

  /** Shows the open usage page, or opens one. */
  open(): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.reveal();
      return this.panel;
    }
    const panel = vscode.window.createWebviewPanel(USAGE_PANEL_TYPE, vscode.l10n.t('Multi-Model AI Usage'), vscode.ViewColumn.Active, {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [pageRoot(this.extensionUri)],
      retainContextWhenHidden: true,
    });
    this.panel = panel;
    const listeners = [
      panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(panel.webview, raw)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        for (const listener of listeners) listener.dispose();
      }),
    ];
    panel.webview.html = pageHtml(panel.webview, this.extensionUri, {
      title: vscode.l10n.t('Multi-Model AI Usage'),
      styles: ['usage.css'],
      script: 'usage.js',
    });
    return panel;
  }

  /** The report the page was last sent (for the tests). */
  lastReport(): UsageReport | undefined {
    return this.last;
  }

  /** Validates and handles one message from the page. */
  private async receive(webview: vscode.Webview, raw: unknown): Promise<void> {
    const decoded = decodeToUsageHost(raw);
    if (!decoded.ok) {
      this.logger.warn(`Usage: dropped a message from the usage page (${decoded.reason}).`);
      return;
    }
    const message = decoded.message;
    const post = (out: UsageToPageInput) => void webview.postMessage(encodeToUsagePage(out));
    if (message.type === 'ready') {
      post({ type: 'usage/init', language: vscode.env.language, l10n: vscode.l10n.bundle ?? {}, report: await this.report() });
    } else if (message.type === 'usage/range') {
      post({ type: 'usage/report', report: await this.report(message) });
    } else {
      await this.export(message);
    }
  }

  private async report(range?: Range): Promise<UsageReport> {
    const now = Date.now();
    const { entries, corrupt } = await this.usage.record.read(firstDayNeeded(now, timeZone(), range));
    this.last = usageReport(entries, corrupt, { now, timeZone: timeZone(), range });
    return this.last;
  }

  private async export(range: Range): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
    const target = await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.joinPath(folder, `usage-${range.from}-${range.to}.csv`),
      filters: { CSV: ['csv'] },
      saveLabel: vscode.l10n.t('Export'),
    });
    if (!target) return;
    const { entries } = await this.usage.record.read(firstDayNeeded(Date.now(), timeZone(), range));
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(usageCsv(entries, range, timeZone())));
    void vscode.window.showInformationMessage(
      vscode.l10n.t('The usage from {0} to {1} is saved in {2}.', range.from, range.to, vscode.workspace.asRelativePath(target)),
    );
  }

  override dispose(): void {
    this.panel?.dispose();
    super.dispose();
  }
}

export function registerUsage(context: vscode.ExtensionContext, { usage, logger }: Services): UsagePanel {
  const panel = new UsagePanel(usage, context.extensionUri, logger);
  context.subscriptions.push(
    panel,
    vscode.commands.registerCommand(Commands.showUsage, () => panel.open()),
  );
  return panel;
}
