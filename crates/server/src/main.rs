use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    townboard_server::cli::run(std::env::args().skip(1).collect()).await
}
