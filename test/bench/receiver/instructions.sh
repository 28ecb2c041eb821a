#!/usr/bin/env bash
# Instructions per request of one receiver contender over real sockets, steady on a shared
# machine where CPU time is not: the contender (test/bench/receiver/server.ts) runs under
# valgrind's callgrind with instrumentation off while autocannon (load.ts) warms it up, then
# on for one round. Counts user-space instructions of every thread of the receiver process;
# no kernel time, no cache misses. Under valgrind OpenSSL takes its AVX2 SHA-256 (valgrind
# hides SHA-NI), so the HMAC counts more instructions than it runs natively.
#   bash test/bench/receiver/instructions.sh fastify ours   # BENCH_SECONDS (5), BENCH_WARMUP_ROUNDS (6)
set -euo pipefail
cd "$(dirname "$0")/../../.."
# shellcheck source=test/bench/receiver/contender.sh
source test/bench/receiver/contender.sh
framework=$1 contender=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
NODE_ENV=production BENCH_FRAMEWORK=$framework BENCH_CONTENDER=$contender \
  valgrind --tool=callgrind --instr-atstart=no --smc-check=all-non-file --callgrind-out-file="$out/cg.%p" \
  node --import tsx --conditions=clubnotify-source test/bench/receiver/server.ts >"$out/stdout" 2>"$out/stderr" &
server=$!
port=$(contender_port "$out/stdout" "$out/stderr")
warm=0
for _ in $(seq "${BENCH_WARMUP_ROUNDS:-6}"); do warm=$((warm + $(round "$port" 5))); done
callgrind_control -z "$server" >/dev/null 2>&1
callgrind_control -i on "$server" >/dev/null 2>&1
requests=$(round "$port" "${BENCH_SECONDS:-5}")
callgrind_control -i off "$server" >/dev/null 2>&1
callgrind_control -d "$server" >/dev/null 2>&1
kill -TERM "$server"
wait "$server" || true
total=$(callgrind_annotate "$(ls -S "$out"/cg.* | head -1)" 2>/dev/null | awk '/PROGRAM TOTALS/ && !n {gsub(",", "", $1); print $1; n = 1}')
echo "$framework/$contender: $((total / requests)) instructions a request ($requests requests measured after $warm of warm-up)"
