import * as assert from 'node:assert/strict';
import { useEnglish, useRussian } from '../../l10n/displayLanguage';
import {
  budgeted,
  checkKeyName,
  chosenBy,
  keyIdentity,
  keyInUse,
  keyLabel,
  type KeyList,
  keyName,
  loggedKeyLabel,
  loggedKeyName,
  offeredKeyName,
  readKeyList,
  renamed,
  secretName,
  withKey,
  withoutKey,
} from '#src/platform/keys/keyList';

// Keys the person named.
const work = { id: 'k-work', name: 'work', projects: ['file:///home/me/work'], named: true as const };
const home = { id: 'k-home', name: 'Home', projects: [], named: true as const };
const list: KeyList = { keys: [work, home], defaultId: 'k-home' };

describe('the named key list', () => {
  it('reads what it wrote, and nothing from unreadable or foreign state', () => {
    assert.deepEqual(readKeyList(JSON.parse(JSON.stringify(list))), list);
    assert.deepEqual(readKeyList(undefined), { keys: [] });
    assert.deepEqual(readKeyList({ keys: 'sk_test_alpha' }), { keys: [] });
    assert.deepEqual(readKeyList({ keys: [{ id: '../x', name: 'bad' }] }), { keys: [] });
    // A default that names no key falls to the first; entries without projects get none.
    assert.deepEqual(readKeyList({ keys: [{ id: 'a', name: 'A' }], defaultId: 'gone' }), { keys: [{ id: 'a', name: 'A', projects: [] }], defaultId: 'a' });
    // Whether the person named a key is kept; only `true` is written.
    assert.deepEqual(
      readKeyList({
        keys: [
          { id: 'a', name: 'A', named: true },
          { id: 'b', name: 'B', named: false },
        ],
      }).keys,
      [
        { id: 'a', name: 'A', projects: [], named: true },
        { id: 'b', name: 'B', projects: [] },
      ],
    );
  });

  it('keeps a key’s budget with its name; an unreadable budget is none, and the key stays', () => {
    const budgetedList = budgeted(list, 'k-work', { dayRub: 300, monthRub: 5000 });
    assert.deepEqual(budgetedList.keys[0], { ...work, budget: { dayRub: 300, monthRub: 5000 } });
    assert.deepEqual(readKeyList(JSON.parse(JSON.stringify(budgetedList))), budgetedList);
    // A period left out has no budget; a budget of nothing is not kept.
    assert.deepEqual(budgeted(budgetedList, 'k-work', { monthRub: 800 }).keys[0], { ...work, budget: { monthRub: 800 } });
    assert.deepEqual(budgeted(budgetedList, 'k-work', {}).keys[0], work);
    assert.deepEqual(readKeyList({ keys: [{ id: 'a', name: 'A', budget: { dayRub: -1 } }] }).keys, [{ id: 'a', name: 'A', projects: [] }]);
    assert.deepEqual(readKeyList({ keys: [{ id: 'a', name: 'A', budget: 'lots' }] }).keys, [{ id: 'a', name: 'A', projects: [] }]);
  });

  it('keeps each secret under its own entry', () => {
    assert.equal(secretName('k-work'), 'multiModelAI.apiKey.k-work');
  });

  it('names a key by its name and masked prefix', () => {
    assert.equal(keyLabel({ name: 'work', maskedPrefix: 'sk_live_0123…' }), 'work · sk_live_0123…');
    assert.equal(loggedKeyLabel({ loggedName: 'Default', maskedPrefix: 'sk_live_0123…' }), 'Default · sk_live_0123…');
  });

  describe('a key the person did not name', () => {
    const north = { id: 'k-north', name: 'north', projects: [] };
    const south = { id: 'k-south', name: 'south', projects: [] };
    const both: KeyList = { keys: [north, south], defaultId: 'k-north' };
    afterEach(useEnglish);

    it('is called "Default" while it is the only key or the default, and by its folder otherwise', () => {
      assert.equal(keyName(north, { keys: [north], defaultId: 'k-north' }), 'Default');
      assert.equal(keyName(north, both), 'Default');
      assert.equal(keyName(south, both), 'south');
      assert.equal(keyName(north, { ...both, defaultId: 'k-south' }), 'north');
      assert.deepEqual(keyIdentity(north, both, 'sk_live_0123…'), { id: 'k-north', name: 'Default', loggedName: 'Default', maskedPrefix: 'sk_live_0123…' });
    });

    it('is called «По умолчанию» in Russian, and "Default" in the log', () => {
      useRussian();
      assert.equal(keyName(north, both), 'По умолчанию');
      assert.equal(loggedKeyName(north, both), 'Default');
      assert.deepEqual(keyIdentity(north, both, 'sk_live_0123…'), {
        id: 'k-north',
        name: 'По умолчанию',
        loggedName: 'Default',
        maskedPrefix: 'sk_live_0123…',
      });
    });

    it('keeps the name the person gave, even as the only key or the default', () => {
      const named = { ...north, named: true as const };
      assert.equal(keyName(named, { keys: [named], defaultId: 'k-north' }), 'north');
      assert.equal(loggedKeyName(named, { keys: [named], defaultId: 'k-north' }), 'north');
      assert.deepEqual(renamed(both, 'k-north', 'north').keys[0], { ...north, named: true });
      assert.equal(keyName(renamed(both, 'k-north', 'north').keys[0]!, both), 'north');
    });

    it('gives a new key no name the default key is shown by', () => {
      assert.deepEqual(checkKeyName('default', both), { ok: false, message: 'A key named "Default" exists already: choose another name.' });
      assert.equal(offeredKeyName(undefined, both), 'Default 2');
      useRussian();
      assert.deepEqual(checkKeyName('по умолчанию', both), { ok: false, message: 'Ключ с именем «По умолчанию» уже есть: выберите другое имя.' });
      assert.equal(offeredKeyName(undefined, both, true), 'По умолчанию 2');
    });
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
