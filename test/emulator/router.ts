// Which endpoint a path names. The API lives under /v1, the legacy address /legacy/v1 serves
// the same API, and /api/v1/chat/completions is the host-level chat alias (spec, Endpoints rule 6).
import type { EndpointName } from './requestLog';

export const API_PREFIX = '/v1';
export const LEGACY_PREFIX = '/legacy/v1';
const CHAT_ALIAS = '/api/v1/chat/completions';

const ENDPOINTS: Record<string, { endpoint: EndpointName; method: 'GET' | 'POST' }> = {
  '/models': { endpoint: 'models', method: 'GET' },
  '/chat/completions': { endpoint: 'chat', method: 'POST' },
  '/responses': { endpoint: 'responses', method: 'POST' },
  '/messages': { endpoint: 'messages', method: 'POST' },
  '/images/generations': { endpoint: 'images', method: 'POST' },
};

export type Route =
  | { kind: 'endpoint'; endpoint: EndpointName }
  | { kind: 'wrong_method'; allowed: 'GET' | 'POST' }
  | { kind: 'doubled_version' }
  | { kind: 'not_found' };

export function resolveRoute(method: string, pathname: string): Route {
  if (/\/v1\/v1(\/|$)/.test(pathname)) return { kind: 'doubled_version' };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const rest =
    path === CHAT_ALIAS
      ? '/chat/completions'
      : [LEGACY_PREFIX, API_PREFIX].filter((p) => path.startsWith(`${p}/`)).map((p) => path.slice(p.length))[0];
  const target = rest === undefined ? undefined : ENDPOINTS[rest];
  if (!target) return { kind: 'not_found' };
  if (method !== target.method) return { kind: 'wrong_method', allowed: target.method };
  return { kind: 'endpoint', endpoint: target.endpoint };
}
