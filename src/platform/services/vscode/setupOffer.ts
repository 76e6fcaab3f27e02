// What to offer when the connection is not ready: the fix of the missing address or key.
import { type FixAction } from '../../actions/actions';
import { offerActions } from '../../actions/vscode/actionRunner';

/** `message` is shown, `logged` is its English for the log. `secretGone`: the key in use is listed but its secret is no longer in secret storage. */
export type NotReady = { ok: false; missing: 'baseUrl' | 'apiKey'; message: string; logged: string; secretGone?: boolean };

/** The fix of what is missing. */
export function fixFor(ready: NotReady): FixAction {
  if (ready.missing === 'baseUrl') return 'setBaseUrl';
  return ready.secretGone ? 'manageApiKeys' : 'setApiKey';
}

/** Tells what is missing, with the button that fixes it. */
export function offerSetup(ready: NotReady): void {
  void offerActions('warning', ready.message, [fixFor(ready)]);
}
