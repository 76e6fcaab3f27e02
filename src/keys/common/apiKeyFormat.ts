// Checks what a person typed into the "Set API Key" box before anything is sent.
// Platform keys start with `sk_` (spec, "Platform key"); anything else gets a warning,
// not a refusal, and the service has the last word when the key is verified.
import * as l10n from '@vscode/l10n';

export type ApiKeyCheck = { ok: true; key: string; warning?: string } | { ok: false; message: string };

export function checkApiKeyInput(raw: string): ApiKeyCheck {
  const key = raw.trim();
  if (key.length === 0) {
    return { ok: false, message: l10n.t('Paste the API key you created in the management cabinet.') };
  }
  if (/^bearer\s/i.test(key)) {
    return { ok: false, message: l10n.t('Paste only the key, without the word "Bearer".') };
  }
  if (/\s/.test(key)) {
    return { ok: false, message: l10n.t('The key contains spaces or line breaks: copy it again, as one piece.') };
  }
  if (!key.startsWith('sk_')) {
    return { ok: true, key, warning: l10n.t('Platform keys start with "sk_": check that you copied the whole key.') };
  }
  return { ok: true, key };
}
