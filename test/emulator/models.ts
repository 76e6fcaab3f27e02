// GET /v1/models: the catalog as the caller's workspace sees it, narrowed by the query filters,
// in the shape the emulator was set to publish (catalogShapes.ts).
import { filterCatalog } from './catalog';
import { catalogBody } from './catalogShapes';
import type { HandlerContext } from './handlerContext';

export async function handleModels(ctx: HandlerContext): Promise<void> {
  await ctx.ex.reply(catalogBody(ctx.state.catalogShape, filterCatalog(ctx.query), ctx.workspace), ctx.fault);
}
