#!/usr/bin/env bash
# User and system CPU per request of one receiver contender over real sockets, and its context
# switches per request, read from /proc (no profiler): the contender (server.ts) warms up under
# autocannon (load.ts) for 4 s, then is measured for BENCH_SECONDS (5). System time is mostly the
# response's write() waking the load generator, which costs more per request the slower the
# receiver (it sleeps between answers); user time is the receiver's own code and the framework's.
#   bash test/bench/receiver/cpu-split.sh fastify ours
set -euo pipefail
cd "$(dirname "$0")/../../.."
# shellcheck source=test/bench/receiver/contender.sh
source test/bench/receiver/contender.sh
framework=$1 contender=$2 seconds=${BENCH_SECONDS:-5}
out=$(mktemp -d)
NODE_ENV=production BENCH_FRAMEWORK=$framework BENCH_CONTENDER=$contender \
  node --import tsx --conditions=clubnotify-source test/bench/receiver/server.ts >"$out/stdout" 2>"$out/stderr" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; rm -rf "$out"' EXIT
port=$(contender_port "$out/stdout" "$out/stderr")
# utime, stime (clock ticks), voluntary and involuntary context switches of the receiver process.
sample() {
  local stat
  read -r -a stat <"/proc/$server/stat"
  echo "${stat[13]} ${stat[14]} $(awk '/^voluntary_ctxt/ {print $2}' "/proc/$server/status") $(awk '/^nonvoluntary_ctxt/ {print $2}' "/proc/$server/status")"
}
round "$port" 4 50000 >/dev/null
read -r -a before <<<"$(sample)"
requests=$(round "$port" "$seconds" 50000)
read -r -a after <<<"$(sample)"
awk -v fw="$framework" -v c="$contender" -v r="$requests" -v s="$seconds" -v hz="$(getconf CLK_TCK)" \
  -v u=$((after[0] - before[0])) -v sy=$((after[1] - before[1])) -v v=$((after[2] - before[2])) -v n=$((after[3] - before[3])) \
  'BEGIN { printf "%s/%s: %.0f requests/s, user %.1f + system %.1f µs a request, %.3f voluntary and %.3f involuntary context switches a request\n", fw, c, r / s, u * 1e6 / hz / r, sy * 1e6 / hz / r, v / r, n / r }'
