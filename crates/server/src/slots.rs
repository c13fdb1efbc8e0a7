//! The slot inventory (domain.md §5) in the database. `slot_use` keeps the half slots sold per
//! group and day; a hold is taken by one conditional update per group (`used + units <=
//! capacity`), so two approvals racing for the last slot never both succeed, on SQLite (one writer)
//! and PostgreSQL (the row lock makes the second update re-read the first's result). `slot_hold`
//! keeps what each campaign took, so a release gives back exactly that.

use crate::db::entity::{slot_hold, slot_use};
use crate::error::{ApiError, ApiResult};
use chrono::NaiveDate;
use sea_orm::sea_query::{Alias, BinOper, Expr, ExprTrait, Func, OnConflict, Query, SimpleExpr, SubQueryStatement};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QuerySelect};
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use townboard_domain::availability::{self, Conflict, HalfSlots};

/// Rows a statement writes at most (SQLite's bound parameters stay far below its limit).
const CHUNK: usize = 250;

/// The wire and column form of a day.
pub fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn parse_day(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()
}

/// A hold to take: `units` on one group for the days `from..=to`.
#[derive(Debug, Clone, Copy)]
pub struct Want {
    pub mg_id: i64,
    /// What the group sells a day, in slots.
    pub ad_slot_cnt: i64,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub units: HalfSlots,
}

/// What is sold per group and day.
pub type Used = BTreeMap<(i64, NaiveDate), HalfSlots>;

/// What is sold per group and day over `from..=to`, leaving out the holds of `except` (a campaign
/// looking at its own days).
pub async fn used(db: &impl ConnectionTrait, mg_ids: &[i64], from: NaiveDate, to: NaiveDate, except: Option<i64>) -> ApiResult<Used> {
    let mut used = Used::new();
    if mg_ids.is_empty() || to < from {
        return Ok(used);
    }
    let rows = slot_use::Entity::find()
        .filter(slot_use::Column::MgId.is_in(mg_ids.to_vec()))
        .filter(slot_use::Column::PlayDate.between(day(from), day(to)))
        .all(db)
        .await?;
    for row in rows {
        if let Some(date) = parse_day(&row.play_date) {
            used.insert((row.mg_id, date), HalfSlots(row.used_units.into()));
        }
    }
    if let Some(cmpg_id) = except {
        let own = slot_hold::Entity::find()
            .filter(slot_hold::Column::CmpgId.eq(cmpg_id))
            .filter(slot_hold::Column::MgId.is_in(mg_ids.to_vec()))
            .filter(slot_hold::Column::PlayDate.between(day(from), day(to)))
            .all(db)
            .await?;
        for hold in own {
            if let Some(taken) = parse_day(&hold.play_date).and_then(|d| used.get_mut(&(hold.mg_id, d))) {
                taken.0 -= i64::from(hold.units);
            }
        }
    }
    Ok(used)
}

/// Days of slot use read beside the groups they belong to (a quote, the availability grid): what
/// is sold over `from..=to`, the holds of `except` left out.
#[derive(Debug, Clone, Copy)]
pub struct UseDays {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub except: Option<i64>,
}

/// A group's use over `days` as one text, `day:units` joined by commas, for the row of the group
/// whose id is `mg_id` (a column of the outer statement): the group and its days in one statement.
pub fn use_of_group(backend: DbBackend, mg_id: SimpleExpr, days: UseDays) -> SimpleExpr {
    let col = |c: slot_use::Column| Expr::col((slot_use::Entity, c));
    let mut units = col(slot_use::Column::UsedUnits);
    if let Some(cmpg_id) = days.except {
        let own = Query::select()
            .expr(Expr::col((slot_hold::Entity, slot_hold::Column::Units)))
            .from(slot_hold::Entity)
            .and_where(Expr::col((slot_hold::Entity, slot_hold::Column::CmpgId)).eq(cmpg_id))
            .and_where(Expr::col((slot_hold::Entity, slot_hold::Column::MgId)).equals((slot_use::Entity, slot_use::Column::MgId)))
            .and_where(Expr::col((slot_hold::Entity, slot_hold::Column::PlayDate)).equals((slot_use::Entity, slot_use::Column::PlayDate)))
            .to_owned();
        units = units.sub(Func::coalesce([SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(own))), Expr::val(0)]));
    }
    let concat = BinOper::Custom("||");
    let entry = col(slot_use::Column::PlayDate).binary(concat, Expr::val(":")).binary(concat, Func::cast_as(units, Alias::new("TEXT")));
    let joined = match backend {
        DbBackend::Postgres => Func::cust("string_agg").arg(entry).arg(Expr::val(",")),
        _ => Func::cust("group_concat").arg(entry).arg(Expr::val(",")),
    };
    let days_used = Query::select()
        .expr(joined)
        .from(slot_use::Entity)
        .and_where(col(slot_use::Column::MgId).eq(mg_id))
        .and_where(col(slot_use::Column::PlayDate).between(day(days.from), day(days.to)))
        .to_owned();
    SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(days_used)))
}

/// Adds a group's use as [`use_of_group`] wrote it to `used`.
pub fn add_use_of_group(used: &mut Used, mg_id: i64, text: &str) {
    for entry in text.split(',').filter(|e| !e.is_empty()) {
        if let Some((date, units)) = entry.split_once(':').and_then(|(d, u)| Some((parse_day(d)?, u.parse::<i64>().ok()?))) {
            used.insert((mg_id, date), HalfSlots(units));
        }
    }
}

/// The 10409 answer of a hold that does not fit.
pub fn conflict_error(conflicts: Vec<Conflict>) -> ApiError {
    ApiError::Conflict { message: "선택한 기간에 남은 슬롯이 부족합니다.".into(), data: json!({ "conflicts": conflicts }) }
}

