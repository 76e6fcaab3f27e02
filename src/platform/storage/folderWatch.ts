// Other windows' changes to files this window reads (the chat's history, say): a watch on some
// folders, each burst of events reported once, as the paths of the files it touched. Node's
// fs.watch, as the storage uses Node's file system throughout.
import { watch, type FSWatcher } from 'node:fs';
import * as path from 'node:path';

export interface FolderWatch {
  close(): void;
}

/** Calls `onChange` with the paths (folder/name) changed in `folders`, `delayMs` after a burst ends. */
export function watchFolders(folders: readonly string[], onChange: (paths: Set<string>) => void, delayMs = 100): FolderWatch {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = [];
  for (const folder of folders) {
    try {
      const watcher = watch(folder, (_event, name) => {
        if (!name) return;
        pending.add(path.join(folder, name.toString()));
        clearTimeout(timer);
        timer = setTimeout(() => {
          const paths = pending;
          pending = new Set();
          onChange(paths);
        }, delayMs);
      });
      // A folder removed under the watch (Delete All in a window) ends its events, not the window.
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // Not watchable here: the list is mended when the history is next read.
    }
  }
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
