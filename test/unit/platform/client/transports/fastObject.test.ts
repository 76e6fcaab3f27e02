// fastObject is z.object compiled: for the same shape it must accept, strip and refuse exactly
// what z.object does. Both run here on the same inputs and must agree, down to the issue paths.
import * as assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { fastObject } from '#src/platform/client/transports/fastObject';

describe('fastObject (the compiled z.object for stream events)', () => {
  const shape = (object: typeof z.object) =>
    object({
      type: z.string(),
      index: z.optional(z.int()),
      delta: z.optional(object({ text: z.nullish(z.string()), pieces: z._default(z.array(object({ n: z.number() })), []) })),
    });
  const compiled = shape(fastObject as typeof z.object);
  const plain = shape(z.object);

  const inputs: unknown[] = [
    { type: 'content_block_delta', index: 1, delta: { text: 'hi', pieces: [{ n: 1, extra: true }] }, unknown: 'dropped' },
    { type: 'ping' },
    { type: 'x', delta: { text: null } },
    { type: 'x', index: 1.5 },
    { type: 5 },
    { type: 'x', delta: { text: 7 } },
    { type: 'x', delta: { pieces: [{ n: 'one' }] } },
    null,
    'text',
    [],
  ];

  it('gives the same result as z.object for every input: the data with unknown keys stripped, or the same issues', () => {
    for (const input of inputs) {
      const [a, b] = [compiled.safeParse(input), plain.safeParse(input)];
      assert.equal(a.success, b.success, JSON.stringify(input));
      if (a.success && b.success) assert.deepEqual(a.data, b.data);
      else
        assert.deepEqual(
          a.error?.issues.map((i) => [i.code, i.path]),
          b.error?.issues.map((i) => [i.code, i.path]),
          JSON.stringify(input),
        );
    }
  });

  it('strips what the shape does not name, at every depth, and fills defaults', () => {
    assert.deepEqual(compiled.parse(inputs[0]), { type: 'content_block_delta', index: 1, delta: { text: 'hi', pieces: [{ n: 1 }] } });
    assert.deepEqual(compiled.parse({ type: 'x', delta: {} }), { type: 'x', delta: { pieces: [] } });
  });

  it('refuses what z.object refuses: a wrong type at depth, a non-object', () => {
    assert.equal(compiled.safeParse({ type: 'x', delta: { pieces: [{ n: 'one' }] } }).success, false);
    assert.equal(compiled.safeParse(null).success, false);
    assert.equal(compiled.safeParse({}).success, false);
  });
});
