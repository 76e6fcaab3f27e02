// The object schema for what a stream checks on every event. zod/mini's z.object checks an
// object field by field through generic code; zod's own compiled object ($ZodObjectJIT, what
// classic zod's z.object is) writes a parser for the shape once, and checks a stream event four
// to five times as fast. This is that object with the mini API, without classic zod's 97 KB.
// It compiles with `new Function`, which the extension host allows; where eval is not allowed
// (a webview's CSP) zod uses the generic path by itself.
import * as z from 'zod/mini';
import * as core from 'zod/v4/core';

// Annotated, as TypeScript wants for the assertion signatures of zod's initialisers.
const initCompiled: (inst: core.$ZodObject, def: core.$ZodObjectDef) => void = core.$ZodObjectJIT.init;
const initMini: (inst: z.ZodMiniType, def: core.$ZodTypeDef) => void = z.ZodMiniType.init;

/** Built as zod/mini builds its object, with the compiled object's initialiser instead of the generic one. */
const ZodMiniObjectJIT: core.$constructor<z.ZodMiniObject> = core.$constructor('ZodMiniObjectJIT', (inst, def) => {
  initCompiled(inst, def);
  initMini(inst, def);
});

/** z.object(shape), compiled: the same checks and the same result (unknown keys stripped). */
export function fastObject<const T extends core.$ZodLooseShape>(shape: T): z.ZodMiniObject<T, core.$strip> {
  return new ZodMiniObjectJIT({ type: 'object', shape }) as unknown as z.ZodMiniObject<T, core.$strip>;
}
