//! The silence check: a screen whose channel closed here is looked at again the moment its silence
//! runs out (the status sweep's rule, for it alone), so it is shown as silent and the operators are
//! told then, not at the next minute's sweep. A screen back by then (a heartbeat, a channel to any
//! process) is still on and nothing changes; one back on a channel to this process is not looked at.

use crate::state::AppState;
use std::time::{Duration, Instant};

/// How often the due screens are looked for.
const LOOK_EVERY: Duration = Duration::from_millis(250);
/// Screens looked at in one statement of each kind.
const PIECE: usize = 500;

/// When a screen whose channel closes now is due: once it has been silent as long as it may be,
/// and a moment more, so its silence is past what is allowed when it is looked at.
pub fn due(state: &AppState) -> Instant {
    let allowed = state.config.screen_silent_after.to_std().unwrap_or(Duration::from_secs(180));
    Instant::now() + allowed + LOOK_EVERY / 5
}

/// Looks at the due screens until the process stops, and tells the operators of those gone silent
/// in one alert a round, however many pieces they took. A check that fails is left to the sweep.
pub async fn check_loop(state: AppState) {
    let mut tick = tokio::time::interval(LOOK_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let mut changed = 0;
        loop {
            let mut due = state.push.closed.take_due(Instant::now(), PIECE);
            if due.is_empty() {
                break;
            }
            // Back on a channel to this process: heard, whatever its marks have not yet written.
            due.retain(|media_id| !state.push.hub.holds(*media_id));
            if due.is_empty() {
                continue;
            }
            match crate::jobs::status::sweep_screens(&state, &due).await {
                Ok(n) => changed += n,
                Err(e) => tracing::error!(error = ?e, screens = due.len(), "checking screens gone silent failed; the status sweep will"),
            }
        }
        if changed > 0
            && let Err(e) = crate::alerts::reconcile(&state).await
        {
            tracing::error!(error = ?e, "telling of screens gone silent failed; the status sweep will");
        }
    }
}
