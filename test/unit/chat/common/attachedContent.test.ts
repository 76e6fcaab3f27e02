// Files and images attached to a chat message, as each text interface carries them, and a
// message with both answered by the emulator over loopback HTTP (the client is real).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import * as path from 'node:path';
import { FIXTURE_KEYS } from '../../../emulator/index';
import { useEmulator } from '../../../support/useEmulator';
import { imageItem, textFileAttachment } from '#src/chat/common/attachments/attachments';
import { ChatSession } from '#src/chat/common/session/chatSession';
import type { AssistantTurn, ContextItem, Turn } from '#src/chat/common/conversation/conversation';
import type { ToPageInput } from '#src/chat/common/protocol/protocol';
import { requestMessages, SYSTEM_PROMPT } from '#src/chat/common/session/requestMessages';
import { SetupError, type ModelConnection } from '#src/platform/reply/modelConnection';
import { ServiceClient } from '#src/platform/client/serviceClient';
import { TRANSPORTS } from '#src/platform/client/transports/index';
import { buildTextRequest } from '#src/platform/client/transports/textRequest';
import { attachmentsFolder, storeAttachment } from '#src/chat/common/history/attachmentFiles';
import { useEnglish, useRussian } from '../../l10n/displayLanguage';
import { historyStore, useHistoryFolder } from './fixtures/historyFolder';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PNG_BASE64 = 'iVBORw0KGgoAAAAN';
const fileChip = (): ContextItem => {
  const read = textFileAttachment(new TextEncoder().encode('def area(r):\n    return 3.14 * r * r\n'), { fileName: 'geo.py', path: 'src/geo.py' }, []);
  assert.ok(read.ok);
  return { ...read.item, id: 'ctx_file' };
};
const FILE_TEXT = 'File src/geo.py (python):\n```python\ndef area(r):\n    return 3.14 * r * r\n```\n\nWhat does this chart show, and is area() right?';

