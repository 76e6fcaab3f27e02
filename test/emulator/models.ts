// GET /v1/models: the catalog as the caller's workspace sees it, narrowed by the query filters,
// in the shape the emulator was set to publish (catalogShapes.ts).
import { filterCatalog } from './catalog';
import { catalogBody } from './catalogShapes';
import type { HandlerContext } from './handlerContext';

export async function handleModels(ctx: HandlerContext): Promise<void> {
  const shape = ctx.state.catalogShape;
  if (shape === 'none') return ctx.ex.error(404, 'not_found', 'This address serves no model list: name the model in each request.');
  await ctx.ex.reply(catalogBody(shape, filterCatalog(ctx.query), ctx.workspace), ctx.fault);
}
