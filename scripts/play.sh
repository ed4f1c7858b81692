#!/usr/bin/env bash
# Builds the site and serves it at http://127.0.0.1:8080/ (rebuilds on change).
# First run on a fresh machine installs the tools (about 35 minutes on 2 cores); later runs start
# in about 2 minutes (first build) or seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
scripts/ensure-tools.sh build
# wasm-opt 132 from npm FIRST: Debian's /usr/bin/wasm-opt (binaryen 108) builds a page that dies at start.
export PATH="$here/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"
echo "Tapis: open http://127.0.0.1:8080/ once the build below finishes (Ctrl-C stops the server)."
exec scripts/trunk.sh serve --release --offline --address 127.0.0.1 --port 8080
