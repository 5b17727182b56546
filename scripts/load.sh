#!/usr/bin/env bash
# Load test of amazons-server with its load generator (amazons-loadgen, tools/loadgen).
#
#   bash scripts/load.sh
#
# Builds release binaries, then for each size starts a fresh server on
# 127.0.0.1 (free port, temporary history directory) and runs:
#   - `amazons-loadgen play --matches N`: N concurrent matches, two
#     connections each, random legal moves one game after another;
#   - `amazons-loadgen idle --connections N`: N connections that say hello and
#     then only answer pings.
# and prints one table: moves per second, move round trip (sending a move to
# receiving its move_played) at p50/p99/max, and the server's memory (VmRSS)
# per connection (peak RSS minus RSS at start, over the connections), and
# the server's CPU use as the load generator reports it. The raw loadgen output is kept in $LOAD_OUT (printed).
#
# Knobs (environment):
#   LOAD_MATCHES   play sizes                      (default "100 1000 2000"; "" for none)
#   LOAD_IDLE      idle connection counts          (default "10000"; "" for none)
#   LOAD_SECONDS   seconds per play run            (default 20)
#   LOAD_HOLD      seconds the idle connections are held (default 10)
#   LOAD_THINK_MS  pause before each move, ms      (default 0: as fast as possible)
#   LOAD_OUT       directory for raw output        (default: a new temp dir)
#   LOAD_FEN       the position every play match starts from (default: the
#                  start); `walled` for the script's own endgame: a wall of
#                  arrows across the board with one gap, white's queens
#                  below and black's above, so the games separate within a
#                  few moves and the server counts the territory after
#                  almost every move (its dearest work after a move)
#   LOAD_SERVER_BIN  the server binary to measure (default: the one built),
#                  say an older build kept for a before/after comparison
#   LOAD_RUST_LOG  the server's RUST_LOG (default warn); say
#                  amazons_server::territory=debug to log every count's time
#                  in the server's log (kept beside the raw output)
#
# The server runs with the rate limit lifted (--rate-limit-messages): the
# load generator's players move far faster than the default 100 messages per
# 20 s allow. Opening 10,000 connections needs that many file descriptors in
# both processes: the script raises `ulimit -n` to the hard limit.
set -euo pipefail
cd "$(dirname "$0")/.."

matches_sizes="${LOAD_MATCHES-100 1000 2000}"
idle_sizes="${LOAD_IDLE-10000}"
play_seconds="${LOAD_SECONDS:-20}"
hold_seconds="${LOAD_HOLD:-10}"
think_ms="${LOAD_THINK_MS:-0}"
out="${LOAD_OUT:-$(mktemp -d -t amazons-load-XXXXXX)}"
mkdir -p "$out"
walled_fen="3q2q3/10/10/q8q/****1*****/Q8Q/10/10/10/3Q2Q3 w - - 0 1"
initial_fen="${LOAD_FEN:-}"
if [ "$initial_fen" = walled ]; then initial_fen="$walled_fen"; fi
fen_args=()
if [ -n "$initial_fen" ]; then fen_args=(--initial-fen "$initial_fen"); fi

hard="$(ulimit -Hn)"
if [ "$hard" = unlimited ] || [ "$hard" -gt 65536 ]; then hard=65536; fi
ulimit -n "$hard"

# shellcheck source=scripts/lib/load-server.sh
. scripts/lib/load-server.sh

# field LINE-PATTERN WORD FILE: the token after WORD on the first line
# matching LINE-PATTERN.
field() {
  grep -m1 -- "$1" "$3" | awk -v word="$2" '{ for (i = 1; i < NF; i++) if ($i == word) { print $(i + 1); exit } }'
}

rows=()
for n in $matches_sizes; do
  echo "== play: $n matches for ${play_seconds}s (think ${think_ms} ms)"
  start_server "play-$n" --max-connections 30000 --max-matches 20000
  file="$out/play-$n.txt"
  "$bin/amazons-loadgen" --url "$url" --server-pid "$server_pid" \
    play --matches "$n" --seconds "$play_seconds" --think-ms "$think_ms" \
    ${fen_args[@]+"${fen_args[@]}"} | tee "$file"
  stop_server
  moves_s="$(field 'moves/s' 'moves/s' "$file")"
  p50="$(field 'round trip' p50 "$file")"
  p99="$(field 'round trip' p99 "$file")"
  max="$(field 'round trip' max "$file")"
  before="$(field 'server RSS' before "$file")"
  peak="$(field 'server RSS' play "$file")"
  failed="$(field 'moves/s' slots "$file")"
  cpu="$(grep -m1 'server CPU' "$file" | sed -n 's/.*(\([0-9.]*\)% of one core, \([0-9.]*\) us per move).*/\1%, \2 us\/move/p')"
  per_conn="$(awk -v b="$before" -v p="$peak" -v c="$((n * 2))" 'BEGIN { if (c > 0 && p != "") printf "%.1f", (p - b) / c; else print "?" }')"
  rows+=("| play | $n matches ($((n * 2)) conns) | $moves_s | $p50 | $p99 | $max | $per_conn | ${peak:-?} | ${cpu:-?} | ${failed:-?} |")
done

for n in $idle_sizes; do
  echo "== idle: $n connections held ${hold_seconds}s"
  start_server "idle-$n" --max-connections 30000 --max-matches 20000
  file="$out/idle-$n.txt"
  "$bin/amazons-loadgen" --url "$url" --server-pid "$server_pid" \
    idle --connections "$n" --hold-seconds "$hold_seconds" | tee "$file"
  stop_server
  held="$(field 'server RSS' holding "$file")"
  per_conn="$(grep -m1 'per idle connection' "$file" | sed -n 's/.*=> \([0-9.]*\) KiB.*/\1/p')"
  open="$(field 'still open' 'hold:' "$file")"
  failures="$(field 'still open' failures "$file")"
  rows+=("| idle | $n connections ($open still open) | - | - | - | - | ${per_conn:-?} | ${held:-?} | - | ${failures:-?} |")
done

echo
echo "amazons-server load, $(nproc) cores, $(date -u +%Y-%m-%d) (raw output in $out)"
echo
echo "| mode | size | moves/s | p50 ms | p99 ms | max ms | server KiB/conn | server peak RSS KiB | server CPU | failed |"
echo "|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
