//! Changes told to this process's caches. Every change made through the API writes a history row
//! ([`by_caller`] or [`record`]), and tells the caches of its own process at once. Other processes on
//! the same database learn of it from the history: each process reads the rows written since its
//! last look every second and tells its caches the same way, so a cache may keep its entries long
//! and still follow another process's change within about a second.

use crate::auth::Caller;
use crate::db::entity::history;
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::{BTreeSet, HashSet};
use std::time::Duration;

/// How often the history is read for other processes' changes.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);

/// History ids are taken when a row is inserted and seen when its transaction commits, so on
/// PostgreSQL a row may appear behind one already seen: rows this far behind the newest are read
/// again (and told only once).
const LATE_ROWS: i64 = 100;

/// Rows of `target` (a program such as `media.media`) changed: caches holding them go stale.
pub fn announce(target: &str) {
    // Accounts, groups and the permission matrix decide callers' rights.
    if target.starts_with("account.") || target == "system.authrole" {
        crate::kept::epochs::rights_changed();
    }
    crate::kept::epochs::changed(target);
    // Screens are cached by their players' tokens (an ssaid reset revokes one, a mapping moves one).
    if target.starts_with("media.") {
        crate::kept::epochs::screens_changed();
    }
}

/// A change as its history row names it.
pub struct Change<'a> {
    /// The program of the rows, such as `media.media`.
    pub target: &'a str,
    pub target_id: String,
    pub action: &'a str,
    /// The user's id, or `player` for a screen's own call.
    pub by: &'a str,
    pub at: DateTime<Utc>,
}

/// Writes the history row of a change (with the rows before and after as JSON) and tells this
/// process's caches at once; other processes follow the row.
pub async fn record(db: &impl ConnectionTrait, change: Change<'_>, before: Option<String>, after: Option<String>) -> Result<(), DbErr> {
    announce(change.target);
    let row = history::ActiveModel {
        target: Set(change.target.to_string()),
        target_id: Set(change.target_id),
        action: Set(change.action.to_string()),
        u_id: Set(change.by.to_string()),
        created_at: Set(change.at),
        before: Set(before),
        after: Set(after),
        ..Default::default()
    };
    history::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

/// Writes one history row: who changed which row how, with before and after.
#[allow(clippy::too_many_arguments)] // each argument is one column of the row
pub async fn by_caller<T: serde::Serialize>(
    db: &impl ConnectionTrait,
    caller: &Caller,
    now: DateTime<Utc>,
    target: &str,
    target_id: impl ToString,
    action: &str,
    before: Option<&T>,
    after: Option<&T>,
) -> ApiResult<()> {
    let to_json = |v: Option<&T>| v.map(|v| serde_json::to_string(v)).transpose().map_err(ApiError::internal);
    let change = Change { target, target_id: target_id.to_string(), action, by: &caller.user.u_id, at: now };
    record(db, change, to_json(before)?, to_json(after)?).await?;
    Ok(())
}

/// The history rows already told.
#[derive(Default)]
struct Seen {
    /// Rows at or below this id are behind the window and not read again.
    floor: i64,
    told: BTreeSet<i64>,
}

impl Seen {
    async fn start(db: &DatabaseConnection) -> Result<Seen, DbErr> {
        let newest: Option<i64> = history::Entity::find()
            .select_only()
            .column_as(Expr::from(Func::max(Expr::col(history::Column::HIdx))), "newest")
            .into_tuple()
            .one(db)
            .await?
            .flatten();
        Ok(Seen { floor: newest.unwrap_or(0), told: BTreeSet::new() })
    }

    /// Reads the rows since the last look and tells the targets of those not told yet.
    async fn look(&mut self, db: &DatabaseConnection) -> Result<usize, DbErr> {
        let rows: Vec<(i64, String)> = history::Entity::find()
            .select_only()
            .columns([history::Column::HIdx, history::Column::Target])
            .filter(history::Column::HIdx.gt(self.floor))
            .order_by_asc(history::Column::HIdx)
            .into_tuple()
            .all(db)
            .await?;
        let mut targets = HashSet::new();
        for (id, target) in rows {
            if self.told.insert(id) {
                targets.insert(target);
            }
        }
        for target in &targets {
            announce(target);
        }
        if let Some(&newest) = self.told.last() {
            self.floor = self.floor.max(newest - LATE_ROWS);
            self.told = self.told.split_off(&(self.floor + 1));
        }
        Ok(targets.len())
    }
}

/// Follows other processes' changes until the process stops.
pub fn spawn(db: DatabaseConnection) {
    tokio::spawn(async move {
        let mut seen = loop {
            match Seen::start(&db).await {
                Ok(seen) => break seen,
                Err(e) => tracing::error!(error = %e, "reading the history for other processes' changes failed"),
            }
            tokio::time::sleep(LOOK_EVERY).await;
        };
        let mut tick = tokio::time::interval(LOOK_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if let Err(e) = seen.look(&db).await {
                tracing::error!(error = %e, "reading the history for other processes' changes failed");
            }
        }
    });
}
