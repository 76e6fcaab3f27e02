// The `#url` mention: a web page's text attached to the next chat message, read again when it is
// sent. The address is typed by the person; a page on this computer or a private or link-local
// network is read only after the person lets its host be read (once a host, for this window), and
// in Restricted Mode every page is asked for first. What is read and sent is decided in the core.
import * as vscode from 'vscode';
import type { NetworkSettings } from '../../platform/client/http/proxyChoice';
import type { Attached } from '../common/attachments/attachments';
import type { ContextItem } from '../common/conversation/conversation';
import type { GuardedRange } from '../common/attachments/webPage/addressGuard';
import { loadWebPageReader } from '../common/attachments/webPage/loadWebPageReader';
import { webAddress } from '../common/attachments/webPage/pageRules';
import { pageFailureText, rangeText, webPageAttachment } from '../common/attachments/webPage/webPageChip';

export interface WebPageDeps {
  /** What the next message already carries. */
  pending(): readonly ContextItem[];
  add(item: ContextItem): boolean;
  notify(message: string): void;
  codeBudget(): number;
  /** VS Code's proxy and certificate settings, which the service's requests use too. */
  network(): NetworkSettings;
}

type Answer = vscode.QuickPickItem & { yes: boolean };

export class WebPages {
  /** Hosts on a guarded address the person let be read in this window. */
  private readonly allowedHosts = new Set<string>();
  private question: vscode.QuickPick<Answer> | undefined;

  constructor(private readonly deps: WebPageDeps) {}

  /** The question being asked (a host to let be read, or a page in Restricted Mode), for the extension-host suite. */
  currentQuestion(): vscode.QuickPick<Answer> | undefined {
    return this.question;
  }

  /** Asks for a page's address and attaches it; resolves with 1 when it was. */
  async ask(): Promise<number> {
    const address = await vscode.window.showInputBox({
      title: vscode.l10n.t('Attach a Web Page'),
      prompt: vscode.l10n.t("The page's text is sent with the message, as Markdown"),
      placeHolder: 'https://',
      ignoreFocusOut: true,
      validateInput: (text) => (text.trim() === '' || webAddress(text) ? undefined : vscode.l10n.t('Type an http or https address.')),
    });
    return address === undefined || address.trim() === '' ? 0 : this.add(address.trim());
  }

  /** Attaches the page at `address`; resolves with 1 when it was. */
  async add(address: string): Promise<number> {
    if (!vscode.workspace.isTrusted) {
      const asked = await this.confirm(
        vscode.l10n.t('This workspace is in Restricted Mode. Read the page {0}?', address),
        vscode.l10n.t('Read the Page'),
        vscode.l10n.t("Don't Read It"),
      );
      if (!asked) return 0;
    }
    const read = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading {0}…', address) }, () =>
      this.read(address, this.deps.pending()),
    );
    if (!read.ok) {
      this.deps.notify(read.message);
      return 0;
    }
    return this.deps.add(read.item) ? 1 : 0;
  }

  /** A page's chip read again as the message is sent. */
  reread(item: ContextItem): Promise<Attached> {
    return this.read(
      item.uri ?? item.path,
      this.deps.pending().filter((other) => other.id !== item.id),
    );
  }

  private async read(address: string, others: readonly ContextItem[]): Promise<Attached> {
    const { readWebPage } = await loadWebPageReader();
    const read = await readWebPage(address, {
      network: this.deps.network(),
      environment: process.env,
      guard: { allow: (host, range) => this.allowHost(host, range) },
    });
    if (!read.ok) return { ok: false, message: pageFailureText(read.failure) };
    return webPageAttachment(read.page, others, this.deps.codeBudget());
  }

  private async allowHost(host: string, range: GuardedRange): Promise<boolean> {
    const key = host.toLowerCase();
    if (this.allowedHosts.has(key)) return true;
    const allowed = await this.confirm(
      vscode.l10n.t('{0} is {1}. Read pages from this host in this window?', host, rangeText(range)),
      vscode.l10n.t('Read Pages from {0}', host),
      vscode.l10n.t("Don't Read It"),
    );
    if (allowed) this.allowedHosts.add(key);
    return allowed;
  }

  /** A yes-or-no question as a quick pick: Escape, or leaving it, is no. */
  private async confirm(title: string, yes: string, no: string): Promise<boolean> {
    const picker = vscode.window.createQuickPick<Answer>();
    picker.title = title;
    picker.items = [
      { label: no, yes: false },
      { label: yes, yes: true },
    ];
    this.question = picker;
    try {
      picker.show();
      return await new Promise<boolean>((resolve) => {
        picker.onDidAccept(() => resolve(picker.activeItems[0]?.yes === true));
        picker.onDidHide(() => resolve(false));
      });
    } finally {
      this.question = undefined;
      picker.dispose();
    }
  }
}
