// The "Multi-Model AI" log: one LogOutputChannel that the service client and the shell
// write to, teed through a recorder so the last lines can be read back (tests, support).
import * as vscode from 'vscode';
import { type ClientLogger } from '../../client/attempt/attempt';
import { LOG_CHANNEL_NAME } from '../../manifest/ids';
import { LogRecorder, recordingLogger } from '../../client/attempt/logRecorder';

export interface ShellLog extends vscode.Disposable {
  channel: vscode.LogOutputChannel;
  /** Masks any key, then writes to the channel and the recorder. */
  logger: ClientLogger;
  recorder: LogRecorder;
}

export function createShellLog(): ShellLog {
  const channel = vscode.window.createOutputChannel(LOG_CHANNEL_NAME, { log: true });
  const recorder = new LogRecorder();
  return { channel, recorder, logger: recordingLogger(channel, recorder), dispose: () => channel.dispose() };
}
