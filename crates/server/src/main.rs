use std::process::ExitCode;

// Many small allocations across threads (requests, rows, JSON): mimalloc keeps them off glibc's
// arena locks.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    townboard_server::cli::run(std::env::args().skip(1).collect()).await
}
