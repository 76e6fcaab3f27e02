import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_SECTION, Commands, Settings, WALKTHROUGH_ID } from '#src/platform/manifest/ids';

const root = join(__dirname, '../../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  activationEvents?: string[];
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, { scope?: string; markdownDescription?: string; description?: string }> };
    walkthroughs: { id: string; steps: { description: string; media: { markdown?: string } }[] }[];
  };
};
// The manifest's texts are `%key%` references into package.nls.json (the English).
const english = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const text = (value: string): string => value.replace(/^%(.+)%$/, (reference, key: string) => english[key] ?? reference);

describe('ids agree with package.json', () => {
  it('every command constant is contributed, and every contributed command is a constant', () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(contributed, Object.values(Commands).sort());
  });

  it('every setting constant is contributed, and every contributed setting is a constant', () => {
    const contributed = Object.keys(manifest.contributes.configuration.properties).sort();
    assert.deepEqual(contributed, Object.values(Settings).sort());
    for (const key of contributed) assert.ok(key.startsWith(`${CONFIG_SECTION}.`), key);
  });

  it('every setting has a description written for a user', () => {
    for (const [key, property] of Object.entries(manifest.contributes.configuration.properties)) {
      const description = text(property.markdownDescription ?? property.description ?? '');
      assert.ok(description.length > 40, `${key} needs a description`);
    }
  });

  it('the base URL cannot be set by a workspace (a folder must not redirect the key)', () => {
    const scope = manifest.contributes.configuration.properties[Settings.baseUrl]?.scope;
    assert.ok(scope === 'machine' || scope === 'application', `scope is ${scope}`);
  });

  it('activates once start-up is finished (the status bar shows the model and key; its Quick Fixes), on its own commands, views and vendor, never on "*"', () => {
    assert.ok(manifest.activationEvents?.includes('onStartupFinished'));
    for (const event of manifest.activationEvents ?? []) {
      assert.match(event, /^((onCommand|onView|onWebviewPanel):multiModelAI\.|onLanguageModelChatProvider:multi-model-ai$|onStartupFinished$)/);
    }
  });

  it('the walkthrough exists, links only contributed commands, and its media files are present', () => {
    const walkthrough = manifest.contributes.walkthroughs.find((w) => w.id === WALKTHROUGH_ID);
    assert.ok(walkthrough);
    const commands = new Set<string>(Object.values(Commands));
    for (const step of walkthrough.steps) {
      for (const [, id] of text(step.description).matchAll(/\(command:([\w.]+)\)/g)) assert.ok(commands.has(id!), id);
      assert.ok(step.media.markdown && existsSync(join(root, step.media.markdown)), step.media.markdown);
    }
  });
});
