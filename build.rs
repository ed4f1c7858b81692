//! The app's wasm (bin `tapis`) keeps its relocations (`--emit-relocs`): wasm-split-cli needs them
//! to cut each game's view into a chunk of its own (scripts/wasm-split/wasm-bindgen). The AI
//! workers and native builds are untouched.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bin=tapis=--emit-relocs");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
