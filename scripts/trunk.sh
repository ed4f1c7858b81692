#!/usr/bin/env bash
# Runs trunk (build or serve) with the settings of the shipped wasm: the standard library rebuilt
# with the page's own optimisation settings, panics that abort at once (no formatting machinery,
# no file names in the binary). Together these cut the first load by about 50 KB gzip (12%).
#
# They are unstable compiler options: RUSTC_BOOTSTRAP=1 lets the stable toolchain accept them, for
# the wasm build only (native builds and the component tests never see these variables).
# Needs the rust-src component (scripts/ensure-tools.sh adds it).
set -euo pipefail
export RUSTC_BOOTSTRAP=1
export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
#
# `+simd128` lets LLVM move and copy 16 bytes in one instruction: the many small structs the app
# passes around shrink the app's wasm by 10 KB gzip and the worker's by 1.6 KB (speed unchanged).
# Browsers have run wasm SIMD since Chrome 91, Firefox 89 and Safari 16.4; in older ones the
# loading screen says so at once (web/boot-check.js).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Ctarget-feature=+simd128'
# The rebuilt standard library has crates of its own (dlmalloc, moto-rt, …) that nothing else
# downloads, and the build runs with --offline: fetch them first, or a fresh machine fails with
# "no matching package named `moto-rt` found". Quick when they are already there; if the network is
# down the offline build below says what is missing.
cargo fetch --target wasm32-unknown-unknown --quiet ||
  echo "trunk.sh: cargo fetch failed; building with what is already downloaded" >&2
# The app's wasm is split per game (scripts/wasm-split/wasm-bindgen stands in for wasm-bindgen).
export PATH="$(cd "$(dirname "$0")" && pwd)/wasm-split:$PATH"
export TAPIS_WASM_SPLIT_OUT="$(cd "$(dirname "$0")/.." && pwd)/target/wasm-split"
exec trunk "$@"
