//! Command line: `townboard serve` (the default).

use crate::config::Config;
use std::future::IntoFuture;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: townboard [serve] | seed-demo | backup PATH | simulate-players --server URL (--serials A,B | --serial-prefix P --count N) [--rounds R] [--interval-secs S]";

pub async fn run(args: Vec<String>) -> ExitCode {
    if let Err(e) = crate::logging::init() {
        eprintln!("configuration: {e}");
        return ExitCode::from(2);
    }
    if args.first().map(String::as_str) == Some("simulate-players") {
        let outcome = match crate::simulate::Options::parse(&args[1..]) {
            Ok(opts) => crate::simulate::run(opts).await,
            Err(e) => Err(format!("{e}\n{USAGE}")),
        };
        return match outcome {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("configuration: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match args.first().map(String::as_str) {
        None | Some("serve") => serve(config).await,
        Some("seed-demo") => crate::demo::seed(config).await,
        Some("backup") => match args.get(1) {
            Some(path) => crate::backup::run(config, std::path::Path::new(path)).await,
            None => Err(format!("backup needs the path to write\n{USAGE}")),
        },
        Some(other) => Err(format!("unknown command {other}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> Result<(), String> {
    let bind = config.bind;
    let state = crate::boot::start(config).await?;
    let workers = crate::jobs::spawn(state.clone());
    let app = crate::app::router(state.clone());
    let listener = tokio::net::TcpListener::bind(bind).await.map_err(|e| format!("bind {bind}: {e}"))?;
    tracing::info!("listening on http://{bind}");
    let (stopping, stop_seen) = tokio::sync::oneshot::channel();
    let jobs = state.jobs.clone();
    let server = crate::connection::serve(listener, app, async move {
        stop_requested().await;
        tracing::info!("stopping: no new connections; requests in flight may finish for {} s", DRAIN.as_secs());
        jobs.stop();
        let _ = stopping.send(());
    });
    let mut server = tokio::spawn(server.into_future());
    tokio::select! {
        ended = &mut server => return ended.map_err(|e| e.to_string())?.map_err(|e| e.to_string()),
        _ = stop_seen => {}
    }
    match tokio::time::timeout(DRAIN, &mut server).await {
        Ok(ended) => ended.map_err(|e| e.to_string())?.map_err(|e| e.to_string())?,
        Err(_) => {
            tracing::warn!("requests still running after {} s are cut off", DRAIN.as_secs());
            server.abort();
        }
    }
    // Workers hand their running jobs back to the queue as soon as they see the stop.
    if tokio::time::timeout(Duration::from_secs(10), workers.join_all()).await.is_err() {
        tracing::warn!("a job worker did not stop in time; its claim lapses on its own");
    }
    if let Err(e) = crate::player::beat_writer::flush(&state).await {
        tracing::error!(error = ?e, "writing the last heartbeats failed");
    }
    // Receipts wait for a quiet moment before they are written: the last ones are written now.
    if let Err(e) = crate::player::push::reach::flush(&state).await {
        tracing::error!(error = %e, "writing the last urgent message receipts failed");
    }
    tracing::info!("stopped");
    Ok(())
}

/// How long requests in flight may take to finish once a stop is asked for.
const DRAIN: Duration = Duration::from_secs(30);

/// SIGTERM (a service manager, a container runtime) or Ctrl-C.
async fn stop_requested() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await
            }
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate => {}
    }
}
