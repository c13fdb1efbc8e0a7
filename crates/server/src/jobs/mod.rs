//! Background work inside `townboard serve`: the status sweep every minute.

pub mod status;

use crate::state::AppState;
use std::time::Duration;

/// Starts the periodic jobs; they stop with the process.
pub fn spawn(state: AppState) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(e) = status::sweep(&state).await {
                tracing::error!(error = ?e, "status sweep failed");
            }
        }
    });
}
