import * as assert from 'node:assert/strict';
import {
  checkKeyName,
  chosenBy,
  keyInUse,
  keyLabel,
  type KeyList,
  offeredKeyName,
  readKeyList,
  renamed,
  secretName,
  withKey,
  withoutKey,
} from '#src/platform/keys/keyList';

const work = { id: 'k-work', name: 'work', projects: ['file:///home/me/work'] };
const home = { id: 'k-home', name: 'Home', projects: [] };
const list: KeyList = { keys: [work, home], defaultId: 'k-home' };

describe('the named key list', () => {
  it('reads what it wrote, and nothing from unreadable or foreign state', () => {
    assert.deepEqual(readKeyList(JSON.parse(JSON.stringify(list))), list);
    assert.deepEqual(readKeyList(undefined), { keys: [] });
    assert.deepEqual(readKeyList({ keys: 'sk_test_alpha' }), { keys: [] });
    assert.deepEqual(readKeyList({ keys: [{ id: '../x', name: 'bad' }] }), { keys: [] });
    // A default that names no key falls to the first; entries without projects get none.
    assert.deepEqual(readKeyList({ keys: [{ id: 'a', name: 'A' }], defaultId: 'gone' }), { keys: [{ id: 'a', name: 'A', projects: [] }], defaultId: 'a' });
  });

  it('keeps each secret under its own entry', () => {
    assert.equal(secretName('k-work'), 'multiModelAI.apiKey.k-work');
  });

  it('names a key by its name and masked prefix', () => {
    assert.equal(keyLabel({ name: 'work', maskedPrefix: 'sk_live_0123…' }), 'work · sk_live_0123…');
  });

  it('a project uses its own choice, else the default, and says when its choice is gone', () => {
    assert.deepEqual(keyInUse(list, 'k-work'), { record: work, fellBack: false });
    assert.deepEqual(keyInUse(list, undefined), { record: home, fellBack: false });
    assert.deepEqual(keyInUse(list, 'k-removed'), { record: home, fellBack: true });
    assert.deepEqual(keyInUse({ keys: [] }, 'k-removed'), { record: undefined, fellBack: true });
  });

  it('the first key added becomes the default; removing the default makes the next key the default', () => {
    const one = withKey({ keys: [] }, work);
    assert.equal(one.defaultId, 'k-work');
    assert.equal(withKey(one, home).defaultId, 'k-work');
    assert.deepEqual(withoutKey(list, 'k-home'), { keys: [work], defaultId: 'k-work' });
    assert.deepEqual(withoutKey({ keys: [work], defaultId: 'k-work' }, 'k-work'), { keys: [] });
  });

  it('renames one key, and records a project under the one key it chose', () => {
    assert.deepEqual(
      renamed(list, 'k-home', 'Personal').keys.map((k) => k.name),
      ['work', 'Personal'],
    );
    const moved = chosenBy(list, 'file:///home/me/work', 'k-home');
    assert.deepEqual(
      moved.keys.map((k) => k.projects),
      [[], ['file:///home/me/work']],
    );
    assert.deepEqual(
      chosenBy(moved, 'file:///home/me/work', undefined).keys.map((k) => k.projects),
      [[], []],
    );
  });

  it('offers the folder name, else "Default", numbered when taken', () => {
    assert.equal(offeredKeyName('site', list), 'site');
    assert.equal(offeredKeyName('Work', list), 'Work 2');
    assert.equal(offeredKeyName(undefined, list), 'Default');
    assert.equal(offeredKeyName('  ', { keys: [{ id: 'd', name: 'Default', projects: [] }] }), 'Default 2');
  });

  it('refuses an empty, duplicate, overlong or key-shaped name', () => {
    assert.deepEqual(checkKeyName('  my   site ', list), { ok: true, name: 'my site' });
    assert.deepEqual(checkKeyName(' ', list), { ok: false, message: 'Give the key a name, such as the project it serves.' });
    assert.deepEqual(checkKeyName('WORK', list), { ok: false, message: 'A key named "work" exists already: choose another name.' });
    assert.deepEqual(checkKeyName('Work', list, 'k-work'), { ok: true, name: 'Work' });
    assert.deepEqual(checkKeyName('x'.repeat(61), list), { ok: false, message: 'A key name has at most 60 characters.' });
    assert.deepEqual(checkKeyName('sk_live_0123456789abcdef', list), {
      ok: false,
      message: 'This looks like the key itself: type a name for it, such as the project it serves.',
    });
  });
});
