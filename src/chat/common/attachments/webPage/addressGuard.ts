// Which addresses a web page may be read from without asking: not this machine, its private
// networks or their link-local neighbours (the cloud's metadata service among them), unless the
// person confirms that host. The host's name is resolved here and the address checked is the one
// connected to, so a name cannot resolve to one address for the check and another for the request.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Why an address is not read without asking. */
export type GuardedRange = 'loopback' | 'private' | 'link-local' | 'unspecified';

/** What the guard needs from outside: name resolution, and the person's answer for a host. */
export interface GuardDeps {
  /** The host's addresses; default the system resolver's. */
  resolve?(host: string): Promise<string[]>;
  /** Whether the person lets `host` (which is in `range`) be read; asked once a host, remembered by the caller. */
  allow(host: string, range: GuardedRange): Promise<boolean>;
}

export type GuardVerdict =
  /** `address`: the checked address to connect to; undefined when a proxy resolves the name. */
  { ok: true; address: string | undefined } | { ok: false; reason: 'refused'; range: GuardedRange } | { ok: false; reason: 'unresolved' };

function ranges(): [GuardedRange, BlockList][] {
  const list = (v4: [string, number][], v6: [string, number][]): BlockList => {
    const blocks = new BlockList();
    for (const [net, prefix] of v4) blocks.addSubnet(net, prefix, 'ipv4');
    for (const [net, prefix] of v6) blocks.addSubnet(net, prefix, 'ipv6');
    return blocks;
  };
  return [
    ['loopback', list([['127.0.0.0', 8]], [['::1', 128]])],
    [
      'private',
      list(
        [
          ['10.0.0.0', 8],
          ['172.16.0.0', 12],
          ['192.168.0.0', 16],
          // Carrier-grade NAT (RFC 6598): a provider's or a VPN's internal network.
          ['100.64.0.0', 10],
        ],
        [['fc00::', 7]],
      ),
    ],
    ['link-local', list([['169.254.0.0', 16]], [['fe80::', 10]])],
    ['unspecified', list([['0.0.0.0', 8]], [['::', 128]])],
  ];
}

let made: [GuardedRange, BlockList][] | undefined;

/** The guarded range `address` (an IP literal) is in, or undefined for a public one. */
export function guardedRange(address: string): GuardedRange | undefined {
  made ??= ranges();
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return undefined;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, or NAT64's 64:ff9b::7f00:1) is checked as the IPv4 one.
  const v4 = family === 6 ? embeddedIpv4(bare) : undefined;
  for (const [range, list] of made) {
    if (list.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return range;
    if (v4 !== undefined && list.check(v4, 'ipv4')) return range;
  }
  return undefined;
}

function embeddedIpv4(v6: string): string | undefined {
  const lower = v6.toLowerCase();
  const prefix = /^(?:::ffff:|64:ff9b::)(.*)$/.exec(lower)?.[1];
  if (prefix === undefined) return undefined;
  if (isIP(prefix) === 4) return prefix;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(prefix);
  if (!hex) return undefined;
  const high = parseInt(hex[1] as string, 16);
  const low = parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

async function systemResolve(host: string): Promise<string[]> {
  // IPv4 first: the one address connected to is the likelier one to be served (localhost on 127.0.0.1, not ::1).
  return (await lookup(host, { all: true, order: 'ipv4first' })).map((found) => found.address);
}

/**
 * Checks the host of `url` before a request to it: its address, or every address its name
 * resolves to. `viaProxy`: the proxy resolves the name, so one that does not resolve here is
 * left to it. A guarded address is refused unless `deps.allow` lets its host be read.
 */
export async function checkHost(url: URL, deps: GuardDeps, viaProxy = false): Promise<GuardVerdict> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await (deps.resolve ?? systemResolve)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return viaProxy ? { ok: true, address: undefined } : { ok: false, reason: 'unresolved' };
  }
  // Every address counts: a name that resolves to a public and a private one could be connected to either.
  const guarded = addresses.map(guardedRange).find((range) => range !== undefined);
  if (guarded !== undefined && !(await deps.allow(url.hostname, guarded))) return { ok: false, reason: 'refused', range: guarded };
  return { ok: true, address: viaProxy ? undefined : addresses[0] };
}
