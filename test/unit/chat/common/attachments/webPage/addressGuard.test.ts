import * as assert from 'node:assert/strict';
import { checkHost, guardedRange, type GuardedRange } from '#src/chat/common/attachments/webPage/addressGuard';

/** A guard whose person answers `answer`, recording every host asked about. */
function asking(answer: boolean, addresses: Record<string, string[]> = {}) {
  const asked: [string, GuardedRange][] = [];
  return {
    asked,
    deps: {
      resolve: (host: string) => Promise.resolve(addresses[host] ?? []),
      allow: (host: string, range: GuardedRange) => {
        asked.push([host, range]);
        return Promise.resolve(answer);
      },
    },
  };
}

describe('web page address guard', () => {
  it('names the range of loopback, private, carrier-grade NAT, link-local and unspecified addresses, IPv4 and IPv6, and none for public ones', () => {
    const cases: [string, GuardedRange | undefined][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['100.127.255.254', 'private'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1', 'link-local'],
      ['febf::1', 'link-local'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:a9fe:a9fe', 'link-local'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['172.32.0.1', undefined],
      ['100.128.0.1', undefined],
      ['192.169.0.1', undefined],
      ['93.184.216.34', undefined],
      ['2606:4700::1111', undefined],
      ['fec0::1', undefined],
      ['example.com', undefined],
    ];
    assert.deepEqual(
      cases.map(([address]) => [address, guardedRange(address)]),
      cases,
    );
  });

  it('a public address passes without asking, and is the address connected to', async () => {
    const person = asking(false, { 'docs.example': ['93.184.216.34', '2606:4700::1111'] });
    assert.deepEqual(await checkHost(new URL('https://docs.example/a'), person.deps), { ok: true, address: '93.184.216.34' });
    assert.deepEqual(person.asked, []);
  });

  it('a name resolving to a private address among public ones is asked about, and refused when the person says no', async () => {
    const person = asking(false, { 'mixed.example': ['93.184.216.34', '10.0.0.5'] });
    assert.deepEqual(await checkHost(new URL('http://mixed.example/'), person.deps), { ok: false, reason: 'refused', range: 'private' });
    assert.deepEqual(person.asked, [['mixed.example', 'private']]);
  });

  it('the metadata address written as a number, or as IPv4 in IPv6, is the link-local address it is', async () => {
    const person = asking(false);
    // The URL parser reads 2852039166 as 169.254.169.254.
    assert.deepEqual(await checkHost(new URL('http://2852039166/latest/meta-data/'), person.deps), { ok: false, reason: 'refused', range: 'link-local' });
    assert.deepEqual(await checkHost(new URL('http://[::ffff:169.254.169.254]/'), person.deps), { ok: false, reason: 'refused', range: 'link-local' });
    assert.deepEqual(person.asked, [
      ['169.254.169.254', 'link-local'],
      ['[::ffff:a9fe:a9fe]', 'link-local'],
    ]);
  });

  it('a confirmed loopback host passes, connected to the address that was checked', async () => {
    const person = asking(true, { 'rebind.example': ['127.0.0.1'] });
    assert.deepEqual(await checkHost(new URL('http://rebind.example:8080/'), person.deps), { ok: true, address: '127.0.0.1' });
    assert.deepEqual(person.asked, [['rebind.example', 'loopback']]);
  });

  it('a name that does not resolve is refused when connecting directly, and left to the proxy through one', async () => {
    const person = asking(true);
    assert.deepEqual(await checkHost(new URL('https://intranet.corp/'), person.deps), { ok: false, reason: 'unresolved' });
    assert.deepEqual(await checkHost(new URL('https://intranet.corp/'), person.deps, true), { ok: true, address: undefined });
  });

  it('through a proxy a name resolving here to a private address is still asked about, and the proxy connects by name', async () => {
    const person = asking(true, { 'wiki.corp': ['192.168.0.10'] });
    assert.deepEqual(await checkHost(new URL('https://wiki.corp/'), person.deps, true), { ok: true, address: undefined });
    assert.deepEqual(person.asked, [['wiki.corp', 'private']]);
  });

  it('localhost is resolved by the system to its loopback address', async () => {
    const person = asking(false);
    assert.deepEqual(await checkHost(new URL('http://localhost:9/'), { allow: person.deps.allow }), { ok: false, reason: 'refused', range: 'loopback' });
    assert.deepEqual(person.asked, [['localhost', 'loopback']]);
  });
});
