// A PEM bundle of certificate authorities (multiModelAI.caCertificates, NODE_EXTRA_CA_CERTS):
// its certificates, or what is wrong with it. Read at activation, so it loads no TLS module.
import { readFileSync } from 'node:fs';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates in a PEM text, one each; anything between them is left out. */
export function certificatesIn(text: string): string[] {
  return text.match(PEM_CERTIFICATE) ?? [];
}

export type CaBundle = { certificates: string[] } | { problem: string };

/** Reads the PEM bundle at `path`: its certificates, or what is wrong with it (in English, for the log and the settings check). */
export function readCaBundle(path: string): CaBundle {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { problem: `${path} cannot be read (${typeof code === 'string' ? code : String(error)})` };
  }
  const certificates = certificatesIn(text);
  return certificates.length > 0 ? { certificates } : { problem: `${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)` };
}
