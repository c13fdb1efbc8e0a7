//! The benchmark data set, written straight into a fresh database, at the largest Korean network's
//! size by default: 100,000 devices and screens in 10,000 groups at 5,800 sites (`--screens` picks
//! a smaller one, the rest in proportion), 100,000 campaigns, and 30 days of proof of play for
//! every screen (per campaign and material, and the per-screen day and month rollups).

use chrono::{Duration, Utc};
use sea_orm::sea_query::Query;
use sea_orm::{ConnectionTrait, DatabaseConnection, TransactionTrait};
use std::time::Instant;

pub const SCREENS_PER_GROUP: i64 = 10;
pub const DAYS: i64 = 30;
pub const ADMIN_PASSWORD: &str = "Bench-Admin-2026";
pub const ADVERTISER_CID: i64 = 1000;
pub const CAMPAIGNS: i64 = 100_000;

/// Screens of the data set (`--screens`), set once before it is made or read.
static SCREENS: std::sync::OnceLock<i64> = std::sync::OnceLock::new();

/// Sizes the data set: `screens` screens, ten a group, 58 sites a thousand screens.
pub fn size(screens: i64) -> Result<(), String> {
    if screens < 1_000 || screens % SCREENS_PER_GROUP != 0 {
        return Err("--screens takes a multiple of 10 of at least 1,000".into());
    }
    SCREENS.set(screens).map_err(|_| "the data set is sized once".to_string())
}

/// Every screen of the data set.
pub fn screens() -> i64 {
    *SCREENS.get().unwrap_or(&100_000)
}

pub fn groups() -> i64 {
    screens() / SCREENS_PER_GROUP
}

/// 5,800 sites for 100,000 screens, as the largest network has.
pub fn sites() -> i64 {
    (screens() * 58 / 1_000).max(1)
}

fn site_of_group(g: i64) -> i64 {
    (g - 1) * sites() / groups() + 1
}

/// Campaigns each screen plays a day in the proof-of-play history: ten at 20,000 screens, fewer
/// on a larger network, so the per-campaign history stays near six million rows.
fn campaigns_per_screen_day() -> i64 {
    (200_000 / screens()).clamp(1, 10)
}

pub struct Counts {
    pub rows: u64,
    pub seconds: f64,
}

