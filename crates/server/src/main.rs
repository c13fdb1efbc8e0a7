use std::process::ExitCode;

// Many small allocations across threads (requests, rows, JSON): mimalloc keeps them off glibc's
// arena locks. It also stands in for C's malloc (the `override` feature), so SQLite's connection
// threads allocate from it too: in glibc's per-thread arenas their freed memory stayed with the
// process, and under a steady load its RSS grew by 64 MB steps.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    townboard_server::cli::run(std::env::args().skip(1).collect()).await
}
