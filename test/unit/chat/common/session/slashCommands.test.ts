import * as assert from 'node:assert/strict';
import { commandOfMode, parseSlashCommand, slashCommand, slashCommands, slashCommandViews } from '#src/chat/common/session/slashCommands';
import { imageAnswer } from '#src/chat/common/session/imageAnswer';
import { useEnglish, useRussian } from '../../../l10n/displayLanguage';

/** What follows `/image`, if `text` is an image command. */
const imagePrompt = (text: string): string | undefined => {
  const parsed = parseSlashCommand(text);
  return parsed?.command.name === 'image' ? parsed.argument : undefined;
};

describe('slash commands', () => {
  afterEach(() => useEnglish());

  it('reads the prompt after /image, and only there', () => {
    assert.deepEqual(
      [
        imagePrompt('/image a red fox'),
        imagePrompt('  /image\n  a fox\n on a hill '),
        imagePrompt('/image'),
        imagePrompt('/images of foxes'),
        imagePrompt('draw /image x'),
      ],
      ['a red fox', 'a fox\n on a hill', '', undefined, undefined],
    );
  });

  it('names no command for a slash word it does not know', () => {
    assert.deepEqual([parseSlashCommand('/paint a fox'), parseSlashCommand('/'), parseSlashCommand('/Image a fox')], [undefined, undefined, undefined]);
  });

  it('each command has one name and one mode, and is found by both', () => {
    const names = slashCommands().map((command) => command.name);
    const modes = slashCommands().map((command) => command.mode);
    assert.deepEqual([names, modes], [['image'], ['image']]);
    assert.equal(new Set(names).size, names.length);
    assert.equal(new Set(modes).size, modes.length);
    assert.equal(commandOfMode('image'), slashCommand('image'));
    assert.deepEqual([commandOfMode('chat'), commandOfMode('explain'), slashCommand('chat')], [undefined, undefined, undefined]);
  });

  it('/image is answered with images, and its turns are not text for a model', () => {
    assert.equal(slashCommand('image')!.answer, imageAnswer);
    assert.equal(slashCommand('image')!.textForModel, false);
  });

  it('words what the pages show of each command in English and in Russian', () => {
    const english = [
      {
        name: 'image',
        description: 'Start a message with /image to make an image.',
        placeholder: 'or /image and a description to make an image',
      },
    ];
    assert.deepEqual(slashCommandViews(), english);
    assert.equal(slashCommand('image')!.usage(), 'Describe the image after /image, e.g. "/image a flat icon of a red fox".');
    useRussian();
    assert.deepEqual(slashCommandViews(), [
      {
        name: 'image',
        description: 'Чтобы создать изображение, начните сообщение с /image.',
        placeholder: 'или /image и описание, чтобы создать изображение',
      },
    ]);
    assert.equal(slashCommand('image')!.usage(), 'Опишите изображение после /image, например «/image плоская иконка рыжей лисы».');
  });
});
