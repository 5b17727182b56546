# The server side of the load scripts (scripts/load.sh,
# scripts/load-computer.sh, scripts/load-analysis.sh), sourced by them:
# release binaries, a fresh server per run and its removal, also on exit.
#
# Needs $out (the directory for raw output) set before start_server.

echo "== building release binaries"
cargo build --release --locked -p amazons-server -p amazons-loadgen
bin="${CARGO_TARGET_DIR:-target}/release"
server_bin="${LOAD_SERVER_BIN:-$bin/amazons-server}"

server_pid=""
history=""

# Stops the server, if one runs, and removes its history directory.
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
  if [ -n "$history" ]; then
    rm -rf "$history"
    history=""
  fi
}
trap stop_server EXIT

# start_server NAME [ARG...]: starts a fresh server on 127.0.0.1 (a free
# port, a new temporary history directory, first filled by the function
# named in $seed_history when that is set, the rate limit lifted: the load
# generator's players move far faster than the default allows) with the
# extra ARGs, its output in $out/server-NAME.log, run through the command in
# the array server_launcher when that is set (setsid, say). Sets server_pid
# and url; exits with the log when the server does not start.
start_server() {
  local log="$out/server-$1.log"
  shift
  history="$(mktemp -d -t amazons-load-history-XXXXXX)"
  # A script may fill the history before the server reads it.
  if [ -n "${seed_history:-}" ]; then
    "$seed_history" "$history"
  fi
  # Made before the server starts, so that reading it below never races
  # the background job's redirection.
  : >"$log"
  RUST_LOG="${LOAD_RUST_LOG:-warn}" ${server_launcher[@]+"${server_launcher[@]}"} "$server_bin" \
    --listen 127.0.0.1 --port 0 --history-dir "$history" \
    --rate-limit-messages 1000000 "$@" >"$log" 2>&1 &
  server_pid=$!
  local port=""
  for _ in $(seq 1 100); do
    port="$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -n1)"
    [ -n "$port" ] && break
    sleep 0.1
  done
  if [ -z "$port" ]; then
    echo "the server did not start:" >&2
    cat "$log" >&2
    exit 1
  fi
  url="ws://127.0.0.1:$port/ws"
}
