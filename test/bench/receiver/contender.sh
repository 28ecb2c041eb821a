# Shared by the receiver's shell benches (sourced, not run): waiting for a contender
# (server.ts) to listen, and one round of load (load.ts) against it.

# Prints the port the contender writing to $1 (stdout) listens on; fails with its stderr ($2).
contender_port() {
  for _ in $(seq 600); do grep -q listening "$1" 2>/dev/null && break; sleep 0.5; done
  local port
  port=$(grep -o 'listening [0-9]*' "$1" | cut -d' ' -f2)
  [[ -n $port ]] || { cat "$2" >&2; return 1; }
  echo "$port"
}

# One round of $2 seconds at 10 connections against port $1; prints the requests sent.
round() {
  NODE_ENV=production BENCH_URL="http://127.0.0.1:$1" BENCH_SECONDS=$2 BENCH_CONNECTIONS=10 BENCH_POOL=$(($2 * ${3:-25000})) \
    node --import tsx --conditions=clubnotify-source test/bench/receiver/load.ts | sed -n '$p' | sed 's/.*"requests":\([0-9]*\).*/\1/'
}
