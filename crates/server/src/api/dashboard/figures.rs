//! The dashboards' figures, each one aggregate statement over a reach (the whole network, a media
//! corp's sites, a sales caller's campaigns): campaigns by display status, screens by status, the
//! oldest silent screens, today's plays, the slots sold on the coming days and point balances.
//! A month's sales are its settlement's revenue (`answers`). Display statuses are worked out by the database with the rules of
//! `townboard_domain::campaign::display_status`, so no campaign row is read one by one.

use crate::db::entity::{campaign, media, media_beat, media_group, poi, point_balance, pop_media_day, slot_use};
use crate::error::ApiResult;
use chrono::{Datelike, Duration, NaiveDate};
use sea_orm::sea_query::{Alias, Expr, Func, NullOrdering, Query, SelectStatement};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use townboard_domain::campaign::{self as rules, Status};

/// The days the occupancy chart shows, today first.
pub const OCCUPANCY_DAYS: i64 = 14;
/// The silent screens a dashboard lists.
pub const FAULTS_SHOWN: u64 = 10;
/// The latest approvals a dashboard lists.
pub const RECENT_SHOWN: u64 = 5;
/// A group taken down for good sells nothing.
const DEMOLISHED: i32 = 2;

/// Whose figures: conditions on the rows each figure counts; `None` counts every row.
#[derive(Clone, Default)]
pub struct Reach {
    pub campaigns: Option<Condition>,
    pub screens: Option<Condition>,
    pub groups: Option<Condition>,
}

/// Today as campaign statuses read it.
#[derive(Clone, Copy)]
pub struct Today {
    pub date: NaiveDate,
    pub end_soon_days: i64,
}

fn day(d: NaiveDate) -> String {
    crate::slots::day(d)
}

/// A sum as a 64-bit integer on both databases (PostgreSQL sums `bigint` into `numeric`).
fn sum(e: impl Into<Expr>) -> Expr {
    Func::cast_as(Func::sum(e.into()), Alias::new("BIGINT")).into()
}

fn with(mut stmt: SelectStatement, only: &Option<Condition>) -> SelectStatement {
    if let Some(c) = only {
        stmt.cond_where(c.clone());
    }
    stmt
}

/// The display status of a campaign row as SQL (see `rules::display_status`): approved before its
/// start awaits broadcast; approved or live past its end has ended; live ending within
/// `end_soon_days` ends soon; cancelled by the owner side shows so; else the stored status.
fn display_status(today: Today) -> Expr {
    use campaign::Column as C;
    let t = day(today.date);
    let soon = day(today.date + Duration::days(today.end_soon_days));
    let stored = |s: Status| C::CmpgStatus.eq(s.code());
    let running = || Condition::any().add(stored(Status::Live)).add(stored(Status::Approved));
    Expr::case(Condition::all().add(stored(Status::Approved)).add(C::StartDate.gt(t.clone())), rules::DISPLAY_AWAITING)
        .case(Condition::all().add(running()).add(C::EndDate.lt(t)), Status::Ended.code())
        .case(Condition::all().add(running()).add(C::EndDate.lte(soon)), rules::DISPLAY_ENDING_SOON)
        .case(running(), Status::Live.code())
        .case(Condition::all().add(stored(Status::Cancelled)).add(C::CancelledByOwner.eq(true)), rules::DISPLAY_CANCELLED_BY_OWNER)
        .finally(Expr::col(C::CmpgStatus))
        .into()
}

/// Campaigns by display status (removed ones left out), optionally only of some stored statuses.
pub async fn by_display_status(db: &impl ConnectionTrait, reach: &Reach, stored: Option<&[Status]>, today: Today) -> ApiResult<BTreeMap<i32, i64>> {
    use campaign::Column as C;
    let display = Alias::new("display_status");
    let mut stmt = Query::select()
        .expr_as(display_status(today), display.clone())
        .expr_as(Func::count(Expr::col(C::CmpgId)), Alias::new("n"))
        .from(campaign::Entity)
        .and_where(C::DeletedAt.is_null())
        .and_where(C::CmpgStatus.ne(Status::Removed.code()))
        .to_owned();
    if let Some(only) = stored {
        stmt.and_where(C::CmpgStatus.is_in(only.iter().map(|s| s.code())));
    }
    // Grouped by the output name: the expression carries bound values, which PostgreSQL would not
    // match against a second copy of it.
    let stmt = with(stmt, &reach.campaigns).add_group_by([Expr::col(display)]).to_owned();
    let mut out = BTreeMap::new();
    for row in db.query_all(&stmt).await? {
        out.insert(row.try_get::<i32>("", "display_status")?, row.try_get::<i64>("", "n")?);
    }
    Ok(out)
}

