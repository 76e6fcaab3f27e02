import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { certificatesIn, readCaBundle } from '#src/platform/client/http/caBundle';

// The bundle is split by its PEM markers only; what is inside each is for TLS to read.
const ROOT = '-----BEGIN CERTIFICATE-----\nMIIBroot\n-----END CERTIFICATE-----';
const INSPECTION = '-----BEGIN CERTIFICATE-----\r\nMIIBinspection\r\n-----END CERTIFICATE-----';

describe('core CA bundle', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mmai-ca-'));

  it('reads every certificate of a PEM file, leaving out what lies between them', () => {
    const path = join(folder, 'bundle.pem');
    writeFileSync(path, `# company roots\n${ROOT}\nsubject=whatever\n${INSPECTION}\n`);
    assert.deepEqual(readCaBundle(path), { certificates: [ROOT, INSPECTION] });
  });

  it('says what is wrong with a missing file or one without a certificate', () => {
    assert.deepEqual(readCaBundle(join(folder, 'absent.pem')), { problem: `${join(folder, 'absent.pem')} cannot be read (ENOENT)` });
    const empty = join(folder, 'key.pem');
    writeFileSync(empty, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n');
    assert.deepEqual(readCaBundle(empty), { problem: `${empty} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` });
    assert.deepEqual(certificatesIn('no certificate here'), []);
  });
});
