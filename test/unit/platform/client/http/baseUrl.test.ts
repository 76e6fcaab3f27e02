import * as assert from 'node:assert/strict';
import { currentAddressFor, validateBaseUrl } from '#src/platform/client/http/baseUrl';

function refused(raw: string): string {
  const result = validateBaseUrl(raw);
  assert.equal(result.ok, false, `${raw} should be refused`);
  return result.ok ? '' : result.message;
}

describe('core validateBaseUrl', () => {
  it('Base URL rule: trailing slashes and spaces are tolerated', () => {
    assert.deepEqual(validateBaseUrl(' https://api.example.com/v1/// '), { ok: true, baseUrl: 'https://api.example.com/v1' });
  });

  it('Versioning 3: other prefixes before /v1 (the legacy address, a proxy path) work', () => {
    assert.deepEqual(validateBaseUrl('http://127.0.0.1:8080/legacy/v1/'), { ok: true, baseUrl: 'http://127.0.0.1:8080/legacy/v1' });
    assert.deepEqual(validateBaseUrl('https://proxy.corp/ai/api/v1'), { ok: true, baseUrl: 'https://proxy.corp/ai/api/v1' });
  });

  it('Endpoints 6: the host-level /api/v1 form (chat only) is refused, offering the base address', () => {
    assert.equal(
      refused('https://example.com/api/v1/'),
      'https://example.com/api/v1 is the host-level alias of the chat endpoint only: use the base address https://example.com/v1.',
    );
  });

  it('Endpoints 4: a version segment in another case gets a correct suggestion', () => {
    assert.deepEqual(validateBaseUrl('https://api.example.com/V1'), { ok: true, baseUrl: 'https://api.example.com/v1' });
    assert.equal(refused('https://api.example.com/V1/v1'), 'The base URL holds /v1 twice: keep a single one, so use https://api.example.com/v1.');
    assert.equal(
      refused('https://api.example.com/V1/models'),
      'The base URL holds the full endpoint address (/models): it must end at /v1, so use https://api.example.com/v1.',
    );
  });

  it('Endpoints rule 4: a path holding /v1 twice is refused with the fix', () => {
    const message = refused('https://api.example.com/v1/v1');
    assert.match(message, /\/v1 twice/);
    assert.match(message, /https:\/\/api\.example\.com\/v1\b/);
    assert.match(refused('https://api.example.com/v1/api/v1'), /twice/);
  });

  it('Base URL rule: a full endpoint path pasted as the base URL is refused, suggesting the base', () => {
    const message = refused('https://api.example.com/v1/chat/completions');
    assert.match(message, /full endpoint address \(\/chat\/completions\)/);
    assert.match(message, /use https:\/\/api\.example\.com\/v1\./);
    assert.match(refused('https://proxy.corp/ai/api/v1/models'), /https:\/\/proxy\.corp\/ai\/api\/v1\./);
  });

  it('Versioning rule 1: a base URL without the /v1 segment is refused, with the address to use', () => {
    assert.match(refused('https://api.example.com'), /use https:\/\/api\.example\.com\/v1\./);
    assert.match(refused('https://api.example.com/v10'), /\/v10\/v1/);
  });

  it('refuses empty input, non-addresses, other schemes, credentials, query and fragment', () => {
    assert.match(refused('   '), /Set the base URL/);
    assert.match(refused('api.example.com/v1'), /not a web address/);
    assert.match(refused('ftp://api.example.com/v1'), /https:\/\//);
    assert.match(refused('https://user:sk_secret@api.example.com/v1'), /API key is set separately/);
    assert.match(refused('https://api.example.com/v1?key=1'), /Remove/);
  });

  it('Endpoints 6: the chat alias pasted whole is refused with the base address, not the alias', () => {
    assert.equal(
      refused('https://example.com/api/v1/chat/completions'),
      'The base URL holds the full endpoint address (/chat/completions): it must end at /v1, so use https://example.com/v1.',
    );
  });

  it('Authentication 4: a key pasted into the address is never repeated in the message', () => {
    const key = 'sk_live_0123456789abcdefghijklmnop';
    assert.deepEqual(
      [`api.example.com/v1?api_key=${key}`, `${key}@api.example.com/v1`, `https://api.example.com/v1/${key}`, `https://api.example.com/${key}`].map(refused),
      [
        'The base URL is not a web address: set it to a full address ending with /v1 (for example https://api.example.com/v1).',
        'The base URL is not a web address: set it to a full address ending with /v1 (for example https://api.example.com/v1).',
        'The base URL holds more after /v1: it must end at /v1, so use https://api.example.com/v1.',
        'The base URL must end with the version segment /v1: use https://api.example.com/sk_live_0123…/v1.',
      ],
    );
    const logged = validateBaseUrl(`https://api.example.com/${key}`);
    assert.deepEqual(logged.ok ? undefined : logged.fault, 'no /v1: use https://api.example.com/sk_live_0123…/v1');
  });

  it('Authentication 4: plain http:// is refused for another machine (the key would travel unencrypted), kept for this one', () => {
    assert.equal(
      refused('http://api.example.com/v1'),
      'The base URL uses http:// for a service on another machine, which would send your API key unencrypted: use https:// (http:// is for a service on this machine only, such as http://localhost).',
    );
    assert.deepEqual(
      ['http://localhost:4010/v1', 'http://127.0.0.1:4010/v1', 'http://127.1.2.3/v1', 'http://[::1]:4010/v1', 'http://app.localhost/v1'].map(
        (raw) => validateBaseUrl(raw).ok,
      ),
      [true, true, true, true, true],
    );
  });

  it("Versioning 2: the current address offered for a legacy one is the same host's /v1", () => {
    assert.equal(currentAddressFor('https://old.example.com/legacy/v1'), 'https://old.example.com/v1');
    assert.equal(currentAddressFor('http://127.0.0.1:4010/compat/api/v1'), 'http://127.0.0.1:4010/v1');
  });
});
