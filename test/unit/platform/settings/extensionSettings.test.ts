import * as assert from 'node:assert/strict';
import { DEFAULT_TIMEOUT_SECONDS, readSettings, type RawSettings } from '#src/platform/settings/extensionSettings';

const raw = (over: Partial<RawSettings>): RawSettings => ({
  baseUrl: '',
  model: '',
  maxTokens: null,
  requestTimeoutSeconds: 60,
  maxRetries: 2,
  ...over,
});

describe('readSettings', () => {
  it('treats empty values as not set and uses the defaults', () => {
    const settings = readSettings(raw({ requestTimeoutSeconds: undefined, maxRetries: undefined }));
    assert.deepEqual(settings, {
      model: undefined,
      maxTokens: undefined,
      timeoutMs: DEFAULT_TIMEOUT_SECONDS * 1000,
      maxRetries: 2,
      transport: 'auto',
      modelOptions: {},
      requestHeaders: {},
      fallback: 'off',
      imageFolder: 'images',
      projectInstructions: true,
      problems: [],
    });
  });

  it('fallback: off, similar, or a list of up to five model ids (trimmed); anything else is off, named as a problem', () => {
    const read = (fallback: unknown) => {
      const settings = readSettings(raw({ fallback }));
      return [settings.fallback, settings.problems.map((problem) => problem.fault)];
    };
    const wrong = ['multiModelAI.fallback is not "off", "similar" or a list of model ids'];
    assert.deepEqual(read(undefined), ['off', []]);
    assert.deepEqual(read('off'), ['off', []]);
    assert.deepEqual(read('similar'), ['similar', []]);
    assert.deepEqual(read([' mira/messenger ', 'acme/chat-mini']), [['mira/messenger', 'acme/chat-mini'], []]);
    assert.deepEqual(read('mira/messenger'), ['off', wrong]);
    assert.deepEqual(read([]), ['off', wrong]);
    assert.deepEqual(read(['a/1', '']), ['off', wrong]);
    assert.deepEqual(read(['a/1', 'a/2', 'a/3', 'a/4', 'a/5', 'a/6']), ['off', wrong]);
    assert.equal(
      readSettings(raw({ fallback: 7 })).problems[0]?.text,
      'multiModelAI.fallback must be "off", "similar" or a list of up to 5 model ids, e.g. ["acme/chat-mini"].',
    );
  });

  it('project instructions are on unless turned off with false; anything else is the default', () => {
    assert.deepEqual(
      [false, true, 'no', undefined].map((value) => readSettings(raw({ projectInstructions: value })).projectInstructions),
      [false, true, true, true],
    );
  });

  it('the image folder is kept as written, and an empty one falls back to images', () => {
    assert.equal(readSettings(raw({ imageFolder: 'assets/generated' })).imageFolder, 'assets/generated');
    assert.equal(readSettings(raw({ imageFolder: '  ' })).imageFolder, 'images');
    assert.equal(readSettings(raw({ imageFolder: 42 })).imageFolder, 'images');
  });

  it("reads a transport, per-model options and proxy headers; what is wrong is named in the settings' terms and left out", () => {
    const settings = readSettings(
      raw({
        transport: 'responses',
        modelOptions: { 'acme/chat-large': { temperature: 0.2, reasoning_effort: 'high' }, 'acme/chat-mini': 5 },
        requestHeaders: { 'X-Proxy-Token': 'abc', Authorization: 'Bearer other', 'Bad Name': 'x', 'X-Multi': 'a\r\nb', 'X-Number': 3 },
      }),
    );
    assert.equal(settings.transport, 'responses');
    assert.deepEqual(settings.modelOptions, { 'acme/chat-large': { temperature: 0.2, reasoning_effort: 'high' } });
    assert.deepEqual(settings.requestHeaders, { 'x-proxy-token': 'abc' });
    assert.deepEqual(
      settings.problems.map((problem) => problem.text),
      [
        'multiModelAI.modelOptions["acme/chat-mini"] must be an object of options, e.g. { "temperature": 0.2 }.',
        'multiModelAI.requestHeaders cannot set "Authorization": the extension sets it itself.',
        'multiModelAI.requestHeaders: "Bad Name" is not a valid header name.',
        'multiModelAI.requestHeaders["X-Multi"] must be text on one line.',
        'multiModelAI.requestHeaders["X-Number"] must be text on one line.',
      ],
    );
    assert.equal(readSettings(raw({ transport: 'carrier-pigeon' })).transport, 'auto');
  });

  it('keeps a valid base URL, normalised', () => {
    const settings = readSettings(raw({ baseUrl: ' http://127.0.0.1:4010/v1/ ' }));
    assert.equal(settings.baseUrl, 'http://127.0.0.1:4010/v1');
    assert.equal(settings.baseUrlProblem, undefined);
  });

  for (const [name, url, fix] of [
    ['without /v1', 'http://127.0.0.1:4010', /use http:\/\/127\.0\.0\.1:4010\/v1/],
    ['with /v1 twice', 'http://127.0.0.1:4010/v1/v1', /twice/],
    ['holding a pasted endpoint', 'http://127.0.0.1:4010/v1/chat/completions', /endpoint address.*use http:\/\/127\.0\.0\.1:4010\/v1/],
  ] as const) {
    it(`reports a base URL ${name} with how to fix it, and never uses it`, () => {
      const settings = readSettings(raw({ baseUrl: url }));
      assert.equal(settings.baseUrl, undefined);
      assert.match(settings.baseUrlProblem ?? '', fix);
    });
  }

  it('ignores values of the wrong type or range instead of sending them', () => {
    const settings = readSettings(raw({ model: 42, maxTokens: -5, requestTimeoutSeconds: 'soon', maxRetries: 99 }));
    assert.equal(settings.model, undefined);
    assert.equal(settings.maxTokens, undefined);
    assert.equal(settings.timeoutMs, DEFAULT_TIMEOUT_SECONDS * 1000);
    assert.equal(settings.maxRetries, 2);
  });

  it('reads multiModelAI.confirmAbove in roubles; empty or not a number is never asking', () => {
    assert.equal(readSettings(raw({ confirmAbove: 12.5 })).confirmAboveRub, 12.5);
    assert.equal(readSettings(raw({ confirmAbove: 0 })).confirmAboveRub, 0);
    assert.equal(readSettings(raw({ confirmAbove: null })).confirmAboveRub, undefined);
    assert.equal(readSettings(raw({ confirmAbove: -1 })).confirmAboveRub, undefined);
    assert.equal(readSettings(raw({ confirmAbove: '5' })).confirmAboveRub, undefined);
  });

  it('reads a model id, a token limit, a timeout and retries', () => {
    const settings = readSettings(raw({ model: 'acme/chat-large', maxTokens: 256, requestTimeoutSeconds: 5, maxRetries: 0 }));
    assert.deepEqual(
      { model: settings.model, maxTokens: settings.maxTokens, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries },
      { model: 'acme/chat-large', maxTokens: 256, timeoutMs: 5000, maxRetries: 0 },
    );
  });

  it('Versioning 2 and 3: the legacy address is used only while the current one is empty, and marked', () => {
    const legacy = readSettings(raw({ legacyBaseUrl: 'https://old.example.com/legacy/v1/' }));
    assert.deepEqual([legacy.baseUrl, legacy.legacy], ['https://old.example.com/legacy/v1', true]);
    const current = readSettings(raw({ baseUrl: 'https://api.example.com/v1', legacyBaseUrl: 'https://old.example.com/legacy/v1' }));
    assert.deepEqual([current.baseUrl, current.legacy], ['https://api.example.com/v1', undefined]);
    const bad = readSettings(raw({ legacyBaseUrl: 'https://old.example.com/legacy' }));
    assert.deepEqual(
      [bad.baseUrl, bad.baseUrlProblem, bad.legacy],
      [undefined, 'The base URL must end with the version segment /v1: use https://old.example.com/legacy/v1.', true],
    );
  });
});
