// The prepaid side of the service (spec, Limits 2 and 4): a balance in RUB and a spend limit per
// key, one charge per generation (a text answer, or an images request), and the repeat of a
// generation recognised by its client request id (spec, Errors 2), so a retry after a lost
// answer gets the first answer, uncharged.
import { maskKey } from './auth';
import type { CatalogModel } from './catalog';
import { complete, promptTokens, type Asked, type Completion } from './completionText';
import type { HandlerContext } from './handlerContext';
import type { ImagesReply } from './images';

/** How long a generation is remembered for its repeats. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

export interface Account {
  /** Unlimited when absent; a request is refused once it is 0 or less. */
  balanceRub?: number;
  /** Unlimited when absent; a request is refused once the key has spent this much. */
  spendLimitRub?: number;
  spentRub: number;
}

export interface Charge {
  clientRequestId: string | null;
  keyPrefix: string;
  model: string;
  amountRub: number;
  promptTokens: number;
  completionTokens: number;
  /** Images requests only: how many images were made (0 tokens then). */
  images?: number;
  /** Cache mode: of promptTokens, those read from the prompt cache and written to it. */
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** What a charged request made, by kind, remembered so that its repeat gets it again. */
export interface Made {
  text: Completion;
  images: ImagesReply;
}

type ChargeLine = Omit<Charge, 'clientRequestId' | 'keyPrefix'>;

export class Billing {
  private accounts = new Map<string, Account>();
  private generations = new Map<string, { kind: keyof Made; made: Made[keyof Made]; at: number }>();
  readonly charges: Charge[] = [];

  setLimits(key: string, limits: { balanceRub?: number | null; spendLimitRub?: number | null }): Account {
    const account = this.account(key);
    if (limits.balanceRub !== undefined) account.balanceRub = limits.balanceRub ?? undefined;
    if (limits.spendLimitRub !== undefined) account.spendLimitRub = limits.spendLimitRub ?? undefined;
    return { ...account };
  }

  /** Why the key may not generate now, as the error the service answers with. */
  refusal(key: string): { status: number; code: string; message: string } | undefined {
    const account = this.account(key);
    if (account.balanceRub !== undefined && account.balanceRub <= 0) {
      return { status: 402, code: 'insufficient_balance', message: 'The prepaid balance is exhausted: top up the balance in the cabinet.' };
    }
    if (account.spendLimitRub !== undefined && account.spentRub >= account.spendLimitRub) {
      return { status: 403, code: 'spend_limit_exceeded', message: "This key's spend limit is reached: raise it in the cabinet." };
    }
    return undefined;
  }

  /** The earlier generation of this request (of the same kind), when this is a repeat inside the window. */
  recall<K extends keyof Made>(key: string, clientRequestId: string | null, kind: K): Made[K] | undefined {
    if (clientRequestId === null) return undefined;
    const found = this.generations.get(`${key} ${clientRequestId}`);
    return found?.kind === kind && Date.now() - found.at < REPEAT_WINDOW_MS ? (found.made as Made[K]) : undefined;
  }

  charge<K extends keyof Made>(key: string, clientRequestId: string | null, kind: K, made: Made[K], line: ChargeLine): void {
    const account = this.account(key);
    account.spentRub += line.amountRub;
    if (account.balanceRub !== undefined) account.balanceRub -= line.amountRub;
    this.charges.push({ clientRequestId, keyPrefix: maskKey(key), ...line });
    if (clientRequestId !== null) this.generations.set(`${key} ${clientRequestId}`, { kind, made, at: Date.now() });
  }

  reset(): void {
    this.accounts.clear();
    this.generations.clear();
    this.charges.length = 0;
  }

  private account(key: string): Account {
    let account = this.accounts.get(key);
    if (!account) this.accounts.set(key, (account = { spentRub: 0 }));
    return account;
  }
}

/** Prices are decimal strings: per token for text, per image for image models. */
const price = (model: CatalogModel, name: string): number => Number(model.pricing[name] ?? 0);
const rub = (amount: number): number => Number(amount.toFixed(6));

/** Input read from the cache and written to it is priced at `input_cache_read` and `input_cache_write`. */
function textCharge(model: CatalogModel, completion: Completion): ChargeLine {
  const { promptTokens, outputTokens: completionTokens, cache } = completion;
  const read = cache?.read ?? 0;
  const write = cache?.write ?? 0;
  const input = (promptTokens - read - write) * price(model, 'prompt') + read * price(model, 'input_cache_read') + write * price(model, 'input_cache_write');
  const amountRub = rub(input + completionTokens * price(model, 'completion'));
  return { model: model.id, amountRub, promptTokens, completionTokens, ...(cache && { cacheReadTokens: read, cacheWriteTokens: write }) };
}

/** Answers the payment error when the key may not generate now; true then. */
function refused(ctx: HandlerContext): boolean {
  const refusal = ctx.state.billing.refusal(ctx.key);
  if (refusal) ctx.ex.error(refusal.status, refusal.code, refusal.message);
  return refusal !== undefined;
}

/**
 * The answer to an images request, charged once at the model's per-image price times `count`:
 * a repeat gets the first reply (the same images and URLs) free; a key out of balance or over
 * its spend limit gets the payment error (answered here; undefined then).
 */
export function billedImages(ctx: HandlerContext, model: CatalogModel, count: number, make: () => ImagesReply): ImagesReply | undefined {
  const repeat = ctx.state.billing.recall(ctx.key, ctx.clientRequestId, 'images');
  if (repeat) return repeat;
  if (refused(ctx)) return undefined;
  const reply = make();
  const line = { model: model.id, amountRub: rub(price(model, 'image') * count), promptTokens: 0, completionTokens: 0, images: count };
  ctx.state.billing.charge(ctx.key, ctx.clientRequestId, 'images', reply, line);
  return reply;
}

/**
 * The answer to a text request, charged once: a repeat gets the first answer free; a prompt
 * (plus max_tokens) beyond the model's context gets 400 `context_length_exceeded`, and a key
 * out of balance or over its spend limit the payment error (answered here; undefined then).
 */
export function billedCompletion(ctx: HandlerContext, model: CatalogModel, asked: Asked): Completion | undefined {
  const { billing } = ctx.state;
  const repeat = billing.recall(ctx.key, ctx.clientRequestId, 'text');
  if (repeat) return repeat;
  if (asked.images?.length && !model.inputModalities.includes('image')) {
    ctx.ex.error(400, 'invalid_request', `Model "${model.id}" does not accept images: send text only, or pick a model whose input_modalities include image.`);
    return undefined;
  }
  const needed = promptTokens(asked.prefix) + (asked.maxTokens ?? 0);
  if (needed > model.contextLength) {
    ctx.ex.error(
      400,
      'context_length_exceeded',
      `This request needs ${needed} tokens, but ${model.id} reads at most ${model.contextLength}: shorten the conversation.`,
    );
    return undefined;
  }
  if (refused(ctx)) return undefined;
  const completion = complete(asked, ctx.state.scriptedReplies.shift(), model.thinks === true && asked.thinking !== false);
  if (ctx.state.cacheMode) completion.cache = ctx.state.promptCache.use(model, asked.prefix);
  billing.charge(ctx.key, ctx.clientRequestId, 'text', completion, textCharge(model, completion));
  return completion;
}
