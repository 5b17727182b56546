#!/usr/bin/env bash
# The whole test suite: the Rust workspace (`cargo test --workspace`, extra
# arguments such as --locked are passed on), then the web board's checks:
# tsc --checkJs, the Node unit tests and the browser tests in Debian's
# Chromium against the amazons-server binary the Rust build made.
#
# Needs Node.js >= 20 with npm and /usr/bin/chromium (apt-get install
# chromium); installs web/node_modules from the lockfile when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test --workspace $*"
cargo test --workspace "$@"

echo "== web board"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "scripts/test.sh: the web tests need Node.js 20 or newer with npm" >&2
    exit 1
fi
chromium="${CHROMIUM_BIN:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
    echo "scripts/test.sh: the web browser tests need Chromium at $chromium: apt-get install chromium (or set CHROMIUM_BIN)" >&2
    exit 1
fi
if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    npm ci --prefix web --no-audit --no-fund
fi
if [ -z "${AMAZONS_SERVER_BIN:-}" ]; then
    # The server `cargo test` built (a no-op build when it is current).
    AMAZONS_SERVER_BIN="$(cargo build -p amazons-server --bin amazons-server "$@" --message-format=json \
        | node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>{for(const l of t.split("\n")){try{const m=JSON.parse(l);if(m.reason==="compiler-artifact"&&m.executable&&m.target.name==="amazons-server")console.log(m.executable)}catch{}}})')"
    export AMAZONS_SERVER_BIN
fi
npm --prefix web test
