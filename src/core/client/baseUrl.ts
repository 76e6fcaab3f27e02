// Spec, Endpoints rule 4 and Versioning: the base URL already ends with the version segment
// /v1 and the client adds only the rest of the path. Mistakes are refused before any request
// with a message that says how to fix them.

export type BaseUrlResult = { ok: true; baseUrl: string } | { ok: false; message: string };

const EXAMPLE = 'https://api.example.com/v1';
/** Endpoint paths people paste whole instead of the base URL. */
const ENDPOINT_TAILS = [
  'chat/completions',
  'completions',
  'models',
  'responses',
  'messages',
  'images/generations',
  'images/edits',
  'embeddings',
];

export function validateBaseUrl(raw: string): BaseUrlResult {
  const input = raw.trim();
  if (input === '') return refuse(`Set the base URL of the service, ending with /v1 (for example ${EXAMPLE}).`);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse(`"${input}" is not a web address: set the base URL to a full address ending with /v1 (for example ${EXAMPLE}).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse(`The base URL must start with https:// (or http:// for a local service), for example ${EXAMPLE}.`);
  }
  if (url.username || url.password) {
    return refuse('Remove the user name and password from the base URL: the API key is set separately.');
  }
  if (url.search || url.hash) {
    return refuse(`Remove the "?..." or "#..." part: the base URL ends with /v1 (for example ${EXAMPLE}).`);
  }
  // `/V1` is the version segment typed in another case: suggestions use the canonical `/v1`.
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.toLowerCase() === 'v1' ? 'v1' : s));
  const versionAt = segments.indexOf('v1');
  const prefix = `${url.origin}/${segments.slice(0, versionAt + 1).join('/')}`;
  if (segments.filter((s) => s === 'v1').length > 1) {
    return refuse(`The base URL holds /v1 twice: keep a single one, so use ${prefix}.`);
  }
  if (segments.length === 2 && segments[0] === 'api' && versionAt === 1) {
    // Spec, Endpoints 6: /api/v1 serves chat completions only; the models list, key checks and the rest live under /v1.
    return refuse(`${url.origin}/api/v1 is the host-level alias of the chat endpoint only: use the base address ${url.origin}/v1.`);
  }
  if (versionAt === -1) {
    const suggestion = `${url.origin}/${[...segments, 'v1'].join('/')}`;
    return refuse(`The base URL must end with the version segment /v1: use ${suggestion}.`);
  }
  if (versionAt !== segments.length - 1) {
    const tail = segments.slice(versionAt + 1).join('/');
    const what = ENDPOINT_TAILS.includes(tail) ? `the full endpoint address (/${tail})` : `"/${tail}" after /v1`;
    return refuse(`The base URL holds ${what}: it must end at /v1, so use ${prefix}.`);
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

function refuse(message: string): BaseUrlResult {
  return { ok: false, message };
}
