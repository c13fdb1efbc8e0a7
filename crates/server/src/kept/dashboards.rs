//! Dashboard answers kept a few seconds per database, dashboard and reach: a home screen opened by
//! many people at once is counted once. A write this process makes to a table people change
//! (campaigns, holds, groups, sites, points) or a screen saved through the API drops the kept
//! answer at once; what players write all the time (heartbeats, proof of play) and other
//! processes' writes show when it expires.

use crate::error::ApiResult;
use serde_json::Value;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// How long an answer is kept at most.
const KEEP: Duration = Duration::from_secs(5);

/// The tables whose writes in this process retire a kept answer, as statements name them (the
/// write counter of `crate::kept::reads` matches names in that form).
const TABLES: &str = r#""campaign" "campaign_target" "slot_use" "media_group" "poi" "point_balance""#;

/// Screens saved or reset through the API (their history rows move this program's epoch).
const SCREENS: &str = "media.media";

fn signature() -> u64 {
    crate::kept::reads::signature(TABLES).wrapping_add(crate::kept::epochs::epoch(SCREENS))
}

/// The answer kept under `key` while nothing it reads has changed, else freshly counted.
pub async fn answer<F, Fut>(key: String, count: F) -> ApiResult<Arc<Value>>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<Value>>,
{
    crate::kept::reads::answer(crate::kept::statements::keeping().as_deref(), key, signature(), KEEP, count).await
}
