//! When a campaign may carry a coupon and how its use is counted: a live coupon that is on, in its
//! period today, with uses left, for an advertiser whose corp is a small merchant (`cType` 2). The
//! use is counted at the campaign's approval in the approval's transaction by a conditional update
//! (`used < max_uses`), so approvals at once never pass the maximum, and once per campaign (a use
//! row keyed by the campaign).

use crate::db::entity::{corp, coupon, coupon_use};
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::price::Coupon;

pub const ON: i32 = 1;
/// `cType` of small merchants.
pub const SMALL_MERCHANT: i32 = 2;

pub fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Coupons live, on and in their period on `on`.
pub fn in_period(on: NaiveDate) -> Condition {
    Condition::all()
        .add(coupon::Column::DeletedAt.is_null())
        .add(coupon::Column::CpStatus.eq(ON))
        .add(coupon::Column::FromDate.lte(day(on)))
        .add(coupon::Column::ToDate.gte(day(on)))
}

/// ... with uses left.
pub fn usable(on: NaiveDate) -> Condition {
    in_period(on).add(Expr::col(coupon::Column::Used).lt(Expr::col(coupon::Column::MaxUses)))
}

/// Whether the advertiser's corp may take coupons.
pub async fn small_merchant(db: &impl ConnectionTrait, advertiser: i64) -> ApiResult<bool> {
    Ok(corp::Entity::find_by_id(advertiser).filter(corp::Column::DeletedAt.is_null()).one(db).await?.is_some_and(|c| c.c_type == SMALL_MERCHANT))
}

/// A coupon a campaign carries: which one and what it is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    pub cp_idx: i64,
    pub coupon: Coupon,
}

/// The coupon `cp_idx` for a campaign of `advertiser` today, or why it may not carry it. Uses
/// left are checked unless `at_approval` (the approval's conditional update decides then) or the
/// campaign counted its use already.
pub async fn for_campaign(
    db: &impl ConnectionTrait,
    cp_idx: i64,
    advertiser: Option<i64>,
    cmpg_id: Option<i64>,
    today: NaiveDate,
    at_approval: bool,
) -> ApiResult<Result<Applied, &'static str>> {
    let Some(advertiser) = advertiser else { return Ok(Err("광고주를 선택한 후 쿠폰을 적용하세요.")) };
    if !small_merchant(db, advertiser).await? {
        return Ok(Err("소상공인 광고주만 쿠폰을 사용할 수 있습니다."));
    }
    let Some(found) = coupon::Entity::find_by_id(cp_idx).filter(in_period(today)).one(db).await? else {
        return Ok(Err("사용할 수 있는 쿠폰이 아닙니다."));
    };
    let counted = match cmpg_id {
        Some(id) => coupon_use::Entity::find_by_id(id).one(db).await?.is_some(),
        None => false,
    };
    if found.used >= found.max_uses && !at_approval && !counted {
        return Ok(Err("쿠폰 사용 한도를 넘었습니다."));
    }
    Ok(Coupon::from_wire(&found.discount_type, found.discount_value).map(|coupon| Applied { cp_idx, coupon }).ok_or("사용할 수 있는 쿠폰이 아닙니다."))
}

/// Counts the campaign's use of its coupon, once per campaign; 10409 when the coupon has no use
/// left. Runs in the approval's transaction.
pub async fn count_use(txn: &impl ConnectionTrait, cmpg_id: i64, cp_idx: Option<i64>, u_id: &str, now: DateTime<Utc>) -> ApiResult<()> {
    let Some(cp_idx) = cp_idx else { return Ok(()) };
    if coupon_use::Entity::find_by_id(cmpg_id).one(txn).await?.is_some() {
        return Ok(());
    }
    let taken = coupon::Entity::update_many()
        .col_expr(coupon::Column::Used, Expr::col(coupon::Column::Used).add(1))
        .col_expr(coupon::Column::UpdatedAt, Expr::value(now))
        .filter(coupon::Column::CpIdx.eq(cp_idx))
        .filter(Expr::col(coupon::Column::Used).lt(Expr::col(coupon::Column::MaxUses)))
        .exec(txn)
        .await?;
    if taken.rows_affected == 0 {
        return Err(ApiError::conflict("쿠폰 사용 한도를 넘었습니다."));
    }
    let row = coupon_use::ActiveModel { cmpg_id: Set(cmpg_id), cp_idx: Set(cp_idx), u_id: Set(u_id.to_string()), created_at: Set(now) };
    coupon_use::Entity::insert(row).exec_without_returning(txn).await?;
    Ok(())
}
