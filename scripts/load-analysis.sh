#!/usr/bin/env bash
# Do game analyses slow the matches down, and how long does one take?
#
#   bash scripts/load-analysis.sh
#
# 1. One analysis of an LOAD_PLIES-move game on a fresh idle server: the wall
#    time from the POST until GET says done, and the CPU time of its worker
#    process (the server's reaped children: only the analysis worker runs).
# 2. The move round trip of LOAD_MATCHES human matches (amazons-loadgen
#    play), first alone, then while LOAD_ANALYSES analyses run beside them
#    (analysis.max_running = LOAD_ANALYSES, the queue filled with more games
#    than can finish in the run, so that many run the whole time).
#
# Knobs (environment):
#   LOAD_MATCHES     human matches                    (default 100)
#   LOAD_SECONDS     seconds per run                  (default 60)
#   LOAD_THINK_MS    pause before each human move     (default 1000)
#   LOAD_ANALYSES    analyses at once                 (default 2)
#   LOAD_PLIES       moves of each analysed game      (default 80)
#   LOAD_PLAYOUTS    analysis.playouts                (default: the server's)
#   LOAD_THREADS     analysis.threads, and computer.threads_per_game to
#                    allow it                         (default: the server's)
#   LOAD_OUT         directory for raw output         (default: a new temp dir)
#   LOAD_SKIP_ONE    1: skip step 1                   (default 0)
#
# The server and the load generator each run in a session of their own, as
# in scripts/load-computer.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

matches="${LOAD_MATCHES:-100}"
seconds="${LOAD_SECONDS:-60}"
think_ms="${LOAD_THINK_MS:-1000}"
analyses="${LOAD_ANALYSES:-2}"
plies="${LOAD_PLIES:-80}"
out="${LOAD_OUT:-$(mktemp -d -t amazons-load-analysis-XXXXXX)}"
mkdir -p "$out"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
budget=()
if [ -n "${LOAD_PLAYOUTS:-}" ]; then
  budget=(--set "analysis.playouts=$LOAD_PLAYOUTS")
fi
if [ -n "${LOAD_THREADS:-}" ]; then
  budget+=(--set "analysis.threads=$LOAD_THREADS" --set "computer.threads_per_game=$LOAD_THREADS")
fi

# shellcheck source=scripts/lib/load-server.sh
. scripts/lib/load-server.sh
server_launcher=(setsid)

# Games to analyse: 20, so that the queue outlasts any run.
games=20
fill_history() {
  "$bin/amazons-loadgen" history --games "$games" --players 10 --plies "$plies" --out "$1" >/dev/null
}
seed_history=fill_history

http_base() { echo "http://${url#ws://}" | sed 's#/ws$##'; }

# CPU seconds of the server's reaped children (fields 16 and 17 of
# /proc/PID/stat, in clock ticks).
children_cpu() {
  awk -v hz="$(getconf CLK_TCK)" '{ print ($16 + $17) / hz }' "/proc/$server_pid/stat"
}

# --- 1. one analysis, idle server ---------------------------------------------
if [ "${LOAD_SKIP_ONE:-0}" = 1 ]; then
  one="(one analysis: skipped, LOAD_SKIP_ONE=1)"
else
start_server one-analysis ${budget[@]+"${budget[@]}"}
base="$(http_base)"
id="$(curl -sf "$base/api/games?per_page=1" | jq -r '.games[0].id')"
moves="$(curl -sf "$base/api/games/$id" | jq '.moves | length')"
cpu_before="$(children_cpu)"
started="$(date +%s.%N)"
curl -sf -X POST "$base/api/games/$id/analysis" >/dev/null
while :; do
  status="$(curl -sf "$base/api/games/$id/analysis" | jq -r .status)"
  [ "$status" = queued ] || [ "$status" = running ] || break
  sleep 0.1
done
ended="$(date +%s.%N)"
sleep 0.5 # the worker is reaped just after its last line
cpu_after="$(children_cpu)"
curl -sf "$base/api/games/$id/analysis" >"$out/one-analysis.json"
playouts="$(jq .budget.playouts "$out/one-analysis.json")"
one="one analysis of a $moves-move game ($((moves + 1)) positions, $playouts playouts each): status $status, wall $(echo "$ended - $started" | bc -l | xargs printf '%.1f') s, worker CPU $(echo "$cpu_after - $cpu_before" | bc -l | xargs printf '%.1f') s"
echo "$one"
stop_server
fi

# --- 2. matches with and without analyses -------------------------------------
asked=""
run() {
  local name="$1" with="$2"
  shift 2
  start_server "$name" --set "analysis.max_running=$((analyses > 0 ? analyses : 1))" \
    --computer-max-games "$((analyses > 2 ? analyses : 2))" ${budget[@]+"${budget[@]}"} "$@"
  base="$(http_base)"
  if [ "$with" = yes ]; then
    local answers=""
    asked="$(curl -sf "$base/api/games?per_page=$games" | jq -r '.games[].id')"
    for id in $asked; do
      answers="$answers $(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/api/games/$id/analysis")"
    done
    echo "analyses asked for, answers:$answers"
  fi
  echo "== $name (load average before: $(cut -d' ' -f1-3 /proc/loadavg))"
  setsid "$bin/amazons-loadgen" --url "$url" --server-pid "$server_pid" \
    play --matches "$matches" --seconds "$seconds" --think-ms "$think_ms" | tee "$out/$name.txt"
  if [ "$with" = yes ]; then
    local states
    states="$(for id in $asked; do
      curl -s "$base/api/games/$id/analysis" | jq -r '.status // .error'
    done | sort | uniq -c | xargs)"
    echo "analyses at the end: $states" | tee -a "$out/$name.txt"
  fi
  stop_server
}

run alone no
run "with-$analyses-analyses" yes

echo
echo "$one"
echo "$matches human matches, one move per ${think_ms} ms each, $(nproc) cores (raw output in $out):"
for name in alone "with-$analyses-analyses"; do
  echo "  $name: $(grep -m1 'round trip' "$out/$name.txt")"
done
grep -m1 '^analyses at the end:' "$out/with-$analyses-analyses.txt" | sed 's/^/    /'