async fn insert(
    db: &impl ConnectionTrait,
    table: &'static str,
    cols: &[&'static str],
    rows: impl Iterator<Item = Vec<sea_orm::sea_query::SimpleExpr>>,
    count: &mut u64,
) -> Result<(), String> {
    let mut batch = Vec::new();
    // Built and bound like the server's own statements, so values are stored the same way.
    let flush = |batch: &mut Vec<Vec<sea_orm::sea_query::SimpleExpr>>| {
        let mut q = Query::insert();
        q.into_table(table).columns(cols.to_vec());
        for row in batch.drain(..) {
            q.values_panic(row);
        }
        async move { db.execute(&q).await }
    };
    for row in rows {
        batch.push(row);
        *count += 1;
        if batch.len() == 500 {
            flush(&mut batch).await.map_err(|e| e.to_string())?;
        }
    }
    if !batch.is_empty() {
        flush(&mut batch).await.map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Creates the schema and seed, activates the admin, and writes the data set.
pub async fn generate(db: &DatabaseConnection) -> Result<Counts, String> {
    let started = Instant::now();
    townboard_server::db::prepare(db, Some(ADMIN_PASSWORD)).await.map_err(|e| e.to_string())?;
    db.execute_unprepared("UPDATE users SET init_pwd_yn = 'N' WHERE u_id = 'admin'").await.map_err(|e| e.to_string())?;
    let now = Utc::now();
    let ts = now;
    let today = townboard_server::time::today(now);
    let mut rows = 0u64;
    let txn = db.begin().await.map_err(|e| e.to_string())?;
    let t = || ts.into();
    insert(
        &txn,
        "poi",
        &[
            "poi_id",
            "poi_nm",
            "c_id",
            "poi_status",
            "road_addr",
            "rgn_cd",
            "open_time",
            "close_time",
            "dong_cnt",
            "da_cnt",
            "media_grade",
            "display_num",
            "created_at",
            "updated_at",
        ],
        (1..=sites()).map(|i| {
            vec![
                i.into(),
                format!("벤치 아파트 {i}").into(),
                1.into(),
                1.into(),
                format!("서울특별시 강남구 벤치로 {i}").into(),
                "1168000000".into(),
                // Screens in elevators run around the clock: a silent one is a fault at any hour.
                "00:00".into(),
                "00:00".into(),
                10.into(),
                (500 + i % 1500).into(),
                "A".into(),
                20.into(),
                t(),
                t(),
            ]
        }),
        &mut rows,
    )
    .await?;
    // The advertiser whose materials the benchmark uploads.
    insert(
        &txn,
        "corp",
        &["c_id", "c_name", "c_rep", "c_biz_no", "c_status", "c_type", "c_pay_type", "role_cd", "platform", "created_at", "updated_at"],
        std::iter::once(vec![
            ADVERTISER_CID.into(),
            "벤치 광고주".into(),
            "대표".into(),
            "9999999999".into(),
            1.into(),
            1.into(),
            2.into(),
            10006.into(),
            1.into(),
            t(),
            t(),
        ]),
        &mut rows,
    )
    .await?;
    let groups = groups();
    insert(
        &txn,
        "media_group",
        &[
            "mg_id",
            "mg_nm",
            "poi_id",
            "layout",
            "template_type",
            "schd_group",
            "ad_slot_cnt",
            "slot_sec",
            "board_slot_cnt",
            "media_group_status",
            "created_at",
            "updated_at",
        ],
        (1..=groups).map(|g| {
            vec![
                g.into(),
                format!("그룹 {g}").into(),
                site_of_group(g).into(),
                1.into(),
                2.into(),
                (g % 4).into(),
                10.into(),
                15.into(),
                0.into(),
                0.into(),
                t(),
                t(),
            ]
        }),
        &mut rows,
    )
    .await?;
    let screens = screens();
    let per_day = campaigns_per_screen_day();
    insert(
        &txn,
        "device",
        &["dvc_idx", "dvc_nm", "dvc_sn_num", "os_type", "wrhs_dt", "erp_cd", "device_status", "size", "resolution", "created_at", "updated_at"],
        (1..=screens).map(|d| {
            vec![
                d.into(),
                format!("디바이스 {d}").into(),
                format!("BENCH{d:06}").into(),
                "AND".into(),
                "2026-01-01".into(),
                "".into(),
                1.into(),
                55.into(),
                "FHD".into(),
                t(),
                t(),
            ]
        }),
        &mut rows,
    )
    .await?;
    insert(
        &txn,
        "media",
        &["media_id", "media_nm", "c_id", "poi_id", "mg_id", "dvc_idx", "os_type", "media_status", "ssaid", "token_digest", "created_at", "updated_at"],
        (1..=screens).map(|m| {
            let g = (m - 1) / SCREENS_PER_GROUP + 1;
            vec![
                m.into(),
                format!("화면 {m}").into(),
                1.into(),
                site_of_group(g).into(),
                g.into(),
                m.into(),
                "AND".into(),
                (m % 5).into(),
                format!("bench-ssaid-{m}").into(),
                townboard_server::crypto::sha256_hex(token(m).as_bytes()).into(),
                t(),
                t(),
            ]
        }),
        &mut rows,
    )
    .await?;
    // Each screen's beat row, made with it, holds its player's version.
    txn.execute_unprepared("UPDATE media_beat SET player_version = '1.0'").await.map_err(|e| e.to_string())?;
    txn.commit().await.map_err(|e| e.to_string())?;

    let dates: Vec<String> = (1..=DAYS).map(|d| (today - Duration::days(d)).format("%Y-%m-%d").to_string()).collect();
    for date in &dates {
        let txn = db.begin().await.map_err(|e| e.to_string())?;
        insert(
            &txn,
            "pop_daily",
            &["play_date", "media_id", "cmpg_id", "mat_id", "slot_type", "plays", "seconds"],
            (1..=screens)
                .flat_map(|m| (1..=per_day).map(move |c| (m, c)))
                .map(|(m, c)| vec![date.clone().into(), m.into(), c.into(), (c * 10).into(), 1.into(), 24.into(), 360.into()]),
            &mut rows,
        )
        .await?;
        insert(
            &txn,
            "pop_media_day",
            &["play_date", "media_id", "plays", "seconds"],
            (1..=screens).map(|m| vec![date.clone().into(), m.into(), (24 * per_day).into(), (360 * per_day).into()]),
            &mut rows,
        )
        .await?;
        txn.commit().await.map_err(|e| e.to_string())?;
    }
    let months: std::collections::BTreeMap<String, i64> = dates.iter().fold(Default::default(), |mut acc, d| {
        *acc.entry(d[..7].to_string()).or_default() += 1;
        acc
    });
    let txn = db.begin().await.map_err(|e| e.to_string())?;
    for (month, days) in &months {
        insert(
            &txn,
            "pop_media_month",
            &["play_month", "media_id", "plays", "seconds"],
            (1..=screens).map(|m| vec![month.clone().into(), m.into(), (24 * per_day * days).into(), (360 * per_day * days).into()]),
            &mut rows,
        )
        .await?;
    }
    txn.commit().await.map_err(|e| e.to_string())?;
    campaigns(db, today, ts, &mut rows).await?;
    let by_hand = [("poi", "poi_id"), ("corp", "c_id"), ("media_group", "mg_id"), ("device", "dvc_idx"), ("media", "media_id"), ("campaign", "cmpg_id")];
    townboard_server::db::catch_up_sequences(db, &by_hand).await.map_err(|e| e.to_string())?;
    // A settled database, as autovacuum leaves it: PostgreSQL's visibility map lets list pages
    // be answered from their indexes alone.
    let settle = if db.get_database_backend() == sea_orm::DatabaseBackend::Postgres { "VACUUM ANALYZE" } else { "ANALYZE" };
    db.execute_unprepared(settle).await.map_err(|e| e.to_string())?;
    Ok(Counts { rows, seconds: started.elapsed().as_secs_f64() })
}

/// Statuses of the generated campaigns, with how many in a hundred: drafts, requests, rejected,
/// approved, live, stopped, ended, cancelled.
const STATUS_MIX: [(i32, i64); 9] = [(3, 10), (21, 10), (24, 5), (27, 5), (30, 10), (50, 30), (60, 5), (99, 20), (40, 5)];

/// The status of generated campaign `i`.
pub fn campaign_status(i: i64) -> i32 {
    let mut at = i % 100;
    for (status, share) in STATUS_MIX {
        if at < share {
            return status;
        }
        at -= share;
    }
    3
}

/// 100,000 campaigns of the advertiser across every status, each on one group for 30 days
/// around today (ended ones before it), with their price.
async fn campaigns(db: &DatabaseConnection, today: chrono::NaiveDate, ts: chrono::DateTime<Utc>, rows: &mut u64) -> Result<(), String> {
    let txn = db.begin().await.map_err(|e| e.to_string())?;
    let groups = groups();
    let period = |i: i64| {
        let start = match campaign_status(i) {
            // Spread by `i / 100`: `i % 100` picks the status, so a spread by it would put every
            // ended campaign in the same few weeks (months before the last one, which is closed).
            99 | 60 => today - Duration::days(40 + (i / 100) % 200),
            50 => today - Duration::days(5 + i % 20),
            _ => today + Duration::days(1 + i % 60),
        };
        (start.format("%Y-%m-%d").to_string(), (start + Duration::days(29)).format("%Y-%m-%d").to_string())
    };
    insert(
        &txn,
        "campaign",
        &[
            "cmpg_id",
            "cmpg_title",
            "advertiser_c_id",
            "platform",
            "pkg_id",
            "prd_id",
            "start_date",
            "end_date",
            "slot_cnt",
            "schd_rate",
            "memo",
            "cmpg_status",
            "days",
            "media_cnt",
            "unit_price",
            "supply",
            "vat",
            "total",
            "created_by",
            "created_at",
            "updated_at",
            "requested_at",
        ],
        (1..=CAMPAIGNS).map(|i| {
            let (start, end) = period(i);
            let status = campaign_status(i);
            let at = ts - Duration::minutes(CAMPAIGNS - i);
            vec![
                i.into(),
                format!("벤치 캠페인 {i:06}").into(),
                ADVERTISER_CID.into(),
                (1 + i % 2).into(),
                3.into(),
                1.into(),
                start.into(),
                end.into(),
                1.into(),
                100.into(),
                "".into(),
                status.into(),
                30.into(),
                SCREENS_PER_GROUP.into(),
                300_000.into(),
                3_000_000.into(),
                300_000.into(),
                3_300_000.into(),
                1.into(),
                at.into(),
                at.into(),
                (status != 3).then_some(at).into(),
            ]
        }),
        rows,
    )
    .await?;
    insert(&txn, "campaign_target", &["cmpg_id", "mg_id"], (1..=CAMPAIGNS).map(|i| vec![i.into(), (1 + i % groups).into()]), rows).await?;
    txn.commit().await.map_err(|e| e.to_string())
}

/// A live campaign of the data set (for the detail scenario).
pub fn live_campaign() -> i64 {
    (1..=CAMPAIGNS).find(|i| campaign_status(*i) == 50).unwrap_or(1)
}

/// The player token of screen `m`: every screen of the data set is registered.
pub fn token(m: i64) -> String {
    format!("bench-token-{m:06}")
}

/// The month with the most proof of play in the data set (the report scenario reads it).
pub fn busiest_month() -> String {
    let today = townboard_server::time::today(Utc::now());
    let mut counts = std::collections::BTreeMap::<String, i64>::new();
    for d in 1..=DAYS {
        *counts.entry((today - Duration::days(d)).format("%Y-%m").to_string()).or_default() += 1;
    }
    counts.into_iter().max_by_key(|(_, n)| *n).map(|(m, _)| m).unwrap_or_default()
}
