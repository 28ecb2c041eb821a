#!/usr/bin/env bash
# Runs what can differ between Node.js versions (vitest.node-versions.config.ts: the tests of
# the sdk, receiver and spec, the tarball journeys, bins, messages and `npm start`) on others:
#   npm run test:node            # 20 and 22 (`npm test` runs everything on 24 in CI)
#   npm run test:node -- 24      # one major (or an exact version: 24.21.0)
# From the build `npm test` made (it fails when there is none), without PostgreSQL.
# scripts/node-version.sh fetches and caches each binary.
set -euo pipefail
cd "$(dirname "$0")/.."

versions=("$@")
[[ ${#versions[@]} -gt 0 ]] || versions=(20 22)

summary=()
for requested in "${versions[@]}"; do
  dir=$(bash scripts/node-version.sh "$requested")
  version=$("$dir/bin/node" --version)
  echo "== Node $version: what can differ between Node.js versions"
  start=$SECONDS
  # npm, npx and every child the suites spawn resolve `node` through PATH: all on this version.
  env -u DATABASE_URL PATH="$dir/bin:$PATH" node node_modules/vitest/vitest.mjs run -c vitest.node-versions.config.ts
  summary+=("Node $version: passed in $((SECONDS - start)) s")
done
printf '%s\n' "${summary[@]}"
