#!/usr/bin/env bash
# Installs, idempotently, every tool the build and the tests need.
# Usage: scripts/ensure-tools.sh [build|test]   (build: wasm toolchain and Chromium; test: also the browsers
# (Chromium, Firefox ESR + geckodriver, WebKitGTK's WebDriver + Xvfb) and the tests' npm packages)
# Each step checks first and does nothing when the right version is already there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
what="${1:-build}"

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
GECKODRIVER_VERSION=0.37.1
WASM_SPLIT_VERSION=0.2.4
# Must equal the wasm-bindgen version pinned in Cargo.toml (and so in Cargo.lock).
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' "$here/Cargo.toml")
[ -n "$WASM_BINDGEN_VERSION" ] || { echo "ensure-tools: cannot read the wasm-bindgen pin from Cargo.toml" >&2; exit 1; }

say() { printf '\033[1m[tools]\033[0m %s\n' "$*"; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! command -v cargo >/dev/null; then
  echo "ensure-tools: cargo is missing; install Rust with rustup first (https://rustup.rs)" >&2; exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
  say "adding the rust-src component (the wasm build rebuilds the standard library: scripts/trunk.sh)"
  rustup component add rust-src
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    say "adding the $component component (scripts/test.sh checks the format and the lints)"
    rustup component add "$component"
  fi
done

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (first time only: about 15-20 minutes)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (first time only: about 15 minutes)"
  # Not --locked: one locked dependency version is missing from the registry.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# The splitter of the app's wasm into one chunk per game (scripts/wasm-split/wasm-bindgen). It has
# no --version: the installed crates are listed by cargo.
if ! cargo install --list 2>/dev/null | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (first time only: about 3 minutes)"
  cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
fi

# wasm-opt from npm, kept in the project: Debian's binaryen 108 builds pages that die at start.
if ! "$here/.tools/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  command -v npm >/dev/null || { say "installing node and npm"; apt-get update -qq && apt-get install -y -qq nodejs npm; }
  say "installing binaryen $BINARYEN_VERSION (wasm-opt) into .tools/"
  mkdir -p "$here/.tools"
  npm install --silent --no-audit --no-fund --prefix "$here/.tools" "binaryen@$BINARYEN_VERSION"
fi

# The build draws the first screen (index.html's copy of the new-game screen) with the built app
# in headless Chromium, Debian's (scripts/first-screen.mjs).
if ! command -v chromium >/dev/null && [ -z "${CHROME_PATH:-}" ]; then
  say "installing chromium (the build draws index.html's first screen with it)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi

if [ "$what" = test ]; then
  # The browsers of the end-to-end tests, from Debian: Chromium (+ ChromeDriver for the component
  # tests), Firefox ESR, and WebKitGTK's WebDriver with its MiniBrowser, run under Xvfb
  # (tests/e2e/engines.test.mjs).
  missing_deb=()
  command -v chromium >/dev/null || missing_deb+=(chromium)
  command -v chromedriver >/dev/null || missing_deb+=(chromium-driver)
  command -v firefox-esr >/dev/null || missing_deb+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null || missing_deb+=(webkit2gtk-driver)
  command -v Xvfb >/dev/null || missing_deb+=(xvfb)
  command -v xauth >/dev/null || missing_deb+=(xauth)
  if [ ${#missing_deb[@]} -gt 0 ]; then
    say "installing ${missing_deb[*]}"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_deb[@]}"
  fi
  # Firefox's WebDriver: no Debian package, crates.io has it (any installed version will do).
  if ! geckodriver --version >/dev/null 2>&1; then
    say "installing geckodriver $GECKODRIVER_VERSION (first time only: about 8 minutes)"
    cargo install --locked geckodriver --version "$GECKODRIVER_VERSION"
  fi
  node_major=$(node --version 2>/dev/null | sed -n 's/^v\([0-9]*\).*/\1/p')
  # (selenium-webdriver 4.46 needs Node 20.)
  if [ "${node_major:-0}" -lt 20 ]; then
    echo "ensure-tools: the end-to-end tests need Node 20 or newer (found: $(node --version 2>/dev/null || echo none))" >&2; exit 1
  fi
  # Every dependency of tests/e2e/package.json (playwright-core, axe-core, selenium-webdriver, pngjs)
  # at its pinned version.
  missing_e2e=$(cd "$here/tests/e2e" && node -e '
    const fs = require("fs");
    const want = JSON.parse(fs.readFileSync("package.json", "utf8")).dependencies;
    for (const [name, version] of Object.entries(want)) {
      let have = null;
      try { have = JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8")).version; } catch {}
      if (have !== version) console.log(`${name}@${version}`);
    }')
  if [ -n "$missing_e2e" ]; then
    say "installing the end-to-end tests' packages: $(echo $missing_e2e) (no browser download: Debian's Chromium is used)"
    # PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: belt and braces, playwright-core downloads nothing anyway.
    (cd "$here/tests/e2e" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --silent --no-audit --no-fund)
  fi
fi
say "tools ready"
