// Which endpoint a path names, and the handler that serves it. The API lives under /v1, the legacy
// address /legacy/v1 serves the same API, and /api/v1/chat/completions is the host-level chat
// alias (spec, Endpoints rule 6). Image generations and edits are one endpoint, `images`, for
// records and faults, with a handler each.
import { handleChatCompletions } from './chatCompletions';
import type { Handler } from './handlerContext';
import { handleImageEdits } from './imageEdits';
import { handleImageGenerations } from './images';
import { handleMessages } from './messages';
import { handleModels } from './models';
import type { EndpointName } from './requestLog';
import { handleResponses } from './responses';

export const API_PREFIX = '/v1';
export const LEGACY_PREFIX = '/legacy/v1';
const CHAT_ALIAS = '/api/v1/chat/completions';

const ENDPOINTS: Record<string, { endpoint: EndpointName; method: 'GET' | 'POST'; handler: Handler }> = {
  '/models': { endpoint: 'models', method: 'GET', handler: handleModels },
  '/chat/completions': { endpoint: 'chat', method: 'POST', handler: handleChatCompletions },
  '/responses': { endpoint: 'responses', method: 'POST', handler: handleResponses },
  '/messages': { endpoint: 'messages', method: 'POST', handler: handleMessages },
  '/images/generations': { endpoint: 'images', method: 'POST', handler: handleImageGenerations },
  '/images/edits': { endpoint: 'images', method: 'POST', handler: handleImageEdits },
};

export type Route =
  | { kind: 'endpoint'; endpoint: EndpointName; handler: Handler }
  | { kind: 'wrong_method'; allowed: 'GET' | 'POST' }
  | { kind: 'doubled_version' }
  | { kind: 'not_found' };

export function resolveRoute(method: string, pathname: string): Route {
  if (/\/v1\/v1(\/|$)/.test(pathname)) return { kind: 'doubled_version' };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const rest =
    path === CHAT_ALIAS ? '/chat/completions' : [LEGACY_PREFIX, API_PREFIX].filter((p) => path.startsWith(`${p}/`)).map((p) => path.slice(p.length))[0];
  const target = rest === undefined ? undefined : ENDPOINTS[rest];
  if (!target) return { kind: 'not_found' };
  if (method !== target.method) return { kind: 'wrong_method', allowed: target.method };
  return { kind: 'endpoint', endpoint: target.endpoint, handler: target.handler };
}