describe('chat attachments: the request content on each interface', () => {
  const turns: Turn[] = [
    {
      id: 'u1',
      role: 'user',
      text: 'What does this chart show, and is area() right?',
      mode: 'chat',
      context: [fileChip(), imageItem('/h/attachments/chart.png', 'image/png', PNG.length, { fileName: 'chart.png', path: 'chart.png' })],
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ];
  const messages = requestMessages(turns, {
    instructions: { path: 'AGENTS.md', text: 'Use type hints.' },
    images: new Map([['/h/attachments/chart.png', { mimeType: 'image/png', data: PNG_BASE64 }]]),
  });
  const model = {
    id: 'm',
    architecture: { output_modalities: ['text'], input_modalities: ['text', 'image'] },
    supported_parameters: [],
    supported_endpoint_types: [],
  };
  const body = (name: keyof typeof TRANSPORTS) =>
    TRANSPORTS[name].body(buildTextRequest(model as unknown as Parameters<typeof buildTextRequest>[0], messages).request, false);
  const system = `${SYSTEM_PROMPT}\n\nThe project's instructions, from AGENTS.md; follow them:\n\nUse type hints.`;
  const userMessage = (content: unknown[]) => ({ role: 'user', content });
  // Each interface: where its request puts the instructions and the messages, and what they hold.
  const interfaces: { name: keyof typeof TRANSPORTS; title: string; read: (sent: Record<string, unknown>) => unknown; expected: unknown }[] = [
    {
      name: 'chat-completions',
      title: 'chat completions: the file in the text part, the image as a data URL, the instructions in the system message',
      read: (sent) => sent.messages,
      expected: [
        { role: 'system', content: system },
        userMessage([
          { type: 'text', text: FILE_TEXT },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ]),
      ],
    },
    {
      name: 'responses',
      title: 'Responses: input_text and input_image, the instructions as instructions',
      read: (sent) => [sent.instructions, sent.input],
      expected: [
        system,
        [
          userMessage([
            { type: 'input_text', text: FILE_TEXT },
            { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
          ]),
        ],
      ],
    },
    {
      name: 'messages',
      title: 'Messages: a base64 image block before the text, the instructions in system',
      read: (sent) => [sent.system, sent.messages],
      expected: [
        system,
        [
          userMessage([
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            { type: 'text', text: FILE_TEXT },
          ]),
        ],
      ],
    },
  ];
  for (const { name, title, read, expected } of interfaces) {
    it(title, () => assert.deepEqual(read(body(name)), expected));
  }

  it('an image whose stored file went away is named in its message instead', () => {
    const [, user] = requestMessages(turns, { images: new Map() });
    assert.deepEqual(user, { role: 'user', content: `[The image chart.png is no longer available.]\n\n${FILE_TEXT}` });
  });

  it('a cut file tells the model in English which lines it has, whatever language its chip is in', () => {
    useRussian();
    try {
      const read = textFileAttachment(new TextEncoder().encode('x = 1\n'.repeat(100)), { fileName: 'abc.py', path: 'abc.py' }, [], 550);
      assert.ok(read.ok);
      assert.equal(read.item.note, 'отправлены строки 1–91 из 100');
      const [, user] = requestMessages(
        [{ id: 'u_cut', role: 'user', text: 'And the rest?', mode: 'chat', context: [read.item], createdAt: '2026-01-01T10:00:00.000Z' }],
        {
          images: new Map(),
        },
      );
      assert.deepEqual(user, {
        role: 'user',
        content: `File abc.py (python; only lines 1-91 of 100 are sent, the rest did not fit the context):\n\`\`\`python\n${'x = 1\n'.repeat(91)}\`\`\`\n\nAnd the rest?`,
      });
    } finally {
      useEnglish();
    }
  });
});

describe('chat attachments: a message with a file and an image, against the emulator', () => {
  const { emulator, control } = useEmulator();
  const folder = useHistoryFolder();
  let modelId: string;
  let posted: ToPageInput[];

  beforeEach(() => {
    modelId = 'mira/messenger';
    posted = [];
  });

  async function connect(): Promise<ModelConnection> {
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: FIXTURE_KEYS.alpha, maxRetries: 0 });
    const model = (await client.listModels()).data.find((m) => m.id === modelId);
    if (!model) throw new SetupError('Pick a model.', ['selectModel'], 'No model');
    return { client, model };
  }

  const session = () => new ChatSession({ connect, store: historyStore(folder()), post: (message) => posted.push(message) });
  const stored = async () =>
    imageItem((await storeAttachment(attachmentsFolder(folder()), PNG, 'png')).file, 'image/png', PNG.length, { fileName: 'chart.png', path: 'chart.png' });

  it('a model that takes images sees the image; the conversation file holds its chip, never its bytes', async () => {
    const s = session();
    const image = await stored();
    assert.deepEqual([s.addContext(fileChip()), s.addContext(image)], [{ ok: true }, { ok: true }]);
    assert.deepEqual(await s.send('What does this chart show?'), { ok: true });
    const reply = s.current().turns.at(-1) as AssistantTurn;
    assert.deepEqual([reply.status, reply.text], ['done', 'I see one image (image/png).']);
    const request = (await control.requests()).at(-1);
    assert.deepEqual([request?.endpoint, request?.model, request?.status], ['messages', 'mira/messenger', 200]);
    await s.settled();
    const json = readFileSync(`${folder()}/conversations/${s.current().id}.json`, 'utf8');
    assert.ok(json.includes(image.file!), 'the chip names its stored file');
    assert.ok(!json.includes(Buffer.from(PNG).toString('base64')), 'no image bytes in the conversation');
  });

  it('a model that does not take images: the message is refused before any request, its chips kept', async () => {
    modelId = 'acme/chat-large';
    const s = session();
    const image = await stored();
    s.addContext(image);
    const result = await s.send('What is this?');
    assert.deepEqual(result, { ok: false, message: 'acme/chat-large does not take images: pick a model that does, or remove the images.' });
    assert.deepEqual(
      [s.current().turns.length, s.pendingContext().map((c) => c.id), (await control.requests()).filter((r) => r.endpoint !== 'models').length],
      [0, [image.id], 0],
    );
  });

  it('an image chip whose file went away before sending is said, and nothing is sent', async () => {
    const s = session();
    const image = await stored();
    s.addContext(image);
    await rm(image.file!);
    assert.deepEqual(await s.send('What is this?'), {
      ok: false,
      message: 'The image chart.png is no longer there: remove its chip, attach it again, and send.',
    });
    assert.deepEqual([s.current().turns.length, (await control.requests()).filter((r) => r.endpoint !== 'models').length], [0, 0]);
  });

  it('an image chip removed from the composer, or left there when a new chat starts, takes its file along; one a sent message shows stays', async () => {
    const store = historyStore(folder());
    const s = new ChatSession({ connect, store, post: (message) => posted.push(message) });
    const chip = async (n: number) => {
      const bytes = new Uint8Array([...PNG, n]);
      return imageItem(await store.storeImage(bytes, 'png'), 'image/png', bytes.length, { fileName: `${n}.png`, path: `${n}.png` });
    };
    const [removed, left, sent] = [await chip(1), await chip(2), await chip(3)];
    s.addContext(sent);
    assert.deepEqual(await s.send('What is this?'), { ok: true });
    await s.settled();
    s.addContext(removed);
    s.addContext({ ...sent, id: 'again' });
    s.removeContext(removed.id);
    s.removeContext('again');
    s.addContext(left);
    s.newConversation();
    await store.flushed();
    assert.deepEqual(readdirSync(attachmentsFolder(folder())), [path.basename(sent.file!)]);
  });

  it('an eleventh image is refused with the limit; the ten stay', async () => {
    const s = session();
    const results = [];
    for (let i = 0; i < 11; i++) results.push(s.addContext(imageItem(`/h/${i}.png`, 'image/png', 10, { fileName: `${i}.png`, path: `${i}.png` })).ok);
    assert.deepEqual([results.filter(Boolean).length, results.at(-1), s.pendingContext().length], [10, false, 10]);
    assert.equal(posted.filter((m) => m.type === 'context/set').length, 10);
  });
});
