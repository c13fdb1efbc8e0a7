//! The daily campaign job (domain.md §5): approved campaigns whose start date has come go live (30
//! -> 50) and live ones whose end date has passed end (50 -> 99), each step with its history rows;
//! an ended campaign holds no slots after its last day. Reads derive the same statuses, so a late
//! run never shows a stale one; a run that finds nothing to do changes nothing.

use super::Ctx;
use crate::db::entity::campaign::{Column, Entity};
use crate::error::ApiResult;
use crate::services::campaign;
use crate::state::AppState;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QuerySelect};
use townboard_domain::campaign::Status;

pub const KIND: &str = "campaign_daily";

pub async fn run(ctx: &Ctx<'_>) -> Result<(), String> {
    sweep(ctx.state).await.map(|_| ()).map_err(|e| format!("{e:?}"))
}

/// Moves every campaign whose dates call for it; how many moved.
pub async fn sweep(state: &AppState) -> ApiResult<usize> {
    let now = state.clock.now();
    let today = crate::time::today(now);
    let day = crate::slots::day(today);
    let due: Vec<i64> = Entity::find()
        .select_only()
        .column(Column::CmpgId)
        .filter(Column::DeletedAt.is_null())
        .filter(
            Condition::any()
                .add(Condition::all().add(Column::CmpgStatus.eq(Status::Approved.code())).add(Column::StartDate.lte(day.clone())))
                .add(Condition::all().add(Column::CmpgStatus.eq(Status::Live.code())).add(Column::EndDate.lt(day))),
        )
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut moved = 0;
    for cmpg_id in due {
        // One transaction a campaign: a step of a caller in between is never undone.
        let txn = crate::db::begin_write(&state.writer).await?;
        let Some(c) = Entity::find_by_id(cmpg_id).one(&txn).await? else { continue };
        let before = c.cmpg_status;
        let after = campaign::catch_up(&txn, c, today, now).await?;
        txn.commit().await?;
        if after.cmpg_status != before {
            moved += 1;
        }
    }
    Ok(moved)
}
