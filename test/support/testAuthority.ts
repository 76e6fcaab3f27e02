// A certificate authority made at test time, and a server certificate for 127.0.0.1 and
// localhost signed by it: what a company's TLS-inspecting proxy or internal service presents.
import { generate } from 'selfsigned';

export interface TestAuthority {
  /** The authority's name, as an untrusted-certificate message names it. */
  name: string;
  /** The authority's certificate (PEM): what multiModelAI.caCertificates would name. */
  caCertificate: string;
  /** The server's key and certificate, for https.createServer. */
  server: { key: string; cert: string };
}

export async function makeTestAuthority(name = 'Multi-Model AI Test Root CA'): Promise<TestAuthority> {
  const ca = await generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const server = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { name, caCertificate: ca.cert, server: { key: server.private, cert: server.cert } };
}
