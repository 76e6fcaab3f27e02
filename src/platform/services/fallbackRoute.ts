// The fallback route a connection gives a request (multiModelAI.fallback): the models to ask when
// its own is down, from the catalog it was resolved from, and the log line that says so.
import type { ClientLogger } from '../client/attempt/attempt';
import type { ModelEntry } from '../client/catalog/schemas';
import type { ServiceError } from '../client/errors/serviceError';
import { fallbackModels, type FallbackSetting } from '../reply/fallback';
import type { FallbackRoute, ModelConnection } from '../reply/modelConnection';

export interface RouteInput {
  setting: FallbackSetting;
  /** The model the request goes to first. */
  model: ModelEntry;
  catalog: readonly ModelEntry[];
  usable: readonly ModelEntry[];
  connect(model: ModelEntry): Promise<ModelConnection>;
  logger: Pick<ClientLogger, 'warn'>;
  /** Told the failure that sent the request elsewhere (a model unavailable or unknown makes the catalog stale). */
  onFailure(failure: ServiceError): void;
}

/** The route, or undefined when the setting is off. */
export function fallbackRoute(input: RouteInput): FallbackRoute | undefined {
  const { setting, model } = input;
  if (setting === 'off') return undefined;
  return {
    models: (needs) => fallbackModels(setting, model, input.catalog, input.usable, needs),
    connect: input.connect,
    onFallback: (failure, to) => {
      // Both requests by their ids: the failed one here (and on its attempts' lines), the answer on its own line.
      input.logger.warn(
        `Fallback: ${model.id} is down (status=${failure.status ?? '-'} code=${failure.code ?? '-'} kind=${failure.kind} ` +
          `request_id=${failure.requestId ?? '-'} client_request_id=${failure.clientRequestId}); asking ${to} (multiModelAI.fallback).`,
      );
      input.onFailure(failure);
    },
  };
}
