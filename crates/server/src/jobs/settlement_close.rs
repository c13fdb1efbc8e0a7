//! Closing a month (domain.md §7) as a job: the month's rows are computed in memory from a few bulk
//! reads, written a chunk per write transaction with the progress recorded, and the month is
//! marked closed with its history row at the end. A failure removes what was written and leaves
//! the month open with the error shown; the manager closes it again.

use super::Ctx;
use crate::db::entity::{settlement_log, settlement_month};
use crate::error::{ApiError, ApiResult};
use crate::services::settlement::{compute, store};
use crate::state::AppState;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use townboard_domain::settlement::Month;

pub const KIND: &str = "settlement_close";

pub async fn run(ctx: &Ctx<'_>) -> Result<(), String> {
    let month = ctx.payload["month"].as_str().and_then(Month::parse).ok_or("month가 올바르지 않습니다.")?;
    let by = ctx.payload["uIdx"].as_i64();
    match close(ctx, month, by).await {
        Ok(()) => Ok(()),
        Err(e) => {
            let error = match &e {
                ApiError::Conflict { message, .. } => message.clone(),
                other => format!("{other:?}"),
            };
            if let Err(undo) = undo(ctx.state, month, &error).await {
                tracing::error!(%month, error = ?undo, "could not undo a failed close");
            }
            Err(error)
        }
    }
}

/// Records the progress (0-100) on the month and on the job.
async fn progress(ctx: &Ctx<'_>, month: Month, percent: i32) {
    ctx.progress(percent).await;
    let _ = settlement_month::Entity::update_many()
        .col_expr(settlement_month::Column::Progress, Expr::value(percent))
        .filter(settlement_month::Column::Month.eq(month.to_string()))
        .exec(&ctx.state.writer)
        .await;
}

async fn close(ctx: &Ctx<'_>, month: Month, by: Option<i64>) -> ApiResult<()> {
    let state = ctx.state;
    if !store::month(&state.db, month).await?.is_some_and(|m| m.closing) {
        // Nobody asked for this close any more.
        return Ok(());
    }
    // What an earlier attempt may have left.
    let txn = crate::db::begin_write(&state.writer).await?;
    store::delete(&txn, month).await?;
    txn.commit().await?;
    progress(ctx, month, 5).await;
    let rows = compute::live(&state.db, month, None).await?;
    progress(ctx, month, 20).await;
    let chunks = store::chunks(&rows);
    let mut last = 20;
    for (i, chunk) in chunks.iter().enumerate() {
        let txn = crate::db::begin_write(&state.writer).await?;
        store::write(&txn, month, chunk).await?;
        txn.commit().await?;
        let percent = 20 + (75 * (i + 1) / chunks.len()) as i32;
        if percent >= last + 5 {
            progress(ctx, month, percent).await;
            last = percent;
        }
    }
    let now = state.clock.now();
    let campaigns = rows.campaigns.len() as i64;
    let revenue = rows.revenue();
    let txn = crate::db::begin_write(&state.writer).await?;
    let closed = settlement_month::Entity::update_many()
        .col_expr(settlement_month::Column::Status, Expr::value(settlement_month::CLOSED))
        .col_expr(settlement_month::Column::Closing, Expr::value(false))
        .col_expr(settlement_month::Column::Progress, Expr::value(100))
        .col_expr(settlement_month::Column::Error, Expr::value(Option::<String>::None))
        .col_expr(settlement_month::Column::Campaigns, Expr::value(campaigns))
        .col_expr(settlement_month::Column::Revenue, Expr::value(revenue))
        .col_expr(settlement_month::Column::ClosedAt, Expr::value(Some(now)))
        .col_expr(settlement_month::Column::ClosedBy, Expr::value(by))
        .col_expr(settlement_month::Column::UpdatedAt, Expr::value(now))
        .filter(settlement_month::Column::Month.eq(month.to_string()))
        .filter(settlement_month::Column::Closing.eq(true))
        .exec(&txn)
        .await?;
    if closed.rows_affected == 0 {
        return Err(ApiError::conflict("마감 요청이 취소되었습니다."));
    }
    let log = settlement_log::ActiveModel {
        month: Set(month.to_string()),
        action: Set("close".into()),
        reason: Set(None),
        u_idx: Set(by),
        campaigns: Set(campaigns),
        revenue: Set(revenue),
        created_at: Set(now),
        ..Default::default()
    };
    settlement_log::Entity::insert(log).exec_without_returning(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// A failed close: its rows go, the month stays open with the error.
async fn undo(state: &AppState, month: Month, error: &str) -> ApiResult<()> {
    let txn = crate::db::begin_write(&state.writer).await?;
    store::delete(&txn, month).await?;
    settlement_month::Entity::update_many()
        .col_expr(settlement_month::Column::Closing, Expr::value(false))
        .col_expr(settlement_month::Column::Progress, Expr::value(0))
        .col_expr(settlement_month::Column::Error, Expr::value(Some(error.chars().take(2000).collect::<String>())))
        .col_expr(settlement_month::Column::UpdatedAt, Expr::value(state.clock.now()))
        .filter(settlement_month::Column::Month.eq(month.to_string()))
        .filter(settlement_month::Column::Closing.eq(true))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}
