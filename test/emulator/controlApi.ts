// The control API under /__emulator/: tests queue faults and scripted replies, take a model down, set a key's
// balance and spend limit, the catalog's shape and cache mode, read the request records and charges, and reset. The extension never
// calls it, and it needs no key. It also serves the images answered as `url` (files/<name>).
import * as z from 'zod';
import { maskKey, WORKSPACES } from './auth';
import { ScriptedReplySchema } from './completionText';
import { ErrorShapeSchema } from './errorShapes';
import type { Exchange } from './exchange';
import { CatalogShapeSchema } from './catalogShapes';
import { FaultRequestSchema, ModelDownRequestSchema } from './faults';
import { FILES_ROUTE } from './imageFiles';
import type { EmulatorState } from './state';

export const CONTROL_PREFIX = '/__emulator/';

const RepliesSchema = z.object({ replies: z.array(ScriptedReplySchema).min(1) });
const ErrorShapeRequestSchema = z.object({ shape: ErrorShapeSchema });
const BillingSchema = z.object({
  key: z.string().min(1),
  balanceRub: z.number().nullable().optional(),
  spendLimitRub: z.number().min(0).nullable().optional(),
});

export async function handleControl(ex: Exchange, state: EmulatorState, pathname: string): Promise<void> {
  const action = `${ex.req.method ?? ''} ${pathname.slice(CONTROL_PREFIX.length)}`;
  if (action.startsWith(`GET ${FILES_ROUTE}`)) return serveFile(ex, state, pathname.slice(CONTROL_PREFIX.length + FILES_ROUTE.length));
  switch (action) {
    case 'GET requests':
      return ex.json(200, { requests: state.log.list() });
    case 'POST reset':
      state.reset();
      return ex.json(200, { ok: true });
    case 'POST faults': {
      const body = await parse(ex, FaultRequestSchema);
      if (!body) return;
      state.faults.push(body.endpoint, body.faults);
      return ex.json(200, { queued: body.faults.length });
    }
    case 'POST model-down': {
      const body = await parse(ex, ModelDownRequestSchema);
      if (!body) return;
      if (body.down) state.downModels.set(body.model, body.down);
      else state.downModels.delete(body.model);
      return ex.json(200, { model: body.model, down: body.down });
    }
    case 'GET charges':
      return ex.json(200, { charges: state.billing.charges });
    case 'POST billing': {
      const body = await parse(ex, BillingSchema);
      if (!body) return;
      const { key, ...limits } = body;
      const account = state.billing.setLimits(key, limits);
      return ex.json(200, { keyPrefix: maskKey(key), ...account });
    }
    case 'POST error-shape': {
      const body = await parse(ex, ErrorShapeRequestSchema);
      if (!body) return;
      state.errorShape = body.shape;
      return ex.json(200, { shape: body.shape });
    }
    case 'POST catalog': {
      const body = await parse(ex, z.object({ shape: CatalogShapeSchema }));
      if (!body) return;
      state.catalogShape = body.shape;
      return ex.json(200, { shape: body.shape });
    }
    case 'POST cache': {
      const body = await parse(ex, z.object({ on: z.boolean() }));
      if (!body) return;
      state.cacheMode = body.on;
      return ex.json(200, { on: body.on });
    }
    case 'POST workspace': {
      const body = await parse(ex, z.object({ workspace: z.enum(WORKSPACES).nullable() }));
      if (!body) return;
      state.servedWorkspace = body.workspace ?? undefined;
      return ex.json(200, { workspace: body.workspace });
    }
    case 'POST replies': {
      const body = await parse(ex, RepliesSchema);
      if (!body) return;
      state.scriptedReplies.push(...body.replies);
      return ex.json(200, { queued: body.replies.length });
    }
    default:
      return ex.error(
        404,
        'not_found',
        `${action} is not a control action: use GET requests, charges or files/<name>, POST faults, model-down, replies, billing, cache, catalog, error-shape, workspace or reset.`,
      );
  }
}

/** An image answered as `url`: the PNG itself, to whoever has the URL (as upstream's signed URLs). */
function serveFile(ex: Exchange, state: EmulatorState, name: string): void {
  const png = state.files.get(name);
  if (!png) return ex.error(404, 'not_found', `No image file ${name}: files are kept until the emulator is reset.`);
  ex.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
  ex.res.end(png);
}

async function parse<T extends z.ZodType>(ex: Exchange, schema: T): Promise<z.infer<T> | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(await ex.readBody());
  } catch {
    ex.error(400, 'invalid_request', 'Send a JSON body.');
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  ex.error(400, 'invalid_request', z.prettifyError(parsed.error));
  return undefined;
}
