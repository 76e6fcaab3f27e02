// An image order: every choice made once, before sending; Retry sends the very same order, so
// images the service made before the answer was lost are handed back, not charged again.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import type { ModelEntry } from '#src/platform/client/catalog/schemas';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { ServiceError } from '#src/platform/client/errors/serviceError';
import { runImageJob, type ImageJobResult } from '#src/images/common/imageJob';
import { prepareImageOrder, sendImageOrder, type ImageOrder, type OrderSteps } from '#src/images/common/imageOrder';

describe('image orders: asked once, sent again unchanged by Retry', () => {
  const harness = useEmulator();
  let dir: string;
  let client: ServiceClient;
  let generator: ModelEntry;
  let asked: string[];
  let failures: { error: unknown; retry: () => Promise<ImageJobResult | undefined> }[];
  let made: string[][];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mmai-image-order-'));
    client = new ServiceClient({ baseUrl: harness.emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha });
    generator = (await client.listModels()).data.find((m) => m.id === 'pixel/image-gen') as ModelEntry;
    asked = [];
    failures = [];
    made = [];
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** The person picks the generator, 1536x1024 and two images. */
  const prepare = () =>
    prepareImageOrder(
      { endpoint: 'image-generation', prompt: 'a red fox', folder: dir },
      {
        model: async () => (asked.push('model'), generator),
        options: async () => (asked.push('options'), { size: '1536x1024', n: 2 }),
      },
    );

  const steps = (onMade: (result: ImageJobResult) => Promise<void> = async (r) => void made.push(r.files)): OrderSteps<ImageJobResult> => ({
    send: (order) => runImageJob({ ...order, client }),
    made: onMade,
    failed: (error, retry) => void failures.push({ error, retry }),
  });

  it('Retry after a lost answer sends the same size and count, asks nothing again, and is charged once', async () => {
    const order = (await prepare()) as ImageOrder;
    await harness.control.queueFaults('images', [{ type: 'drop_reply' }, { type: 'drop_reply' }]);
    assert.equal(await sendImageOrder(order, steps()), undefined);
    assert.equal(failures.length, 1);
    assert.ok(failures[0]?.error instanceof ServiceError && failures[0].error.kind === 'network');
    assert.deepEqual(
      (await harness.control.charges()).map((c) => c.amountRub),
      [16],
      'the lost images were made and charged',
    );

    const result = await failures[0].retry();
    assert.deepEqual(
      result?.files.map((f) => path.basename(f)),
      ['a-red-fox.png', 'a-red-fox-2.png'],
    );
    assert.deepEqual(made, [result?.files]);
    for (const file of result?.files ?? []) {
      const png = await readFile(file);
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [256, 171], 'the size picked, fitted to the emulator');
    }
    assert.deepEqual(
      (await harness.control.charges()).map((c) => c.amountRub),
      [16],
      'not charged again',
    );
    const sent = (await harness.control.requests()).filter((r) => r.endpoint === 'images');
    assert.equal(new Set(sent.map((r) => r.clientRequestId)).size, 1, 'one client request id for all three tries');
    assert.deepEqual(asked, ['model', 'options']);
    assert.equal(failures.length, 1);
  });

  it('a dismissed choice sends nothing, and the questions after it are not asked', async () => {
    const order = await prepareImageOrder(
      { endpoint: 'image-generation', prompt: 'a red fox', folder: dir },
      {
        model: async () => (asked.push('model'), undefined),
        options: async () => (asked.push('options'), {}),
      },
    );
    assert.equal(order, undefined);
    assert.deepEqual(asked, ['model']);
  });

  it('a failure after the images were saved is thrown, not offered for Retry: Retry would make and charge new ones', async () => {
    const order = (await prepare()) as ImageOrder;
    await assert.rejects(
      sendImageOrder(
        order,
        steps(() => Promise.reject(new Error('the editor could not open the image'))),
      ),
      /could not open/,
    );
    assert.deepEqual(failures, []);
    assert.deepEqual(
      (await harness.control.charges()).map((c) => c.amountRub),
      [16],
    );
  });
});