/// Awaiting approval (requested again or not), live (ending soon included) and ending soon.
pub fn campaign_counts(by_display: &BTreeMap<i32, i64>) -> Value {
    let n = |codes: &[i32]| codes.iter().map(|c| by_display.get(c).copied().unwrap_or(0)).sum::<i64>();
    json!({
        "awaitingApproval": n(&[Status::Requested.code(), Status::Rerequested.code()]),
        "live": n(&[Status::Live.code(), rules::DISPLAY_ENDING_SOON]),
        "endingSoon": n(&[rules::DISPLAY_ENDING_SOON]),
    })
}

/// The stored statuses the three counts come from.
pub const COUNTED: [Status; 4] = [Status::Requested, Status::Rerequested, Status::Approved, Status::Live];

/// The month of a day, `YYYY-MM`, and its first day.
pub fn month_of(d: NaiveDate) -> (String, NaiveDate) {
    let first = d.with_day(1).unwrap_or(d);
    (first.format("%Y-%m").to_string(), first)
}

/// The latest approved campaigns: `{cmpgId, cmpgTitle, displayStatus, approvedAt}`.
pub async fn recent_campaigns(db: &impl ConnectionTrait, reach: &Reach, today: Today) -> ApiResult<Vec<Value>> {
    use campaign::Column as C;
    let mut q = campaign::Entity::find().filter(C::DeletedAt.is_null()).filter(C::ApprovedAt.is_not_null());
    if let Some(c) = &reach.campaigns {
        q = q.filter(c.clone());
    }
    let rows = q.order_by_desc(C::ApprovedAt).order_by_desc(C::CmpgId).limit(RECENT_SHOWN).all(db).await?;
    Ok(rows
        .iter()
        .map(|c| {
            let read = |d: &Option<String>| d.as_deref().and_then(townboard_domain::validate::parse_date).unwrap_or(today.date);
            let stored = Status::from_code(c.cmpg_status).unwrap_or(Status::TempSaved);
            let display = rules::display_status(stored, read(&c.start_date), read(&c.end_date), today.date, today.end_soon_days, c.cancelled_by_owner);
            json!({ "cmpgId": c.cmpg_id, "cmpgTitle": c.cmpg_title, "displayStatus": display, "approvedAt": c.approved_at.as_ref().map(crate::time::format) })
        })
        .collect())
}

/// Screens by status: `{normal (on), fault (anomaly, abnormal, fault), off, total}`.
pub async fn screens(db: &impl ConnectionTrait, reach: &Reach) -> ApiResult<Value> {
    use crate::jobs::status::{ABNORMAL, ANOMALY, FAULT, OFF, ON};
    use media::Column as M;
    let stmt = Query::select()
        .column(M::MediaStatus)
        .expr_as(Func::count(Expr::col(M::MediaId)), Alias::new("n"))
        .from(media::Entity)
        .and_where(M::DeletedAt.is_null())
        .to_owned();
    let stmt = with(stmt, &reach.screens).group_by_col(M::MediaStatus).to_owned();
    let (mut normal, mut fault, mut off, mut total) = (0i64, 0i64, 0i64, 0i64);
    for row in db.query_all(&stmt).await? {
        let (status, n) = (row.try_get::<i32>("", "media_status")?, row.try_get::<i64>("", "n")?);
        match status {
            ON => normal += n,
            OFF => off += n,
            ANOMALY | ABNORMAL | FAULT => fault += n,
            _ => {}
        }
        total += n;
    }
    Ok(json!({ "normal": normal, "fault": fault, "off": off, "total": total }))
}

/// The screens in a fault status, the longest silent first: `{mediaId, mediaNm, poiId, poiNm,
/// mediaStatus, lastHeartbeatAt}`.
pub async fn faults(db: &impl ConnectionTrait, reach: &Reach) -> ApiResult<Vec<Value>> {
    use crate::jobs::status::{ABNORMAL, ANOMALY, FAULT};
    use media::Column as M;
    let mut q = media::Entity::find().filter(M::DeletedAt.is_null()).filter(M::MediaStatus.is_in([ANOMALY, ABNORMAL, FAULT]));
    if let Some(c) = &reach.screens {
        q = q.filter(c.clone());
    }
    let rows = q
        .find_also_related(media_beat::Entity)
        .order_by_with_nulls(media_beat::Column::LastHeartbeatAt, Order::Asc, NullOrdering::First)
        .order_by_asc(M::MediaId)
        .limit(FAULTS_SHOWN)
        .all(db)
        .await?;
    let mut shown: Vec<Value> = rows
        .iter()
        .map(|(m, beat)| {
            json!({ "mediaId": m.media_id, "mediaNm": m.media_nm, "poiId": m.poi_id, "mediaStatus": m.media_status,
                "lastHeartbeatAt": beat.as_ref().and_then(|b| b.last_heartbeat_at.as_ref()).map(crate::time::format) })
        })
        .collect();
    crate::api::lookup::labels::<poi::Entity>(db, &mut shown, "poiId", "poiNm", poi::Column::PoiId, poi::Column::PoiNm).await?;
    Ok(shown)
}

