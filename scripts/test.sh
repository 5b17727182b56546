#!/usr/bin/env bash
# The whole test suite, as the README gives it: the Rust workspace
# (`cargo test --workspace --no-fail-fast`, so one failing test binary does
# not hide the others; extra arguments such as --locked are passed on),
# then the web board's checks: the type check (tsc --checkJs), the Node unit
# tests and the browser tests in Debian's Chromium against the amazons-server
# binary the Rust build made.
#
# It sets up what it needs on a fresh machine when it can: Debian's chromium
# (and a font with Chinese characters, fonts-wqy-microhei)
# (installed with apt-get when run as root or with a working sudo; otherwise
# it says what to run) and web/node_modules from the lockfile. Node.js 20+
# with npm must be there already.
#
# Each stage's full output goes to target/test-logs/<stage>.log; the screen
# gets one line per stage, the failures of a stage that failed, and one
# total line at the end. VERBOSE=1 shows every stage's output as it runs;
# STAGE_LIMIT (default 40m) stops a stage that runs longer, as a failure.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=target/test-logs
mkdir -p "$logs"
passed=0
failed=0
summary=()

say() { printf '%s\n' "$*"; }
fail_setup() {
    say "scripts/test.sh: $*" >&2
    exit 1
}

# --- prerequisites --------------------------------------------------------

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    fail_setup "the web tests need Node.js 20 or newer with npm (https://nodejs.org, or Debian's nodejs from bookworm-backports)"
fi
if [ "$(node -p 'Number(process.versions.node.split(".")[0])')" -lt 20 ]; then
    fail_setup "the web tests need Node.js 20 or newer; this is $(node --version)"
fi

chromium="${CHROMIUM_BIN:-/usr/bin/chromium}"
# Debian packages the browser tests want: Chromium itself, and a font with
# Chinese characters so that the Chinese screens (and their screenshots) show
# characters rather than empty boxes. Chromium is required; the font only
# warns when it cannot be installed (the tests read text, not glyphs).
wanted=()
if [ ! -x "$chromium" ]; then
    if [ -n "${CHROMIUM_BIN:-}" ]; then
        fail_setup "CHROMIUM_BIN=$CHROMIUM_BIN is not an executable"
    fi
    wanted+=(chromium)
fi
if command -v dpkg-query >/dev/null && ! dpkg-query -W -f='${Status}' fonts-wqy-microhei 2>/dev/null | grep -q "ok installed"; then
    wanted+=(fonts-wqy-microhei)
