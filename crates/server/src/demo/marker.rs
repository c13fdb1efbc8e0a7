//! How the demo knows whose data a database holds.
//!
//! A database's business data is summed up by a fingerprint: the rows and the highest id of
//! every table that people fill through the back office (corps, users, sites, screens,
//! materials, campaigns, points, fees, posts, ...) and of the change history every back-office
//! save writes (so an edit that adds no row shows too). Tables the application keeps for itself
//! (sessions, login counters, jobs, plans, proof of play, status logs) are left out: running the
//! server and logging in change them without adding anyone's data.
//!
//! - An empty database has the fingerprint of a database the server has only just set up (its
//!   seed rows: the head office, `admin`, the default package); the demo works that out on a
//!   throwaway in-memory database, so new seed rows never make a fresh database look used.
//! - The demo marks its own data with the env row `DEMO_DATA`: written as `seeding` before the
//!   first row and replaced by the fingerprint of the finished demo at the end. A database whose
//!   fingerprint still matches holds only the demo's data; any row added or removed since (a
//!   corp, a user, a campaign...) changes it.

use crate::db::entity::*;
use chrono::Utc;
use sea_orm::sea_query::{Asterisk, Expr, Func};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectOptions, ConnectionTrait, Database, DbErr, EntityTrait, QueryFilter, QuerySelect};
use serde_json::{Value, json};
use std::collections::BTreeMap;

pub const KEY: &str = "DEMO_DATA";
const DESCRIPTION: &str = "데모 데이터 표시 (townboard seed-demo가 만든 데이터의 요약, 수정하지 마세요)";
const VERSION: i64 = 1;

/// Rows and highest id per table.
pub type Fingerprint = BTreeMap<String, (i64, i64)>;

/// What the database says about the demo.
pub enum Mark {
    /// No demo was ever seeded here.
    Absent,
    /// A seed started and never finished.
    Unfinished,
    /// The demo's data as it was left.
    Done(Fingerprint),
}

/// Rows and highest id of one table.
async fn tally<E: EntityTrait>(db: &impl ConnectionTrait, id: E::Column) -> Result<(String, (i64, i64)), DbErr> {
    let (rows, last): (i64, Option<i64>) = E::find()
        .select_only()
        .column_as(Expr::expr(Func::count(Expr::col(id))), "rows")
        .column_as(Expr::expr(Func::max(Expr::col(id))), "last")
        .into_tuple()
        .one(db)
        .await?
        .unwrap_or((0, None));
    Ok((E::default().table_name().to_string(), (rows, last.unwrap_or(0))))
}

/// Rows of a table whose key is not a number.
async fn rows<E: EntityTrait>(db: &impl ConnectionTrait) -> Result<(String, (i64, i64)), DbErr> {
    let rows: Option<i64> = E::find().select_only().column_as(Expr::expr(Func::count(Expr::col(Asterisk))), "rows").into_tuple().one(db).await?;
    Ok((E::default().table_name().to_string(), (rows.unwrap_or(0), 0)))
}

/// The fingerprint of the business data.
pub async fn fingerprint(db: &impl ConnectionTrait) -> Result<Fingerprint, DbErr> {
    Ok(Fingerprint::from([
        tally::<corp::Entity>(db, corp::Column::CId).await?,
        tally::<corp_person::Entity>(db, corp_person::Column::PersonIdx).await?,
        tally::<user::Entity>(db, user::Column::UIdx).await?,
        tally::<user_team::Entity>(db, user_team::Column::TeamId).await?,
        tally::<user_group::Entity>(db, user_group::Column::GroupId).await?,
        tally::<node_manager::Entity>(db, node_manager::Column::NmIdx).await?,
        tally::<poi::Entity>(db, poi::Column::PoiId).await?,
        tally::<device::Entity>(db, device::Column::DvcIdx).await?,
        tally::<media::Entity>(db, media::Column::MediaId).await?,
        tally::<media_group::Entity>(db, media_group::Column::MgId).await?,
        tally::<player::Entity>(db, player::Column::PlyIdx).await?,
        tally::<material::Entity>(db, material::Column::MatId).await?,
        tally::<campaign::Entity>(db, campaign::Column::CmpgId).await?,
        tally::<campaign_change::Entity>(db, campaign_change::Column::ChgIdx).await?,
        tally::<campaign_photo::Entity>(db, campaign_photo::Column::PhotoId).await?,
        tally::<coupon::Entity>(db, coupon::Column::CpIdx).await?,
        tally::<promotion_sent::Entity>(db, promotion_sent::Column::SpIdx).await?,
        tally::<product::Entity>(db, product::Column::PrdId).await?,
        tally::<package::Entity>(db, package::Column::PkgId).await?,
        tally::<point_ledger::Entity>(db, point_ledger::Column::PtIdx).await?,
        tally::<fee_media::Entity>(db, fee_media::Column::FeeIdx).await?,
        tally::<fee_sales::Entity>(db, fee_sales::Column::FeeIdx).await?,
        rows::<settlement_month::Entity>(db).await?,
        tally::<content::Entity>(db, content::Column::CtIdx).await?,
        tally::<content_notice::Entity>(db, content_notice::Column::CnIdx).await?,
        rows::<content_setting::Entity>(db).await?,
        tally::<urgent_message::Entity>(db, urgent_message::Column::UmIdx).await?,
        tally::<news_provider::Entity>(db, news_provider::Column::NssId).await?,
        tally::<notice::Entity>(db, notice::Column::NtIdx).await?,
        tally::<board_post::Entity>(db, board_post::Column::BiIdx).await?,
        tally::<qna::Entity>(db, qna::Column::QnaIdx).await?,
        tally::<report_temp::Entity>(db, report_temp::Column::RtIdx).await?,
        rows::<plan_override::Entity>(db).await?,
        // Every change made through the back office leaves a line here, edits that add no row too.
        tally::<history::Entity>(db, history::Column::HIdx).await?,
    ]))
}

