import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tls from 'node:tls';
import { SYSTEM_STORE_READABLE, trustedAuthorities } from '#src/platform/client/http/trustedAuthorities';
import { makeTestAuthority, type TestAuthority } from '../../../../support/testAuthority';

describe('core trusted authorities', () => {
  let authority: TestAuthority;
  let other: TestAuthority;
  const folder = mkdtempSync(join(tmpdir(), 'mmai-ca-'));
  before(async function () {
    this.timeout(20_000);
    [authority, other] = await Promise.all([makeTestAuthority('Corp Root'), makeTestAuthority('Corp Inspection CA')]);
  });

  it("leaves Node's default authorities untouched when nothing is added", () => {
    assert.equal(trustedAuthorities({ systemCertificates: false, extraCertificates: [] }, {}), undefined);
  });

  it("adds the extra certificates to Node's default authorities, NODE_EXTRA_CA_CERTS with them", () => {
    const extraFile = join(folder, 'extra.pem');
    writeFileSync(extraFile, other.caCertificate);
    const trusted = trustedAuthorities({ systemCertificates: false, extraCertificates: [authority.caCertificate] }, { NODE_EXTRA_CA_CERTS: extraFile });
    assert.ok(trusted);
    assert.ok(trusted.includes(authority.caCertificate));
    for (const root of tls.rootCertificates.slice(0, 3)) assert.ok(trusted.includes(root));
    // Node reads NODE_EXTRA_CA_CERTS at start: where it can list its default set, that set is this process's.
    if (!SYSTEM_STORE_READABLE) assert.ok(trusted.includes(other.caCertificate.trim()));
    assert.equal(trusted.length, new Set(trusted).size);
  });
});