fi
if [ "${#wanted[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        as_root=()
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        as_root=(sudo)
    elif [ ! -x "$chromium" ]; then
        fail_setup "the browser tests need Debian's Chromium; install it with
    sudo apt-get install chromium fonts-wqy-microhei
or set CHROMIUM_BIN to a Chromium binary, then run this again"
    else
        as_root=(false)
    fi
    say "== installing ${wanted[*]} for the browser tests (apt-get)"
    if ! { "${as_root[@]}" apt-get update -qq >"$logs/apt.log" 2>&1 &&
        DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${wanted[@]}" >>"$logs/apt.log" 2>&1; }; then
        if [ ! -x "$chromium" ]; then
            fail_setup "apt-get install ${wanted[*]} failed (see $logs/apt.log)"
        fi
        say "scripts/test.sh: could not install ${wanted[*]}; Chinese text will show as boxes in screenshots (see $logs/apt.log)"
    fi
fi

if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    say "== installing the web tests' Node packages from web/package-lock.json"
    npm ci --prefix web --no-audit --no-fund >"$logs/npm-ci.log" 2>&1 ||
        fail_setup "npm ci failed (see $logs/npm-ci.log)"
fi

# --- stages ---------------------------------------------------------------

# The longest one stage may run (a `timeout` duration): a test that hangs
# fails its stage with the tests still running named, instead of holding the
# whole run until an outer limit kills it without a word.
stage_limit="${STAGE_LIMIT:-40m}"

# Runs one stage, its output into its log (and on screen with VERBOSE=1).
run_stage() {
    local name=$1
    shift
    local log="$logs/$name.log"
    local started=$SECONDS
    if [ "${VERBOSE:-0}" = 1 ]; then
        timeout -k 30s "$stage_limit" "$@" 2>&1 | tee "$log"
    else
        timeout -k 30s "$stage_limit" "$@" >"$log" 2>&1
    fi
    local status=${PIPESTATUS[0]}
    stage_seconds=$((SECONDS - started))
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        {
            echo "scripts/test.sh: stopped after $stage_limit (STAGE_LIMIT); still running then:"
            grep -E 'has been running for over' "$log" | tail -5
        } >>"$log"
    fi
    return "$status"
}

# Adds a stage's counts to the totals and prints its line; on failure, what
# failed and where the whole log is.
report() {
    local name=$1 status=$2 pass=$3 fail=$4 excerpt=$5
    if [ "$status" -ne 0 ] && [ "$fail" -eq 0 ]; then
        fail=1 # it did not get as far as its tests (a build or a crash)
    fi
    passed=$((passed + pass))
    failed=$((failed + fail))
    summary+=("$name $pass")
    if [ "$status" -eq 0 ]; then
        say "ok      $name: $pass passed (${stage_seconds}s)"
    else
        say "FAILED  $name: $pass passed, $fail failed (${stage_seconds}s); the whole output is $logs/$name.log"
        say "$excerpt" | sed 's/^/    /'
    fi
}

# Rust: the sum of every test binary's "test result" line.
say "== Rust workspace (cargo test --workspace --no-fail-fast $*)"
run_stage rust cargo test --workspace --no-fail-fast "$@"
status=$?
read -r pass fail < <(sed -n 's/^test result: [A-Za-z]*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' "$logs/rust.log" |
    awk '{p += $1; f += $2} END {print p + 0, f + 0}')
excerpt=$(grep -E '^(error(\[|:)|---- |thread .* panicked|test .* FAILED$|scripts/test.sh: stopped|test .* has been running for over)' "$logs/rust.log" | head -40)
report rust "$status" "$pass" "$fail" "$excerpt"

if [ -z "${AMAZONS_SERVER_BIN:-}" ]; then
    # The server `cargo test` built (a no-op build when it is current).
    AMAZONS_SERVER_BIN="$(cargo build -p amazons-server --bin amazons-server "$@" --message-format=json 2>>"$logs/rust.log" |
        node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>{for(const l of t.split("\n")){try{const m=JSON.parse(l);if(m.reason==="compiler-artifact"&&m.executable&&m.target.name==="amazons-server")console.log(m.executable)}catch{}}})')"
fi
export AMAZONS_SERVER_BIN CHROMIUM_BIN="$chromium"

say "== web board (type check, unit tests, browser tests)"
run_stage web-check npm --prefix web run --silent check
status=$?
if [ "$status" -eq 0 ]; then
    say "ok      web-check: tsc --checkJs found no error (${stage_seconds}s)"
else
    failed=$((failed + 1))
    say "FAILED  web-check: tsc --checkJs (${stage_seconds}s); the whole output is $logs/web-check.log"
    grep -E 'error TS' "$logs/web-check.log" | head -40 | sed 's/^/    /'
fi

# Node's test runner ends with "# pass N" and "# fail N".
node_stage() {
    local name=$1 script=$2
    run_stage "$name" npm --prefix web run --silent "$script"
    local status=$?
    local pass fail
    pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$logs/$name.log" | tail -1)
    fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$logs/$name.log" | tail -1)
    report "$name" "$status" "${pass:-0}" "${fail:-0}" "$(grep -E '^not ok|^# Subtest|error:|Error:' "$logs/$name.log" | grep -B1 -A0 -E '^not ok|rror' | head -40)"
}
node_stage web-unit unit
node_stage web-browser e2e

say "== total: $passed passed, $failed failed (${summary[*]})"
[ "$failed" -eq 0 ]
