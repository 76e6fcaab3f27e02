import * as assert from 'node:assert/strict';
import { ModelListSchema } from '#src/platform/client/catalog/schemas';
import { statusBarView } from '#src/models/common/statusBarModel';

const chatLarge = ModelListSchema().parse({
  object: 'list',
  data: [{ id: 'acme/chat-large', available: true, architecture: { output_modalities: ['text'] }, supported_parameters: ['max_tokens', 'temperature'] }],
}).data[0]!;

describe('statusBarView', () => {
  it('asks for the service address first', () => {
    const view = statusBarView({ hasBaseUrl: false, hasKey: false });
    assert.equal(view.action, 'setBaseUrl');
    assert.match(view.text, /set address/);
    assert.equal(view.accessibleLabel, 'Multi-Model AI: the service address is not set');
  });

  it('then for the key', () => {
    const view = statusBarView({ hasBaseUrl: true, hasKey: false, modelId: 'acme/chat-large' });
    assert.equal(view.action, 'setApiKey');
    assert.match(view.text, /set API key/);
    assert.equal(view.accessibleLabel, 'Multi-Model AI: no API key is stored');
  });

  it('then for a model', () => {
    const view = statusBarView({ hasBaseUrl: true, hasKey: true });
    assert.deepEqual([view.action, view.text], ['selectModel', '$(sparkle) Select model']);
    assert.equal(view.accessibleLabel, 'Multi-Model AI: no model is selected');
  });

  it("shows the model's short name; the tooltip has its id and what it accepts", () => {
    const view = statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large', entry: chatLarge });
    assert.equal(view.text, '$(sparkle) chat-large');
    assert.match(view.tooltip, /^acme\/chat-large\nAccepts: max_tokens · temperature\n/);
    assert.equal(view.warning, false);
  });

  it('warns when the model cannot be used, with the reason', () => {
    const view = statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'zeta/reasoner-pro', unusableReason: 'Not included in this plan' });
    assert.equal(view.text, '$(warning) reasoner-pro');
    assert.equal(view.accessibleLabel, 'Multi-Model AI: model zeta/reasoner-pro. Not included in this plan');
    assert.match(view.tooltip, /Not included in this plan/);
    assert.equal(view.warning, true);
  });

  it('still names the model when the catalog could not be read', () => {
    const view = statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large', catalogProblem: 'Check your connection.' });
    assert.equal(view.text, '$(sparkle) chat-large');
    assert.match(view.tooltip, /Could not read the model list: Check your connection\./);
  });

  it('Versioning 3: says when the legacy address is in use, and where the move is offered', () => {
    const view = statusBarView({
      hasBaseUrl: true,
      hasKey: true,
      modelId: 'acme/chat-large',
      entry: chatLarge,
      legacyBaseUrl: 'https://old.example.com/legacy/v1',
    });
    assert.equal(
      view.tooltip,
      "acme/chat-large\nAccepts: max_tokens · temperature\nUses the legacy address https://old.example.com/legacy/v1: 'Multi-Model AI: Verify Connection' offers the current one.\nClick to pick another model.",
    );
  });

  it('names the key in use and its spend in the tooltip, and its name beside the model when several keys are stored', () => {
    const one = statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large', keyLabel: 'work · sk_live_0123…', spend: { rub: 8, answers: 2 } });
    assert.equal(one.text, '$(sparkle) chat-large');
    // Its own words for a screen reader, not the icons' names.
    assert.equal(one.accessibleLabel, 'Multi-Model AI: model acme/chat-large');
    assert.equal(
      one.tooltip,
      "acme/chat-large\nKey: work · sk_live_0123…\nSpent since VS Code started: ≈ 8.00 ₽ (2 answers, at the catalog's prices; answers stopped or cut off report no usage, so they are not counted)\nClick to pick another model.",
    );
    const several = statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large', keyLabel: 'work · sk_live_0123…', keyName: 'work' });
    assert.equal(several.text, '$(sparkle) chat-large · $(key) work');
    assert.equal(several.accessibleLabel, 'Multi-Model AI: model acme/chat-large, key work');
  });

  it('warns near or at the key’s budget: the warning colours, an icon, and the tooltip and the screen reader say it', () => {
    const warning = 'The key work has spent 245 ₽ of its 300 ₽ budget for today.';
    const view = statusBarView({ hasBaseUrl: true, hasKey: true, modelId: 'acme/chat-large', keyName: 'work', budgetWarning: warning });
    assert.equal(view.warning, true);
    assert.equal(view.text, '$(warning) chat-large · $(key) work');
    assert.equal(view.tooltip, `acme/chat-large\n${warning}\nClick to pick another model.`);
    assert.equal(view.accessibleLabel, `Multi-Model AI: model acme/chat-large, key work. ${warning}`);
  });
});
