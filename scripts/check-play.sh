#!/usr/bin/env bash
# The play command, checked as a newcomer runs it: scripts/play.sh must build and serve the game.
# Starts it on a spare port, waits (up to 15 minutes: a first build) until the page and the AI
# worker are served, then stops it. Run by scripts/test.sh; the release build after it rewrites
# dist/ for the end-to-end tests.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
port="${TAPIS_CHECK_PORT:-8093}"
log="$(mktemp)"
# From nothing, as on a fresh clone: a dist/ left by an earlier build must not be what is served.
rm -rf dist
# Its own process group, so that stopping it stops Trunk and its children.
setsid env TAPIS_PORT="$port" scripts/play.sh >"$log" 2>&1 &
pid=$!
stop() { kill -- -"$pid" 2>/dev/null; wait "$pid" 2>/dev/null; }
trap stop EXIT
url="http://127.0.0.1:$port/"
for _ in $(seq 1 180); do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "check-play: scripts/play.sh stopped before serving the game; its output:" >&2
    cat "$log" >&2
    exit 1
  fi
  if grep -q "ERROR" "$log"; then
    echo "check-play: the play command's build failed; its output:" >&2
    cat "$log" >&2
    exit 1
  fi
  page="$(curl -fs "$url" 2>/dev/null || true)"
  if [[ "$page" == *"_bg.wasm"* ]] && curl -fs -o /dev/null "${url}worker-nain-jaune_bg.wasm"; then
    echo "check-play: scripts/play.sh serves the game at $url (page and AI worker)"
    exit 0
  fi
  sleep 5
done
echo "check-play: nothing served at $url after 15 minutes; scripts/play.sh said:" >&2
cat "$log" >&2
exit 1
