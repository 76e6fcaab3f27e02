// GET /v1/models: the catalog as the caller's workspace sees it, narrowed by the query filters.
import { filterCatalog, modelEntry } from './catalog';
import type { HandlerContext } from './handlerContext';

export async function handleModels(ctx: HandlerContext): Promise<void> {
  const data = filterCatalog(ctx.query).map((m) => modelEntry(m, ctx.workspace));
  await ctx.ex.reply({ object: 'list', data }, ctx.fault);
}