/// The fingerprint of a database the server has just set up, made on a throwaway database.
pub async fn fresh_fingerprint() -> Result<Fingerprint, String> {
    let mut opts = ConnectOptions::new("sqlite::memory:");
    // One connection: an in-memory database lives and dies with its connection.
    opts.max_connections(1).min_connections(1).sqlx_logging(false);
    let db = Database::connect(opts).await.map_err(|e| e.to_string())?;
    crate::db::prepare(&db, Some(&crate::crypto::password::generate())).await.map_err(|e| e.to_string())?;
    let found = fingerprint(&db).await.map_err(|e| e.to_string());
    db.close().await.ok();
    found
}

/// The tables whose rows differ between `found` and `expected`, told for a person.
pub fn differences(found: &Fingerprint, expected: &Fingerprint, expected_is: &str) -> Vec<String> {
    found
        .iter()
        .filter(|(table, tally)| expected.get(*table) != Some(tally))
        .map(|(table, (rows, last))| {
            let (want_rows, want_last) = expected.get(table).copied().unwrap_or_default();
            if *rows == want_rows {
                format!("{table}: {rows} rows up to id {last}, {expected_is} had {want_rows} up to id {want_last}")
            } else {
                format!("{table}: {rows} rows, {expected_is} had {want_rows}")
            }
        })
        .collect()
}

async fn row(db: &impl ConnectionTrait) -> Result<Option<env::Model>, DbErr> {
    env::Entity::find().filter(env::Column::EnvKey.eq(KEY)).filter(env::Column::DeletedAt.is_null()).one(db).await
}

pub async fn read(db: &impl ConnectionTrait) -> Result<Mark, String> {
    let Some(found) = row(db).await.map_err(|e| e.to_string())? else { return Ok(Mark::Absent) };
    let value: Value = serde_json::from_str(&found.env_value).unwrap_or(Value::Null);
    if value["state"] != "done" {
        return Ok(Mark::Unfinished);
    }
    let tables =
        value["tables"].as_object().map(|t| t.iter().filter_map(|(k, v)| Some((k.clone(), (v[0].as_i64()?, v[1].as_i64()?)))).collect()).unwrap_or_default();
    Ok(Mark::Done(tables))
}

async fn write(db: &impl ConnectionTrait, value: Value) -> Result<(), String> {
    let now = Utc::now();
    let text = value.to_string();
    let result = match row(db).await.map_err(|e| e.to_string())? {
        Some(existing) => {
            env::ActiveModel { env_idx: Set(existing.env_idx), env_value: Set(text), updated_at: Set(now), ..Default::default() }.update(db).await.map(|_| ())
        }
        None => crate::db::seed::env_row(KEY, &text, DESCRIPTION, now).insert(db).await.map(|_| ()),
    };
    result.map_err(|e| format!("demo marker: {e}"))
}

/// Marks the database as being seeded, before the first row of the demo.
pub async fn begin(db: &impl ConnectionTrait) -> Result<(), String> {
    write(db, json!({ "v": VERSION, "state": "seeding" })).await
}

/// Marks the finished demo with the fingerprint of its data.
pub async fn finish(db: &impl ConnectionTrait) -> Result<(), String> {
    let tables = fingerprint(db).await.map_err(|e| e.to_string())?;
    let summary: serde_json::Map<String, Value> = tables.iter().map(|(k, (rows, last))| (k.clone(), json!([rows, last]))).collect();
    write(db, json!({ "v": VERSION, "state": "done", "seededAt": crate::time::format(&Utc::now()), "tables": summary })).await
}
