// The marks by which a gateway in front of the service says an error answer is its own: made by
// its configuration (a provider it is set up with that cannot serve the request, a model it does
// not route, a key it does not let through), not relayed from the service behind it. Such an
// answer does not clear by itself, whatever its status: it is never retried, and its advice
// names the gateway's setup (errorAdvice.ts). Each row is read from the gateway's own source.

/** An error answer as a gateway mark reads it: headers flat and lower-case, the body as parsed JSON. */
export interface AnswerMarks {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface GatewayMark {
  /** The gateway's name, as the advice says it. */
  gateway: string;
  /** Where the mark is set, in its source. */
  source: string;
  marks(answer: AnswerMarks): boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body's `error` object, when it has one. */
const errorOf = (body: unknown): Record<string, unknown> | undefined => (isRecord(body) && isRecord(body.error) ? body.error : undefined);

/** LiteLLM's ProxyErrorTypes that name its own access rules or its own database (litellm/proxy/_types.py). */
const LITELLM_OWN_TYPES = new Set([
  'key_model_access_denied',
  'team_model_access_denied',
  'user_model_access_denied',
  'org_model_access_denied',
  'no_db_connection',
]);

/** New API's codes for its own channels' configuration and its prices (types/error.go). */
const NEW_API_OWN_CODES = new Set([
  'model_price_error',
  'channel:no_available_key',
  'channel:param_override_invalid',
  'channel:header_override_invalid',
  'channel:model_mapped_error',
  'channel:aws_client_error',
  'channel:invalid_key',
]);

/** Statuses of Kong's own answers that speak of its configuration: a plugin's refusal (400, 403) or its own failure (500). */
const KONG_OWN_STATUSES = new Set([400, 403, 500]);

const GATEWAY_MARKS: readonly GatewayMark[] = [
  {
    gateway: 'Portkey',
    source:
      'Portkey AI Gateway, src/handlers/handlerUtils.ts (tryTargetsRecursively): an error the gateway raised itself is answered with `x-portkey-gateway-exception: true`, so its own fallbacks stop there too',
    marks: ({ headers }) => headers['x-portkey-gateway-exception'] === 'true',
  },
  {
    gateway: 'Portkey',
    source:
      'Portkey AI Gateway, src/middlewares/requestValidator and the handlers\' catch: its own refusals are `{ "status": "failure", "message" }`, where a relayed upstream error has an `error` object',
    marks: ({ body }) => isRecord(body) && body.status === 'failure' && typeof body.message === 'string' && body.error === undefined,
  },
  {
    gateway: 'LiteLLM',
    source: 'LiteLLM proxy, litellm/proxy/_types.py (ProxyErrorTypes): `error.type` of its model access rules and its database',
    marks: ({ body }) => {
      const type = errorOf(body)?.type;
      return typeof type === 'string' && LITELLM_OWN_TYPES.has(type);
    },
  },
  {
    gateway: 'LiteLLM',
    source:
      'LiteLLM proxy, common_request_processing.py (_handle_llm_api_exception): an exception of the proxy itself (a model not in its model list, ProxyModelNotFoundError) has no type, written as the text "None" in `type` and `param`; its own rate limiter (429) is a limit like any other',
    marks: ({ status, body }) => {
      const error = errorOf(body);
      return status !== 429 && error?.type === 'None' && error.param === 'None';
    },
  },
  {
    gateway: 'New API',
    source: "New API, types/error.go: the codes of its channels' configuration (`channel:…`) and of a model without a price (`model_price_error`)",
    marks: ({ body }) => {
      const code = errorOf(body)?.code;
      return typeof code === 'string' && NEW_API_OWN_CODES.has(code);
    },
  },
  {
    gateway: 'Kong',
    source:
      'Kong Gateway, kong/runloop/handler.lua: an answer Kong made itself (a plugin ended the request, such as AI Proxy\'s "cannot use own model") carries `X-Kong-Response-Latency`, a proxied one `X-Kong-Upstream-Latency`',
    marks: ({ status, headers }) => headers['x-kong-response-latency'] !== undefined && KONG_OWN_STATUSES.has(status),
  },
];

/** The gateway that says this error answer is its own, or undefined. */
export function ownGatewayOf(answer: AnswerMarks): string | undefined {
  return GATEWAY_MARKS.find((row) => row.marks(answer))?.gateway;
}
