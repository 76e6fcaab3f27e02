import * as assert from 'node:assert/strict';
import { parseUsageLine, usageLine, usageTokens } from '#src/platform/usage/usageEntry';
import { entry } from '../../usage/common/fixtures/usageEntries';

describe('usage entry', () => {
  it('is written as one line of JSON that reads back the same', () => {
    const { v: _v, ...written } = entry('2026-11-26T10:00:00.000Z');
    const line = usageLine(written);
    assert.equal(
      line,
      '{"v":2,"time":"2026-11-26T10:00:00.000Z","model":"alpha-chat","interface":"chat-completions","key":{"id":"sk-…a1b2","name":"Default"},"project":"shop","source":"chat","tokens":{"in":100,"out":20,"cached":0},"costRub":1.5}\n',
    );
    assert.deepEqual(parseUsageLine(line.trim()), entry('2026-11-26T10:00:00.000Z'));
  });

  it('an answer that reported no usage has no tokens and no cost', () => {
    const line =
      '{"v":2,"time":"2026-11-26T10:00:00.000Z","model":"m","interface":"responses","key":{"id":"k","name":"Default"},"project":"","source":"vscodeChat"}';
    const noUsage = { v: 2, time: '2026-11-26T10:00:00.000Z', model: 'm', interface: 'responses', key: { id: 'k', name: 'Default' }, project: '' };
    assert.deepEqual(parseUsageLine(line), { ...noUsage, source: 'vscodeChat' });
  });

  it('a version 1 entry (no interface, key, project or cached tokens) is read with those empty', () => {
    const line = '{"time":"2026-10-31T23:30:00+03:00","model":"m","source":"refactor","tokens":{"in":5,"out":6},"costRub":0.25}';
    const read = { v: 1, time: '2026-10-31T23:30:00+03:00', model: 'm', interface: '', key: { id: '', name: '' }, project: '', source: 'refactor' };
    assert.deepEqual(parseUsageLine(line), { ...read, tokens: { in: 5, out: 6, cached: 0 }, costRub: 0.25 });
  });

  it('keeps what caching saved, negative when writing to the cache cost more; an entry without it saved nothing', () => {
    const { v: _v, ...written } = entry('2026-11-26T10:00:00.000Z', { tokens: { in: 19_200, out: 100, cached: 18_200 }, savedRub: 4.1 });
    const line = usageLine(written);
    assert.ok(line.endsWith('"costRub":1.5,"savedRub":4.1}\n'), line);
    assert.equal(parseUsageLine(line.trim())?.savedRub, 4.1);
    assert.equal(parseUsageLine(line.trim().replace('4.1', '-0.02'))?.savedRub, -0.02);
    assert.equal('savedRub' in parseUsageLine(usageLine(entry('2026-11-26T10:00:00.000Z')).trim())!, false);
    // A saving that is not a number is no entry, as any damaged field.
    assert.equal(parseUsageLine(line.trim().replace('4.1', '"much"')), undefined);
  });

  it('a field a later version adds is passed over', () => {
    const line = '{"v":3,"time":"2026-11-26T10:00:00Z","model":"m","source":"images","costRub":4,"region":"eu"}';
    assert.equal(parseUsageLine(line)?.costRub, 4);
  });

  for (const [name, line] of [
    ['cut off', '{"v":2,"time":"2026-11-26T10:00:00Z","mod'],
    ['not JSON', 'garbage'],
    ['no time', '{"model":"m","source":"chat"}'],
    ['an unknown source', '{"time":"2026-11-26T10:00:00Z","model":"m","source":"fax"}'],
    ['a negative cost', '{"time":"2026-11-26T10:00:00Z","model":"m","source":"chat","costRub":-1}'],
    ['a time that is not one', '{"time":"yesterday","model":"m","source":"chat"}'],
  ]) {
    it(`a line that is ${name} is not an entry`, () => assert.equal(parseUsageLine(line!), undefined));
  }
});

describe('usage tokens of an answer', () => {
  it('counts every input token and, of them, those read from the cache', () => {
    const usage = {
      prompt_tokens: 19_200,
      completion_tokens: 100,
      total_tokens: 19_300,
      prompt_tokens_details: { cached_tokens: 18_000, cache_write_tokens: 1_000 },
    };
    assert.deepEqual(usageTokens(usage), { in: 19_200, out: 100, cached: 18_000 });
    assert.deepEqual(usageTokens({ prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 }), { in: 5, out: 6, cached: 0 });
  });
});
