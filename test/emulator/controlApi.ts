// The control API under /__emulator/: tests queue faults and scripted replies, read the
// request records and reset. The extension never calls it, and it needs no key.
import * as z from 'zod';
import type { Exchange } from './exchange';
import { FaultRequestSchema } from './faults';
import type { EmulatorState } from './state';

export const CONTROL_PREFIX = '/__emulator/';

const RepliesSchema = z.object({ replies: z.array(z.string()).min(1) });

export async function handleControl(ex: Exchange, state: EmulatorState, pathname: string): Promise<void> {
  const action = `${ex.req.method ?? ''} ${pathname.slice(CONTROL_PREFIX.length)}`;
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
    case 'POST replies': {
      const body = await parse(ex, RepliesSchema);
      if (!body) return;
      state.scriptedReplies.push(...body.replies);
      return ex.json(200, { queued: body.replies.length });
    }
    default:
      return ex.error(404, 'not_found', `${action} is not a control action: use GET requests, POST faults, replies or reset.`);
  }
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
