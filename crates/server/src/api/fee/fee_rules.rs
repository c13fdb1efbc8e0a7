//! What both fee resources check and filter by: the date a rate applies from, the months it would
//! touch, and "in force on a day".

use crate::api::validation::Check;
use crate::error::ApiResult;
use chrono::NaiveDate;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait};
use townboard_domain::validate::parse_date;

/// A `fromDate`, stored as `YYYY-MM-DD`.
pub fn from_date(check: &mut Check, text: &str) -> Option<NaiveDate> {
    let date = parse_date(text.trim());
    if date.is_none() {
        check.fail("fromDate", "적용 시작일 형식이 올바르지 않습니다.");
    }
    date
}

pub fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// Refuses a rate change touching a closed month: the new date and, for an edit or a delete, the
/// stored one.
pub async fn refuse_in_closed_month(db: &impl ConnectionTrait, new: Option<NaiveDate>, stored: Option<&str>) -> ApiResult<()> {
    let dates: Vec<NaiveDate> = new.into_iter().chain(stored.and_then(parse_date)).collect();
    crate::api::settlement::closed::refuse_rate_change(db, &dates).await
}

/// Rows in force on the day `text`: the latest `from <= day` of each (`owner`, `key`) pair. A day
/// that is not a date matches nothing.
pub fn in_force<E: EntityTrait>(text: &str, owner: E::Column, key: E::Column, from: E::Column) -> Condition {
    let Some(on) = parse_date(text).map(day) else {
        return Condition::all().add(Expr::val(1).eq(0));
    };
    let later = Alias::new("later_rate");
    let newer = Query::select()
        .expr(Expr::val(1))
        .from_as(E::default(), later.clone())
        .and_where(Expr::col((later.clone(), owner)).equals((E::default(), owner)))
        .and_where(Expr::col((later.clone(), key)).equals((E::default(), key)))
        .and_where(Expr::col((later.clone(), from)).lte(on.clone()))
        .and_where(Expr::col((later, from)).gt(Expr::col((E::default(), from))))
        .to_owned();
    Condition::all().add(from.lte(on)).add(Expr::exists(newer).not())
}
