//! Dashboard answers kept a few seconds per database, dashboard and reach: a home screen opened by
//! many people at once is counted once. A write this process makes to a table people change
//! (campaigns, holds, groups, sites, points) or a screen saved through the API drops the kept
//! answer at once; what players write all the time (heartbeats, proof of play) and other
//! processes' writes show when it expires.

use crate::error::ApiResult;
use moka::sync::Cache;
use serde_json::Value;
use std::future::Future;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

/// How long an answer is kept at most.
const KEEP: Duration = Duration::from_secs(5);

/// The tables whose writes in this process retire a kept answer, as statements name them (the
/// write counter of `crate::db::counts` matches names in that form).
const TABLES: &str = r#""campaign" "campaign_target" "slot_use" "media_group" "poi" "point_balance""#;

/// Screens saved or reset through the API (their history rows move this program's epoch).
const SCREENS: &str = "media.media";

static KEPT: LazyLock<Cache<String, (u64, Arc<Value>)>> = LazyLock::new(|| Cache::builder().max_capacity(10_000).time_to_live(KEEP).build());

fn signature() -> u64 {
    crate::db::counts::before_count(TABLES).wrapping_add(crate::memo::epoch(SCREENS))
}

/// The answer kept under `key` while nothing it reads has changed, else freshly counted. Outside
/// a request (no database to name) nothing is kept.
pub async fn answer<F, Fut>(key: String, count: F) -> ApiResult<Arc<Value>>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<Value>>,
{
    let Some(database) = crate::db::statements::database() else {
        return Ok(Arc::new(count().await?));
    };
    let key = format!("{database}\n{key}");
    let before = signature();
    if let Some((sig, value)) = KEPT.get(&key)
        && sig == before
    {
        return Ok(value);
    }
    let value = Arc::new(count().await?);
    KEPT.insert(key, (before, value.clone()));
    Ok(value)
}
