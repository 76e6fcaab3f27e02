#!/usr/bin/env bash
# Installs what the real-VS-Code test tiers need (see docs/TESTING.md):
#   - Debian packages chromium, ripgrep, libkrb5-dev (only the missing ones);
#   - code-server 4.100.3 (VS Code 1.100.3) into a version-pinned cache folder
#     outside the project's node_modules, reused when its stamp file is there.
# code-server's own postinstall downloads from GitHub, which is unreachable
# here, so its steps are done by hand (facts: the "real VS Code host" notes).
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
CACHE_ROOT="${MMAI_CACHE_DIR:-$HOME/.cache/multi-model-ai}"
DEST="$CACHE_ROOT/code-server-$CODE_SERVER_VERSION"
STAMP="$DEST/.installed"

say() { printf '[host:install] %s\n' "$*"; }
fail() { printf '[host:install] ERROR: %s\n' "$*" >&2; exit 1; }

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

install_code_server() {
  if [ -f "$STAMP" ]; then
    say "code-server $CODE_SERVER_VERSION already installed at $DEST"
    return
  fi
  say "installing code-server $CODE_SERVER_VERSION into $DEST (a few minutes)"
  rm -rf "$DEST"
  mkdir -p "$DEST"
  cd "$DEST"
  echo '{ "name": "mmai-code-server-cache", "private": true }' > package.json
  export npm_config_yes=true npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
  npm install --ignore-scripts --omit=dev --no-save "code-server@$CODE_SERVER_VERSION"
  # argon2's prebuilt binary comes from GitHub; rebuilding compiles it from source.
  npm rebuild argon2

  local vscode="$DEST/node_modules/code-server/lib/vscode"
  cd "$vscode"
  npm install --omit=dev --ignore-scripts
  # @vscode/ripgrep's postinstall skips its GitHub download when bin/ exists.
  mkdir -p node_modules/@vscode/ripgrep/bin
  cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  npm rebuild --foreground-scripts
  # What code-server's postinstall.sh would have linked.
  ln -sfn node_modules node_modules.asar
  ln -sfn code-linux.sh bin/remote-cli/code-server
  ln -sfn browser-linux.sh bin/helpers/browser.sh
  (cd extensions && npm install --omit=dev)

  # XDG dirs inside the cache: code-server writes a default config on first run.
  local version
  version="$(XDG_CONFIG_HOME="$DEST/.xdg/config" XDG_DATA_HOME="$DEST/.xdg/data" \
    "$DEST/node_modules/.bin/code-server" --version | tail -n 1)"
  case "$version" in
    "$CODE_SERVER_VERSION "*) say "installed: $version" ;;
    *) fail "code-server --version printed '$version', expected $CODE_SERVER_VERSION" ;;
  esac
  touch "$STAMP"
}

install_debian_packages
install_code_server