/// Plays reported today (proof of play, the daily rollup per screen).
pub async fn plays_on(db: &impl ConnectionTrait, reach: &Reach, date: NaiveDate) -> ApiResult<i64> {
    use pop_media_day::Column as P;
    let mut stmt = Query::select().expr(sum(Expr::col(P::Plays))).from(pop_media_day::Entity).and_where(P::PlayDate.eq(day(date))).to_owned();
    if let Some(c) = &reach.screens {
        let screens = Query::select().column(media::Column::MediaId).from(media::Entity).cond_where(c.clone()).to_owned();
        stmt.and_where(P::MediaId.in_subquery(screens));
    }
    let row = db.query_one(&stmt).await?;
    Ok(row.map(|r| r.try_get_by_index::<Option<i64>>(0)).transpose()?.flatten().unwrap_or(0))
}

/// Groups that sell: live and not demolished, within reach.
fn selling_groups(reach: &Reach) -> Condition {
    let mut c = Condition::all().add(media_group::Column::DeletedAt.is_null()).add(media_group::Column::MediaGroupStatus.ne(DEMOLISHED));
    if let Some(r) = &reach.groups {
        c = c.add(r.clone());
    }
    c
}

/// Slots sold (halves count 0.5) out of the slots the groups sell, per day from today on: the
/// holds campaigns took at approval, which exist for every booked day, planned or not.
pub async fn occupancy(db: &impl ConnectionTrait, reach: &Reach, today: NaiveDate) -> ApiResult<Vec<Value>> {
    let capacity = Query::select().expr(sum(Expr::col(media_group::Column::AdSlotCnt))).from(media_group::Entity).cond_where(selling_groups(reach)).to_owned();
    let capacity = db.query_one(&capacity).await?.map(|r| r.try_get_by_index::<Option<i64>>(0)).transpose()?.flatten().unwrap_or(0);
    let last = today + Duration::days(OCCUPANCY_DAYS - 1);
    let groups = Query::select().column(media_group::Column::MgId).from(media_group::Entity).cond_where(selling_groups(reach)).to_owned();
    let sold = Query::select()
        .column(slot_use::Column::PlayDate)
        .expr_as(sum(Expr::col(slot_use::Column::UsedUnits)), Alias::new("halves"))
        .from(slot_use::Entity)
        .and_where(slot_use::Column::PlayDate.between(day(today), day(last)))
        .and_where(slot_use::Column::MgId.in_subquery(groups))
        .group_by_col(slot_use::Column::PlayDate)
        .to_owned();
    let mut halves: BTreeMap<String, i64> = BTreeMap::new();
    for row in db.query_all(&sold).await? {
        halves.insert(row.try_get::<String>("", "play_date")?, row.try_get::<Option<i64>>("", "halves")?.unwrap_or(0));
    }
    Ok((0..OCCUPANCY_DAYS)
        .map(|n| {
            let date = day(today + Duration::days(n));
            let sold = halves.get(&date).copied().unwrap_or(0) as f64 / 2.0;
            json!({ "date": date, "sold": sold, "capacity": capacity })
        })
        .collect())
}

/// Point balances of a sales corp and of one of its users: `{corp, user}`.
pub async fn points(db: &impl ConnectionTrait, c_id: i64, u_idx: i64) -> ApiResult<Value> {
    use crate::points::Owner;
    use point_balance::Column as B;
    let of = |o: Owner| Condition::all().add(B::OwnerType.eq(o.kind())).add(B::OwnerId.eq(o.id()));
    let (corp, user) = (Owner::Sales(c_id), Owner::SalesUser(u_idx));
    let rows: Vec<(String, i64)> = point_balance::Entity::find()
        .select_only()
        .column(B::OwnerType)
        .column(B::Balance)
        .filter(Condition::any().add(of(corp)).add(of(user)))
        .into_tuple()
        .all(db)
        .await?;
    let balance = |o: Owner| rows.iter().find(|(kind, _)| kind == o.kind()).map_or(0, |(_, b)| *b);
    Ok(json!({ "corp": balance(corp), "user": balance(user) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_is_named_by_its_first_day() {
        let d = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        assert_eq!(month_of(d("2026-03-17")), ("2026-03".to_string(), d("2026-03-01")));
        assert_eq!(month_of(d("2026-12-31")), ("2026-12".to_string(), d("2026-12-01")));
    }

    #[test]
    fn counts_come_from_display_statuses() {
        let by: BTreeMap<i32, i64> = [(21, 2), (27, 1), (50, 4), (110, 3), (100, 7), (99, 9)].into_iter().collect();
        assert_eq!(campaign_counts(&by), json!({ "awaitingApproval": 3, "live": 7, "endingSoon": 3 }));
        assert_eq!(campaign_counts(&BTreeMap::new()), json!({ "awaitingApproval": 0, "live": 0, "endingSoon": 0 }));
    }
}
