// Fixture platform keys and the Authorization check every API request passes first.

export const FIXTURE_KEYS = { alpha: 'sk_test_alpha', beta: 'sk_test_beta', revoked: 'sk_test_revoked' } as const;

export const WORKSPACES = ['alpha', 'beta'] as const;
export type Workspace = (typeof WORKSPACES)[number];

interface KeyRecord {
  workspace: Workspace;
  revoked: boolean;
}

const KEYS = new Map<string, KeyRecord>([
  [FIXTURE_KEYS.alpha, { workspace: 'alpha', revoked: false }],
  [FIXTURE_KEYS.beta, { workspace: 'beta', revoked: false }],
  [FIXTURE_KEYS.revoked, { workspace: 'alpha', revoked: true }],
]);

export type AuthResult = { ok: true; key: string; workspace: Workspace } | { ok: false; message: string };

/**
 * The masked prefix the cabinet shows, safe for records and support messages: the scheme
 * (`sk_test_`) and at most 4 characters of the secret, never more than half of it.
 */
export function maskKey(key: string): string {
  const scheme = /^sk(?:_(?:test|live)_|-proj-|[_-])/.exec(key)?.[0] ?? '';
  return `${key.slice(0, scheme.length + Math.min(4, Math.floor((key.length - scheme.length) / 2)))}…`;
}

/** `served`: the one workspace this emulator stands for, when bound; a key of another is refused (Authentication 2, 6). */
export function authenticate(header: string | undefined, served?: Workspace): AuthResult {
  if (!header) return { ok: false, message: 'Send your API key in the header "Authorization: Bearer <API key>".' };
  if (!header.startsWith('Bearer ')) {
    return { ok: false, message: 'The Authorization header must be "Bearer " followed by your API key.' };
  }
  const key = header.slice('Bearer '.length);
  const record = KEYS.get(key);
  if (!record) return { ok: false, message: 'The API key is not valid: check it, or create a new key in the cabinet.' };
  if (record.revoked) return { ok: false, message: 'The API key has been revoked: create a new key in the cabinet.' };
  if (served !== undefined && record.workspace !== served) {
    return { ok: false, message: 'The API key belongs to another workspace: use a key created in this workspace.' };
  }
  return { ok: true, key, workspace: record.workspace };
}
