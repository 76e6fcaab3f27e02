// VS Code's proxy and certificate settings (`http.proxy`, `http.noProxy`, `http.proxyAuthorization`,
// `http.proxyStrictSSL`, `http.proxySupport`, `http.systemCertificates`) and multiModelAI.caCertificates,
// read as one plain object for the client. Read again the moment one changes, so the next request
// goes the new way without a reload; a certificate file that cannot be used is reported with its fix.
import * as vscode from 'vscode';
import { type ClientLogger } from '../../client/attempt/attempt';
import { type NetworkSettings } from '../../client/http/proxyChoice';
import { readCaBundle } from '../../client/http/caBundle';
import { Settings } from '../../manifest/ids';
import { offerActions } from '../../actions/vscode/actionRunner';
import { Disposable } from '../../vscode/lifecycle';

const HTTP_SECTION = 'http';

export class NetworkWatcher extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  /** Fires when a proxy or certificate setting changed. */
  readonly onDidChange = this.changed.event;
  private settings: NetworkSettings;

  constructor(private readonly logger: ClientLogger) {
    super();
    this.settings = this.read();
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(HTTP_SECTION) && !e.affectsConfiguration(Settings.caCertificates)) return;
        this.settings = this.read();
        this.changed.fire();
      }),
    );
  }

  current(): NetworkSettings {
    return this.settings;
  }

  private read(): NetworkSettings {
    const http = vscode.workspace.getConfiguration(HTTP_SECTION);
    const noProxy = http.get<unknown>('noProxy');
    return {
      proxy: text(http.get('proxy')),
      noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
      proxyAuthorization: text(http.get('proxyAuthorization')),
      proxyStrictSSL: http.get('proxyStrictSSL') !== false,
      proxySupport: text(http.get('proxySupport')) ?? 'override',
      systemCertificates: http.get('systemCertificates') !== false,
      extraCertificates: this.readExtraCertificates(),
    };
  }

  private readExtraCertificates(): string[] {
    const path = text(vscode.workspace.getConfiguration().get(Settings.caCertificates));
    if (path === undefined) return [];
    const bundle = readCaBundle(path);
    if ('certificates' in bundle) {
      this.logger.info(`Settings: ${Settings.caCertificates} adds ${bundle.certificates.length} certificate authorities.`);
      return bundle.certificates;
    }
    this.logger.warn(`Settings: ${Settings.caCertificates} is not usable: ${bundle.problem}`);
    void offerActions('warning', vscode.l10n.t('The certificate file in {0} is not usable: {1}', Settings.caCertificates, bundle.problem), ['openSettings']);
    return [];
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
