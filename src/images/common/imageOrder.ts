// Generate Image and Edit Image ask every choice (model, size, count) before anything is sent,
// so no question waits under the progress notification, and keep the answers as an order. A
// failure's Retry sends that very order again and asks nothing anew: the same bytes, so images
// the service may have made and charged are handed back, not made and charged a second time
// (src/platform/client/attempt/unfinishedGenerations.ts).
import type { WantedImageOptions } from '../../platform/client/images/imageRequest';
import type { ImageEndpoint } from '../../platform/client/modelCatalog';
import type { ModelEntry } from '../../platform/client/catalog/schemas';
import type { ImageJob } from './imageJob';

/** An image request with every choice made. */
export type ImageOrder = Readonly<Omit<ImageJob, 'client' | 'signal' | 'onRetry'> & { endpoint: ImageEndpoint; wanted: WantedImageOptions }>;

/** The choices still open, asked in this order; each resolves undefined when the person dismissed it. */
export interface OrderQuestions {
  model(): Promise<ModelEntry | undefined>;
  /** Size and count for the chosen model. */
  options(model: ModelEntry): Promise<WantedImageOptions | undefined>;
}

/** Asks the open choices; undefined when one was dismissed. */
export async function prepareImageOrder(request: Omit<ImageOrder, 'model' | 'wanted'>, questions: OrderQuestions): Promise<ImageOrder | undefined> {
  const model = await questions.model();
  if (!model) return undefined;
  const wanted = await questions.options(model);
  return wanted && { ...request, model, wanted };
}

/** What becomes of an order: how it is sent, what is done with what it made, who hears of a failure. */
export interface OrderSteps<T> {
  send(order: ImageOrder): PromiseLike<T>;
  made(result: T): Promise<void>;
  /** `retry` does it all again with the same order. */
  failed(error: unknown, retry: () => Promise<T | undefined>): void;
}

/**
 * Sends `order` and hands the result to `made`; resolves with it, or undefined after a failure
 * went to `failed`. A failure of `made` itself is thrown, never offered for Retry: the images
 * were made and paid for, and Retry would make and charge new ones.
 */
export async function sendImageOrder<T>(order: ImageOrder, steps: OrderSteps<T>): Promise<T | undefined> {
  let result: T;
  try {
    result = await steps.send(order);
  } catch (error) {
    steps.failed(error, () => sendImageOrder(order, steps));
    return undefined;
  }
  await steps.made(result);
  return result;
}
