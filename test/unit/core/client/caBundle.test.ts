import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tls from 'node:tls';
import { certificatesIn, readCaBundle, SYSTEM_STORE_READABLE, trustedAuthorities } from '#src/core/client/caBundle';
import { makeTestAuthority, type TestAuthority } from '../../../support/testAuthority';

describe('core CA bundle', () => {
  let authority: TestAuthority;
  let other: TestAuthority;
  const folder = mkdtempSync(join(tmpdir(), 'mmai-ca-'));
  before(async function () {
    this.timeout(20_000);
    [authority, other] = await Promise.all([makeTestAuthority('Corp Root'), makeTestAuthority('Corp Inspection CA')]);
  });

  it('reads every certificate of a PEM file, leaving out what lies between them', () => {
    const path = join(folder, 'bundle.pem');
    writeFileSync(path, `# company roots\n${authority.caCertificate}\nsubject=whatever\n${other.caCertificate}\n`);
    const bundle = readCaBundle(path);
    assert.ok('certificates' in bundle);
    assert.deepEqual(bundle.certificates, [authority.caCertificate.trim(), other.caCertificate.trim()]);
  });

  it('says what is wrong with a missing file or one without a certificate', () => {
    assert.deepEqual(readCaBundle(join(folder, 'absent.pem')), { problem: `${join(folder, 'absent.pem')} cannot be read (ENOENT)` });
    const empty = join(folder, 'key.pem');
    writeFileSync(empty, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n');
    assert.deepEqual(readCaBundle(empty), { problem: `${empty} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` });
    assert.deepEqual(certificatesIn('no certificate here'), []);
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
