#!/usr/bin/env bash
# Builds the site and serves it at http://127.0.0.1:8080/ (rebuilds on change; TAPIS_PORT=… for
# another port).
# First run on a fresh machine installs the tools (about 35 minutes on 2 cores); later runs start
# in about 2 minutes (first build) or seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
scripts/ensure-tools.sh build
# wasm-opt 132 from npm FIRST: Debian's /usr/bin/wasm-opt (binaryen 108) builds a page that dies at start.
export PATH="$here/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
port="${TAPIS_PORT:-8080}"
echo "Tapis: open http://127.0.0.1:$port/ once the build below finishes (Ctrl-C stops the server)."
# --no-autoreload: the page served is the release build exactly as dist/ holds it. Trunk's reload
# script would be a second inline script, which the post-build step (the Content-Security-Policy
# hash of the one inline loader, the service worker's file list) refuses: the build would fail.
exec scripts/trunk.sh serve --release --offline --no-autoreload --address 127.0.0.1 --port "$port"
