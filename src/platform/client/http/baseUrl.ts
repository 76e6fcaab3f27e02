// Spec, Endpoints rule 4 and Versioning: the base URL already ends with the version segment
// /v1 and the client adds only the rest of the path. Mistakes are refused before any request
// with a message that says how to fix them. A message never repeats what was typed beyond the
// parts it names: a pasted key (in a path, a query or a malformed address) must not reach a
// notification, the chat or its stored history.
import * as l10n from '@vscode/l10n';
import { maskEveryKey } from './keyMasking';

/** `message` is shown in the display language; `fault` names the mistake and the fix in English, for the log. */
export type BaseUrlResult = { ok: true; baseUrl: string } | { ok: false; message: string; fault: string };

const EXAMPLE = 'https://api.example.com/v1';
/** Endpoint paths people paste whole instead of the base URL. */
const ENDPOINT_TAILS = ['chat/completions', 'completions', 'models', 'responses', 'messages', 'images/generations', 'images/edits', 'embeddings'];

export function validateBaseUrl(raw: string): BaseUrlResult {
  const input = raw.trim();
  if (input === '') return refuse('empty', l10n.t('Set the base URL of the service, ending with /v1 (for example {0}).', EXAMPLE));
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse('not a web address', l10n.t('The base URL is not a web address: set it to a full address ending with /v1 (for example {0}).', EXAMPLE));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse('neither https:// nor http://', l10n.t('The base URL must start with https:// (or http:// for a local service), for example {0}.', EXAMPLE));
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return refuse(
      'http:// to another machine',
      l10n.t(
        'The base URL uses http:// for a service on another machine, which would send your API key unencrypted: use https:// (http:// is for a service on this machine only, such as http://localhost).',
      ),
    );
  }
  if (url.username || url.password) {
    return refuse('holds a user name or password', l10n.t('Remove the user name and password from the base URL: the API key is set separately.'));
  }
  if (url.search || url.hash) {
    return refuse('holds a query or fragment', l10n.t('Remove the "?..." or "#..." part: the base URL ends with /v1 (for example {0}).', EXAMPLE));
  }
  // `/V1` is the version segment typed in another case: suggestions use the canonical `/v1`.
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.toLowerCase() === 'v1' ? 'v1' : s));
  const versionAt = segments.indexOf('v1');
  // The chat alias /api/v1 (spec, Endpoints 6) is not a base: its base is the host's /v1.
  const prefix = versionAt === 1 && segments[0] === 'api' ? `${url.origin}/v1` : `${url.origin}/${segments.slice(0, versionAt + 1).join('/')}`;
  if (segments.filter((s) => s === 'v1').length > 1) {
    return refuse(`/v1 twice: use ${prefix}`, l10n.t('The base URL holds /v1 twice: keep a single one, so use {0}.', prefix));
  }
  if (segments.length === 2 && segments[0] === 'api' && versionAt === 1) {
    // Spec, Endpoints 6: /api/v1 serves chat completions only; the models list, key checks and the rest live under /v1.
    return refuse(
      `the /api/v1 chat alias: use ${url.origin}/v1`,
      l10n.t('{0}/api/v1 is the host-level alias of the chat endpoint only: use the base address {0}/v1.', url.origin),
    );
  }
  if (versionAt === -1) {
    const suggestion = `${url.origin}/${[...segments, 'v1'].join('/')}`;
    return refuse(`no /v1: use ${suggestion}`, l10n.t('The base URL must end with the version segment /v1: use {0}.', suggestion));
  }
  if (versionAt !== segments.length - 1) {
    const tail = segments.slice(versionAt + 1).join('/');
    return refuse(
      ENDPOINT_TAILS.includes(tail) ? `an endpoint path (/${tail}): use ${prefix}` : `more after /v1: use ${prefix}`,
      ENDPOINT_TAILS.includes(tail)
        ? l10n.t('The base URL holds the full endpoint address (/{0}): it must end at /v1, so use {1}.', tail, prefix)
        : l10n.t('The base URL holds more after /v1: it must end at /v1, so use {0}.', prefix),
    );
  }
  return { ok: true, baseUrl: prefix };
}

/**
 * The current address to offer in place of a legacy one (spec, Versioning 2): the same host's
 * /v1. Only a guess until GET /v1/models there answers with the same key.
 */
export function currentAddressFor(legacyBaseUrl: string): string {
  return `${new URL(legacyBaseUrl).origin}/v1`;
}

/** localhost, 127.0.0.0/8 and ::1: traffic that never leaves the machine. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

function refuse(fault: string, message: string): BaseUrlResult {
  // A last guard: a suggestion built from the typed path may still hold a key.
  return { ok: false, message: maskEveryKey(message), fault: maskEveryKey(fault) };
}
