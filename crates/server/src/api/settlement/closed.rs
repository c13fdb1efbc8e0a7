//! What a closed month keeps as it was settled (domain.md §7): the rates in force in it, the prices
//! of the campaigns that played in it and its rows. A month being closed keeps them already. A
//! change that would touch one answers 10409 naming the month.

use crate::db::entity::settlement_month::{self, Column, Entity};
use crate::error::{ApiError, ApiResult};
use chrono::NaiveDate;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use townboard_domain::settlement::Month;

/// Months closed, or being closed.
pub fn locked() -> Condition {
    Condition::any().add(Column::Status.eq(settlement_month::CLOSED)).add(Column::Closing.eq(true))
}

/// The first locked month from `from` on (up to `to` when given).
pub async fn first_locked(db: &impl ConnectionTrait, from: Month, to: Option<Month>) -> ApiResult<Option<Month>> {
    let mut q = Entity::find().select_only().column(Column::Month).filter(locked()).filter(Column::Month.gte(from.to_string()));
    if let Some(to) = to {
        q = q.filter(Column::Month.lte(to.to_string()));
    }
    let found: Option<String> = q.order_by_asc(Column::Month).limit(1).into_tuple().one(db).await?;
    Ok(found.as_deref().and_then(Month::parse))
}

/// A rate applying from these dates is in force in some month from each date's own on: refused
/// when such a month is closed.
pub async fn refuse_rate_change(db: &impl ConnectionTrait, from_dates: &[NaiveDate]) -> ApiResult<()> {
    let Some(earliest) = from_dates.iter().min() else { return Ok(()) };
    match first_locked(db, Month::of(*earliest), None).await? {
        Some(month) => Err(ApiError::conflict(format!("{month} 월이 마감되어 그 달에 적용되는 요율을 바꿀 수 없습니다. 마감을 취소한 후 다시 시도하세요."))),
        None => Ok(()),
    }
}

/// A campaign playing from `start` to `end` keeps its price once one of its months is closed.
pub async fn refuse_price_change(db: &impl ConnectionTrait, start: NaiveDate, end: NaiveDate) -> ApiResult<()> {
    match first_locked(db, Month::of(start), Some(Month::of(end.max(start)))).await? {
        Some(month) => {
            Err(ApiError::conflict(format!("{month} 월이 마감되어 그 달에 송출된 캠페인의 금액을 바꿀 수 없습니다. 마감을 취소한 후 다시 시도하세요.")))
        }
        None => Ok(()),
    }
}
