//! Points a prepaid advertiser (corp `cPayType` 1) pays for its campaigns: the total at approval,
//! back the unplayed part at a cancel, a stop or a mid-termination, again the remaining part at a
//! resume or a revert, and the difference of a target change. Postpaid corps are settled monthly
//! and move no points. Each payment is a business event of the ledger, applied once.

use crate::db::entity::campaign::{self, Model};
use crate::db::entity::corp;
use crate::error::ApiResult;
use crate::points::{self, Entry, Owner};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::points::EntryType;
use townboard_domain::price;

const PREPAID: i32 = 1;

/// Whether the campaign's advertiser pays in points.
pub async fn prepaid(db: &impl ConnectionTrait, c: &Model) -> ApiResult<bool> {
    Ok(corp::Entity::find_by_id(c.advertiser_c_id).one(db).await?.is_some_and(|corp| corp.c_pay_type == PREPAID))
}

/// What the days after `last_live_day` up to the campaign's end are worth at its price: the price
/// per day is the total over the period it was priced for (`days`), whatever the end is now.
pub fn unplayed(c: &Model, start: NaiveDate, end: NaiveDate, last_live_day: NaiveDate) -> i64 {
    let total = c.total.unwrap_or(0);
    let period = c.days.unwrap_or_else(|| price::period_days(start, end));
    price::remaining_value(total, period, price::remaining_days(start, end, last_live_day + Duration::days(1)))
}

/// One movement of a campaign's points.
pub struct Event<'a> {
    /// `refType` of the ledger (`cmpg_approve`, `cmpg_stop`, ...).
    pub kind: &'static str,
    /// `refId`: what names the event once.
    pub id: String,
    pub memo: String,
    pub u_id: &'a str,
}

/// Takes `amount` points from a prepaid advertiser (10409 with `{balance, required}` when short);
/// nothing for a postpaid one. The points paid in the end.
pub async fn charge(txn: &impl ConnectionTrait, c: &Model, amount: i64, event: Event<'_>, now: DateTime<Utc>) -> ApiResult<i64> {
    move_points(txn, c, amount, EntryType::Use, event, now).await
}

/// Gives `amount` points back to a prepaid advertiser, never more than the campaign paid.
pub async fn refund(txn: &impl ConnectionTrait, c: &Model, amount: i64, event: Event<'_>, now: DateTime<Utc>) -> ApiResult<i64> {
    move_points(txn, c, Ord::min(amount, c.paid_points), EntryType::Save, event, now).await
}

async fn move_points(txn: &impl ConnectionTrait, c: &Model, amount: i64, pt_type: EntryType, event: Event<'_>, now: DateTime<Utc>) -> ApiResult<i64> {
    if amount <= 0 || !prepaid(txn, c).await? {
        return Ok(0);
    }
    let entry =
        Entry { owner: Owner::Advertiser(c.advertiser_c_id), pt_type, amount, reference: Some((event.kind, event.id)), memo: event.memo, u_id: event.u_id };
    points::apply(txn, entry, now).await?;
    let signed = if pt_type == EntryType::Use { amount } else { -amount };
    campaign::Entity::update_many()
        .col_expr(campaign::Column::PaidPoints, Expr::col(campaign::Column::PaidPoints).add(signed))
        .filter(campaign::Column::CmpgId.eq(c.cmpg_id))
        .exec(txn)
        .await?;
    Ok(amount)
}