/// Takes every hold for the campaign inside the caller's write transaction, or none: a group and
/// day that does not fit answers 10409 with every such group and day, and the caller's
/// transaction must then be dropped (what was taken before is rolled back with it).
pub async fn take(txn: &impl ConnectionTrait, cmpg_id: i64, wants: &[Want]) -> ApiResult<()> {
    let mut wants: Vec<Want> = wants.iter().copied().filter(|w| w.from <= w.to && w.units.0 > 0).collect();
    // One order for every writer: rows are locked group by group, day by day.
    wants.sort_by_key(|w| w.mg_id);
    let mut conflicts = Vec::new();
    for want in &wants {
        let capacity = HalfSlots::slots(want.ad_slot_cnt);
        let days: Vec<String> = availability::days(want.from, want.to).map(day).collect();
        for chunk in days.chunks(CHUNK) {
            let rows = chunk.iter().map(|d| slot_use::ActiveModel {
                mg_id: Set(want.mg_id),
                play_date: Set(d.clone()),
                used_units: Set(0),
                capacity_units: Set(capacity.0 as i32),
            });
            slot_use::Entity::insert_many(rows)
                .on_conflict(OnConflict::columns([slot_use::Column::MgId, slot_use::Column::PlayDate]).do_nothing().to_owned())
                .exec_without_returning(txn)
                .await?;
        }
        let units = want.units.0 as i32;
        let cap = capacity.0 as i32;
        let update = Query::update()
            .table(slot_use::Entity)
            .value(slot_use::Column::UsedUnits, Expr::col(slot_use::Column::UsedUnits).add(units))
            .value(slot_use::Column::CapacityUnits, cap)
            .and_where(slot_use::Column::MgId.eq(want.mg_id))
            .and_where(slot_use::Column::PlayDate.between(day(want.from), day(want.to)))
            .and_where(Expr::col(slot_use::Column::UsedUnits).add(units).lte(cap))
            .returning_col(slot_use::Column::PlayDate)
            .to_owned();
        let taken: HashSet<String> = txn.query_all(&update).await?.iter().map(|row| row.try_get::<String>("", "play_date")).collect::<Result<_, _>>()?;
        if taken.len() == days.len() {
            continue;
        }
        // The days this update left alone are those that did not fit; they show what others hold.
        let short: Vec<String> = days.into_iter().filter(|d| !taken.contains(d)).collect();
        for chunk in short.chunks(CHUNK) {
            let rows = slot_use::Entity::find()
                .filter(slot_use::Column::MgId.eq(want.mg_id))
                .filter(slot_use::Column::PlayDate.is_in(chunk.to_vec()))
                .all(txn)
                .await?;
            for row in rows {
                if let Some(date) = parse_day(&row.play_date) {
                    conflicts.push(Conflict { mg_id: want.mg_id, date, capacity, used: HalfSlots(row.used_units.into()) });
                }
            }
        }
    }
    if !conflicts.is_empty() {
        return Err(conflict_error(conflicts));
    }
    for want in &wants {
        let days: Vec<String> = availability::days(want.from, want.to).map(day).collect();
        for chunk in days.chunks(CHUNK) {
            let rows = chunk.iter().map(|d| slot_hold::ActiveModel {
                cmpg_id: Set(cmpg_id),
                mg_id: Set(want.mg_id),
                play_date: Set(d.clone()),
                units: Set(want.units.0 as i32),
            });
            slot_hold::Entity::insert_many(rows).exec_without_returning(txn).await?;
        }
    }
    Ok(())
}

/// Gives back what the campaign holds from `from` on, on every group or only on `groups`.
pub async fn release(txn: &impl ConnectionTrait, cmpg_id: i64, from: NaiveDate, groups: Option<&[i64]>) -> ApiResult<()> {
    let held = |q: sea_orm::Select<slot_hold::Entity>| {
        let q = q.filter(slot_hold::Column::CmpgId.eq(cmpg_id)).filter(slot_hold::Column::PlayDate.gte(day(from)));
        match groups {
            Some(g) => q.filter(slot_hold::Column::MgId.is_in(g.to_vec())),
            None => q,
        }
    };
    let pairs: Vec<(i64, i32)> =
        held(slot_hold::Entity::find()).select_only().column(slot_hold::Column::MgId).column(slot_hold::Column::Units).distinct().into_tuple().all(txn).await?;
    for (mg_id, units) in pairs {
        let days = Query::select()
            .column(slot_hold::Column::PlayDate)
            .from(slot_hold::Entity)
            .and_where(slot_hold::Column::CmpgId.eq(cmpg_id))
            .and_where(slot_hold::Column::MgId.eq(mg_id))
            .and_where(slot_hold::Column::Units.eq(units))
            .and_where(slot_hold::Column::PlayDate.gte(day(from)))
            .to_owned();
        slot_use::Entity::update_many()
            .col_expr(slot_use::Column::UsedUnits, Expr::col(slot_use::Column::UsedUnits).sub(units))
            .filter(slot_use::Column::MgId.eq(mg_id))
            .filter(slot_use::Column::PlayDate.in_subquery(days))
            .exec(txn)
            .await?;
    }
    let mut delete = slot_hold::Entity::delete_many().filter(slot_hold::Column::CmpgId.eq(cmpg_id)).filter(slot_hold::Column::PlayDate.gte(day(from)));
    if let Some(g) = groups {
        delete = delete.filter(slot_hold::Column::MgId.is_in(g.to_vec()));
    }
    delete.exec(txn).await?;
    Ok(())
}
