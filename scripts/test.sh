#!/usr/bin/env bash
# The one test command (CI runs it through .ci/run). Stages, in order, stopping at the first failure:
#   1. tools       scripts/ensure-tools.sh test (first time on a fresh machine: ~35 min of builds)
#   2. fmt, clippy cargo fmt --check; cargo clippy -D warnings, native and wasm
#   2b. native     cargo test (every native test; profile.test is optimised)
#   3. components  the wasm-bindgen component tests in headless Chromium (if tests/components.rs exists)
#   4. play        scripts/check-play.sh: the README's play command builds and serves the game
#   5. build       scripts/trunk.sh build --release --offline -> dist/
#   5b. drill-build the same with TAPIS_CRASH_DRILL=1 -> dist-drill/ (a forced trap, for crash.test.mjs)
#   6. size        gzip -9 budgets: the lobby (a first visit) and each game's worker, ceilings at today's sizes (tests/e2e/size-budget.mjs)
#   7. e2e         Playwright (playwright-core + Debian's Chromium) against dist/ served under a sub-path
# Ends with "N passed, N failed" (stages) and exits non-zero if any stage failed.
# --keep-going: run the later stages even after a failure (the tools and build stages still stop
# the run, since nothing after them can work); the exit status is still non-zero.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"

keep_going=0
[ "${1:-}" = --keep-going ] && keep_going=1

passed=0
failed=0
failed_names=()
started=$SECONDS
bold() { printf '\033[1m%s\033[0m\n' "$*"; }

summary() {
  echo
  bold "test.sh: $passed passed, $failed failed ($(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s)${failed_names[*]:+ — failed: ${failed_names[*]}}"
}

# stage NAME COMMAND...: runs one stage; on failure prints why and stops (unless --keep-going).
stage() {
  local name="$1"; shift
  local t0=$SECONDS
  bold "==> $name: $*"
  if "$@"; then
    passed=$((passed + 1))
    bold "<== $name passed in $((SECONDS - t0)) s"
  else
    local rc=$?
    failed=$((failed + 1))
    failed_names+=("$name")
    echo >&2
    bold "!!! stage '$name' FAILED (exit $rc) after $((SECONDS - t0)) s: $*" >&2
    if [ "$keep_going" = 0 ] || [ "$name" = tools ] || [ "$name" = build ] || [ "$name" = drill-build ]; then
      summary
      exit 1
    fi
  fi
}

stage tools scripts/ensure-tools.sh test

# Tools found by ensure-tools; wasm-opt 132 from npm FIRST (never Debian's /usr/bin/wasm-opt 108).
export PATH="$here/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# The ecosystem's habits: formatted as rustfmt.toml says, and clippy silent on both targets.
stage fmt cargo fmt --check
stage clippy cargo clippy --all-targets -- -D warnings
stage clippy-wasm cargo clippy --target wasm32-unknown-unknown --all-targets -- -D warnings

stage native cargo test

if [ -f tests/components.rs ]; then
  # The runner (.cargo/config.toml) drives Chromium through ChromeDriver; webdriver.json holds its flags.
  stage components env CHROMEDRIVER=/usr/bin/chromedriver WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --target wasm32-unknown-unknown --test components
else
  bold "(no tests/components.rs: component tests skipped)"
fi

# The README's play command builds and serves (its own build: `trunk serve`, not `trunk build`).
stage play scripts/check-play.sh

stage build scripts/trunk.sh build --release --offline

# The same build with the crash drill (src/app/shell/crash.rs), for tests/e2e/crash.test.mjs only: a
# trap forced on purpose, which the build above does not ship.
stage drill-build env TAPIS_CRASH_DRILL=1 scripts/trunk.sh build --release --offline --dist dist-drill

stage size node tests/e2e/size-budget.mjs dist

# One test file at a time (2 cores; each file drives its own Chromium), all files run even if one
# fails, so a single run shows every broken scenario.
e2e() {
  local f ok=0
  for f in tests/e2e/*.test.mjs; do
    bold "--- $f"
    node --test "$f" || ok=1
  done
  return $ok
}
stage e2e e2e

summary
[ "$failed" = 0 ]
