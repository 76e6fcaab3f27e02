// Every way a key is masked (spec, Authentication 8), with the literal text each gives.
import * as assert from 'node:assert/strict';
import { keyFreeToken, maskEveryKey, maskKey, maskKeyIn } from '#src/platform/client/http/keyMasking';

describe('key masking', () => {
  describe('maskKey', () => {
    it('Authentication rule 8: shows the scheme and at most 4 characters of the secret, never more than half of it', () => {
      const cases: [string, string][] = [
        ['sk_test_alpha', 'sk_test_al…'],
        ['sk_test_beta', 'sk_test_be…'],
        ['sk_test_revoked', 'sk_test_rev…'],
        ['sk_live_0123456789abcdef0123456789', 'sk_live_0123…'],
        ['sk_live_9a8b7c6d5e4f3a2b1c0d9e8f7a', 'sk_live_9a8b…'],
        ['sk_9f8e7d6c5b4a39281706', 'sk_9f8e…'],
        ['sk-9f8e7d6c5b4a39281706', 'sk-9f8e…'],
        ['sk-proj-Ab12Cd34Ef56Gh78', 'sk-proj-Ab12…'],
        // Lowercase letters and `_` at the start of the secret are the secret's, not the scheme's.
        ['sk_abcdefgh_Q9xZ7LmN2pR4tV6wY8', 'sk_abcd…'],
        ['sk_test_abcdefgh_Q9xZ7LmN', 'sk_test_abcd…'],
        ['key_abcdefgh_Q9xZ7LmN', 'key_…'],
        ['0123456789abcdef', '0123…'],
        ['sk_ab', 'sk_a…'],
        ['sk-ab', 'sk-a…'],
        ['sk_a', 'sk_…'],
        ['  sk_test_alpha\n', 'sk_test_al…'],
        ['', '(no key)'],
      ];
      assert.deepEqual(
        cases.map(([key]) => [key, maskKey(key)]),
        cases,
      );
    });
  });

  describe('maskKeyIn', () => {
    it('masks every occurrence of the key, an sk- key as an sk_ one', () => {
      assert.deepEqual(
        [maskKeyIn('bad key sk_test_alpha (sk_test_alpha)', 'sk_test_alpha'), maskKeyIn('Bearer sk-9f8e7d6c5b4a39281706', ' sk-9f8e7d6c5b4a39281706\n')],
        ['bad key sk_test_al… (sk_test_al…)', 'Bearer sk-9f8e…'],
      );
    });

    it('leaves the text as it is for no key', () => {
      assert.equal(maskKeyIn('nothing to hide', '  '), 'nothing to hide');
    });
  });

  describe('maskEveryKey', () => {
    it('masks every full key in a line', () => {
      const line = 'tried sk_test_alpha then sk_live_0123456789abcdef.';
      assert.equal(maskEveryKey(line), 'tried sk_test_al… then sk_live_0123….');
    });

    it('leaves already masked prefixes alone', () => {
      const masked = 'key sk_test_al… status=401';
      assert.equal(maskEveryKey(masked), masked);
    });

    it('leaves text without keys unchanged', () => {
      assert.equal(maskEveryKey('GET /v1/models 200 req_abc'), 'GET /v1/models 200 req_abc');
    });

    it('masks sk- keys too, and no word that only contains sk_ or is too short for a key', () => {
      assert.equal(
        maskEveryKey('use https://h/sk-proj-Ab12Cd34Ef56Gh78/v1; task_id=7; sk-learn; sk_ab'),
        'use https://h/sk-proj-Ab12…/v1; task_id=7; sk-learn; sk_ab',
      );
    });

    it('masks sk- keys exactly as the sk_ keys of the same secret', () => {
      assert.equal(maskEveryKey('tried sk-9f8e7d6c5b4a39281706 and sk_9f8e7d6c5b4a39281706'), 'tried sk-9f8e… and sk_9f8e…');
    });
  });

  describe('keyFreeToken', () => {
    const key = 'sk_test_alpha';

    it('keeps a plain code or request id', () => {
      assert.deepEqual([keyFreeToken('insufficient_balance', key), keyFreeToken('req_01HZ:a.b-c', key)], ['insufficient_balance', 'req_01HZ:a.b-c']);
    });

    it('drops one that holds the key, one that is not a plain token, and none at all', () => {
      assert.deepEqual(
        [
          keyFreeToken(`bad_key_${key}`, key),
          keyFreeToken('Bearer sk_test_alpha', key),
          keyFreeToken('two words', key),
          keyFreeToken(null, key),
          keyFreeToken(undefined, key),
        ],
        [undefined, undefined, undefined, undefined, undefined],
      );
    });

    it('drops an sk- key as it drops an sk_ one', () => {
      assert.equal(keyFreeToken('req_sk-proj-Ab12Cd34Ef56Gh78', 'sk-proj-Ab12Cd34Ef56Gh78'), undefined);
    });
  });
});
