#!/usr/bin/env bash
# Does the computer opponent slow the other matches down? Measures the move
# round trip of human matches (amazons-loadgen play) on a fresh server,
# first alone, then while games against the server's computer run beside
# them (amazons-loadgen play --computer-games), and prints both.
#
#   bash scripts/load-computer.sh
#
# Knobs (environment):
#   LOAD_MATCHES            human matches                   (default 100)
#   LOAD_SECONDS            seconds per run                 (default 60)
#   LOAD_THINK_MS           pause before each human move    (default 1000: one move a second)
#   LOAD_COMPUTER_GAMES     games against the computer      (default 4)
#   LOAD_COMPUTER_LEVEL     its level                       (default 7)
#   LOAD_COMPUTER_THINK_MS  its think time per move, ms     (default 1000)
#   LOAD_COMPUTER_THREADS   computer.threads_per_game       (default 1)
#   LOAD_OUT                directory for raw output        (default: a new temp dir)
#
# Each run plays until LOAD_SECONDS have passed, then finishes the games in
# progress. The rate limit is lifted as in scripts/load.sh. LOAD_PAIRS (default
# 1) repeats the pair, alone and with the computer alternating, to see the
# spread on a machine shared with other work.
#
# The server and the load generator each run in a session of their own
# (setsid): on Linux with autogroup scheduling each session is one group that
# shares the CPU fairly with the others, so the load generator's players do
# not wait behind the server's threads, as players on other machines would
# not.
set -euo pipefail
cd "$(dirname "$0")/.."

matches="${LOAD_MATCHES:-100}"
seconds="${LOAD_SECONDS:-60}"
think_ms="${LOAD_THINK_MS:-1000}"
games="${LOAD_COMPUTER_GAMES:-4}"
level="${LOAD_COMPUTER_LEVEL:-7}"
computer_think="${LOAD_COMPUTER_THINK_MS:-1000}"
computer_threads="${LOAD_COMPUTER_THREADS:-1}"
pairs="${LOAD_PAIRS:-1}"
out="${LOAD_OUT:-$(mktemp -d -t amazons-load-computer-XXXXXX)}"
mkdir -p "$out"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

# shellcheck source=scripts/lib/load-server.sh
. scripts/lib/load-server.sh
server_launcher=(setsid)

run() {
  local name="$1"
  shift
  start_server "$name" --computer-max-games "$((games > 0 ? games : 1))" \
    --computer-threads "$computer_threads"
  echo "== $name (load average before: $(cut -d' ' -f1-3 /proc/loadavg))"
  setsid "$bin/amazons-loadgen" --url "$url" --server-pid "$server_pid" \
    play --matches "$matches" --seconds "$seconds" --think-ms "$think_ms" "$@" | tee "$out/$name.txt"
  stop_server
}

for pair in $(seq 1 "$pairs"); do
  run "alone-$pair"
  run "with-computer-$pair" --computer-games "$games" --computer-level "$level" --computer-think-ms "$computer_think"
done

echo
echo "$matches human matches, one move per ${think_ms} ms each, $(nproc) cores, computer threads per game $computer_threads (raw output in $out):"
for pair in $(seq 1 "$pairs"); do
  for name in "alone-$pair" "with-computer-$pair"; do
    echo "  $name: $(grep -m1 'round trip' "$out/$name.txt")"
  done
  grep -m1 'against the computer' "$out/with-computer-$pair.txt" | sed 's/^/    /'
done
