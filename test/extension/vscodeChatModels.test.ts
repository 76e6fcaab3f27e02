// What VS Code's chat gets from the provider beyond text, in the real extension host: thinking
// as its own parts, each model described where it is picked, the reasoning effort picked there,
// and images to the models that take them on each interface.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AUTO, useLanguageModelProvider } from './providerHarness';
import { emulator } from './shellHarness';
import { useTestHandle } from '../support/useTestHandle';

type Message = vscode.LanguageModelChatRequestMessage;
type Part = vscode.LanguageModelResponsePart;

/** LanguageModelThinkingPart: a proposed class; the provider reports thinking with it where VS Code has it. */
const ThinkingPart = (vscode as unknown as { LanguageModelThinkingPart?: new (value: string) => { value: string | string[] } }).LanguageModelThinkingPart;
/** LanguageModelDataPart, with its image() factory. */
const DataPart = (vscode as unknown as { LanguageModelDataPart?: { image(data: Uint8Array, mime: string): unknown } }).LanguageModelDataPart;
/** A real 1x1 PNG. */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

/** The parts by kind, each kind's text joined: what a person reads in the Thinking block and in the answer. */
function read(parts: readonly Part[]): { thinking: string; text: string; other: number } {
  const thinking = parts.flatMap((p) => (ThinkingPart && p instanceof ThinkingPart ? [p.value].flat() : [])).join('');
  const text = parts.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
  const other = parts.filter((p) => !(p instanceof vscode.LanguageModelTextPart) && !(ThinkingPart && p instanceof ThinkingPart)).length;
  return { thinking, text, other };
}

describe('VS Code chat, second pass: thinking, descriptions, reasoning effort and images', function () {
  this.timeout(60_000);
  const api = useTestHandle();
  const { info, ask } = useLanguageModelProvider(api);
  afterEach(async () => {
    // The extension keeps the catalog it read for minutes: later tests must see the spec's.
    await emulator().setCatalogShape('spec');
    await api.connection.models({ refresh: true });
  });

  it("a thinking model's reasoning comes as LanguageModelThinkingPart where VS Code has the class, never in the text; text only where it has not", async () => {
    await emulator().queueReplies([
      { reasoning: 'Closures keep their scope; an example shows it best.', text: 'A closure keeps the variables it was made with.' },
    ]);
    const answer = read(await ask('nova/responder', [vscode.LanguageModelChatMessage.User('Explain closures')]));
    assert.deepEqual(answer, {
      thinking: ThinkingPart ? 'Closures keep their scope; an example shows it best.' : '',
      text: 'A closure keeps the variables it was made with.',
      other: 0,
    });
  });

  it('the reasoning effort picked in the chat (modelConfiguration) is sent: Mira Messenger thinks over Messages only when asked to', async () => {
    const mira = await info('mira/messenger');
    assert.deepEqual([mira.configurationSchema !== undefined, (await info('acme/chat-large')).configurationSchema], [true, undefined]);
    const question = [vscode.LanguageModelChatMessage.User('Explain closures')];
    const unset = read(await ask('mira/messenger', question));
    const low = read(await ask('mira/messenger', question, { ...AUTO, modelConfiguration: { reasoningEffort: 'low' } }));
    assert.equal(unset.thinking, '');
    assert.equal(low.thinking, ThinkingPart ? 'The question is about "Explain closures". First check what is asked, then answer briefly with an example.' : '');
    assert.equal(low.text, unset.text);
  });

  it('each model is described where it is picked: with the catalog prices, and without them', async () => {
    const mira = await info('mira/messenger');
    assert.deepEqual(
      [mira.detail, mira.tooltip],
      [
        'Multi-Model AI · context 100,000 · ≈ 300.00 ₽ / ≈ 1,500.00 ₽ per 1M',
        'Mira Messenger (mira/messenger) through Multi-Model AI, over its Messages interface. Context: 100,000 tokens. ' +
          'Price per million tokens: ≈ 300.00 ₽ in, ≈ 1,500.00 ₽ out. Thinks before it answers. Takes images. Calls tools (agent mode).',
      ],
    );
    // New API lists ids and interfaces only: no prices, context, modalities or parameters.
    await emulator().setCatalogShape('new-api');
    await api.connection.models({ refresh: true });
    const plain = await info('acme/chat-large');
    assert.deepEqual(
      [plain.detail, plain.tooltip],
      [
        'Multi-Model AI · context 32,000',
        'acme/chat-large through Multi-Model AI, over its chat completions interface. Context: 32,000 tokens. The catalog gives no price. ' +
          'Answers without thinking. Takes no images. Calls no tools (not in agent mode).',
      ],
    );
  });

  describe('an image attached in the chat (LanguageModelDataPart)', () => {
    before(function () {
      if (!DataPart) this.skip();
    });

    const withImage = (): Message[] => [
      vscode.LanguageModelChatMessage.User([
        new vscode.LanguageModelTextPart('What is this?'),
        DataPart!.image(PNG, 'image/png') as vscode.LanguageModelTextPart,
      ]),
    ];

    for (const [model, endpoint] of [
      ['mira/messenger', 'messages'],
      ['nova/responder', 'responses'],
      ['acme/chat-mini', 'chat'],
    ] as const) {
      it(`goes to ${model}, which takes images, over ${endpoint}`, async () => {
        // Nova Responder thinks whatever is asked; Mira Messenger only with a reasoning effort; Acme Chat Mini never.
        const thinking =
          ThinkingPart && model === 'nova/responder'
            ? 'The question is about "What is this?". First check what is asked, then answer briefly with an example.'
            : '';
        assert.deepEqual(read(await ask(model, withImage())), { thinking, text: 'I see one image (image/png).', other: 0 });
        const sent = (await emulator().requests()).filter((r) => r.endpoint !== 'models');
        assert.deepEqual(
          sent.map((r) => [r.endpoint, r.model, r.status]),
          [[endpoint, model, 200]],
        );
      });
    }

    it('is refused with why for a model that takes none, and nothing is sent', async () => {
      const error = await ask('acme/chat-large', withImage()).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof vscode.LanguageModelError, String(error));
      assert.equal(error.message, 'This model does not accept images: remove the image, or pick a model that accepts images.');
      assert.deepEqual(
        (await emulator().requests()).filter((r) => r.endpoint !== 'models'),
        [],
      );
    });
  });
});
