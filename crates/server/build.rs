//! Embeds the built front end (`web/dist`) into release binaries, compressed at build time, so a
//! copied binary serves the whole product. Debug builds read the same files from disk at request
//! time. Before the front end is built, a placeholder page stands in for it.

use std::path::{Path, PathBuf};

fn main() {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    println!("cargo::rerun-if-changed={}", dist.display());
    let dir = if dist.join("index.html").is_file() { dist } else { placeholder() };
    let release = std::env::var("PROFILE").as_deref() == Ok("release");
    // One line per file is noise in every build log.
    // SAFETY: the build script is single-threaded.
    unsafe { std::env::set_var("MEMORY_SERVE_QUIET", "1") };
    memory_serve::load_directory_with_embed(dir, release);
}

fn placeholder() -> PathBuf {
    let dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("web-placeholder");
    std::fs::create_dir_all(&dir).expect("placeholder directory");
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><meta charset=\"utf-8\"><title>Townboard</title><p>The front end was not built into this binary: run <code>make web</code>, then build again.</p>",
    )
    .expect("placeholder page");
    std::fs::write(dir.join("robots.txt"), "User-agent: *\nDisallow: /\n").expect("placeholder robots.txt");
    dir
}
