import * as assert from 'node:assert/strict';
import { imagePrompt } from '#src/chat/common/session/slashCommands';

describe('slash commands', () => {
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
});
