//! Plan generation as a job (a light one: it builds loops in memory and writes them in chunks):
//! nightly for today to D+7 for every live group, on demand, and after a campaign change. Every
//! run has its execution log row, which shows its progress and outcome.

use super::Ctx;
use crate::db::entity::{campaign_material, campaign_target, exec_log, material, media_group, plan};
use crate::plans::generate::{Scope, generate};
use crate::state::AppState;
use chrono::{Duration, NaiveDate};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde_json::json;

pub const KIND: &str = "plan_generate";
/// Plans made ahead of the day they play.
pub const DAYS_AHEAD: i64 = 7;

/// 0 running, 1 done, 3 failed.
pub const RUNNING: i32 = 0;
pub const DONE: i32 = 1;
pub const FAILED: i32 = 3;

/// Opens the execution log row of a generation.
async fn open_log(state: &AppState, name: &str, scope: &Scope, by: Option<i64>) -> Result<i64, sea_orm::DbErr> {
    let now = state.clock.now();
    let single = scope.mg_ids.as_ref().filter(|ids| ids.len() == 1).map(|ids| ids[0]);
    let log = exec_log::ActiveModel {
        exec_nm: Set(name.chars().take(200).collect()),
        mg_id: Set(single),
        u_idx: Set(by),
        status: Set(RUNNING),
        progress: Set(0),
        groups: Set(0),
        days: Set(((scope.to - scope.from).num_days() + 1).max(0) as i32),
        error: Set(None),
        created_at: Set(now),
        finished_at: Set(None),
        ..Default::default()
    };
    Ok(exec_log::Entity::insert(log).exec(&state.writer).await?.last_insert_id)
}

/// Queues a generation with its execution log row (to follow it from the screen at once).
pub async fn start(state: &AppState, name: &str, scope: &Scope, by: Option<i64>) -> Result<i64, sea_orm::DbErr> {
    let exec_idx = open_log(state, name, scope, by).await?;
    let payload = json!({ "execIdx": exec_idx, "name": name, "mgIds": scope.mg_ids, "from": scope.from, "to": scope.to });
    super::enqueue(state, KIND, payload, None, None).await?;
    Ok(exec_idx)
}

async fn finish(state: &AppState, exec_idx: i64, status: i32, groups: usize, error: Option<String>) -> Result<(), String> {
    let row = exec_log::ActiveModel {
        exec_idx: Set(exec_idx),
        status: Set(status),
        progress: Set(if status == DONE { 100 } else { 0 }),
        groups: Set(groups as i32),
        error: Set(error),
        finished_at: Set(Some(state.clock.now())),
        ..Default::default()
    };
    exec_log::Entity::update(row).exec(&state.writer).await.map(|_| ()).map_err(|e| e.to_string())
}

pub async fn run(ctx: &Ctx<'_>) -> Result<(), String> {
    let date = |k: &str| ctx.payload[k].as_str().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()).ok_or(format!("{k}가 올바르지 않습니다."));
    let scope = Scope { mg_ids: serde_json::from_value(ctx.payload["mgIds"].clone()).unwrap_or(None), from: date("from")?, to: date("to")? };
    let state = ctx.state;
    // Periodic generations open their log row when they run (once, whoever enqueued them).
    let exec_idx = match ctx.payload["execIdx"].as_i64() {
        Some(id) => id,
        None => open_log(state, ctx.payload["name"].as_str().unwrap_or("편성 생성"), &scope, None).await.map_err(|e| e.to_string())?,
    };
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<i32>();
    // The generation and the progress writes run side by side: a progress write waits for the
    // writer between two of the generation's chunks, while the generation goes on (awaiting it
    // inside the generation's turn would wait for a writer the generation holds).
    let work = async move {
        generate(state, &scope, Some(exec_idx), move |p| {
            let _ = tx.send(p);
        })
        .await
    };
    let report = async {
        while let Some(p) = rx.recv().await {
            ctx.progress(p).await;
            let row = exec_log::ActiveModel { exec_idx: Set(exec_idx), progress: Set(p), ..Default::default() };
            let _ = exec_log::Entity::update(row).exec(&state.writer).await;
        }
    };
    let (outcome, ()) = tokio::join!(work, report);
    match outcome {
        Ok(made) => finish(state, exec_idx, DONE, made.groups, None).await,
        Err(e) => {
            finish(state, exec_idx, FAILED, 0, Some(e.to_string())).await?;
            Err(e.to_string())
        }
    }
}

/// The nightly generation: every live group, today to D+7, once per day however many processes ask.
pub async fn nightly(state: &AppState, today: NaiveDate) -> Result<(), sea_orm::DbErr> {
    let scope = Scope { mg_ids: None, from: today, to: today + Duration::days(DAYS_AHEAD) };
    let payload = json!({ "name": "야간 편성 생성", "mgIds": null, "from": scope.from, "to": scope.to });
    super::enqueue(state, KIND, payload, Some(format!("{KIND}:nightly:{today}")), None).await.map(|_| ())
}

/// Plans already made from `from` on for these groups are made again (a campaign changed): to D+7,
/// or as far as plans were made ahead by hand.
pub async fn regenerate(state: &AppState, mut mg_ids: Vec<i64>, from: NaiveDate, name: &str) -> Result<(), sea_orm::DbErr> {
    mg_ids.sort_unstable();
    mg_ids.dedup();
    if mg_ids.is_empty() {
        return Ok(());
    }
    let today = crate::time::today(state.clock.now());
    let mut last: Option<String> = None;
    for chunk in mg_ids.chunks(500) {
        let found: Option<Option<String>> = plan::Entity::find()
            .select_only()
            .column_as(Expr::expr(Func::max(Expr::col(plan::Column::PlayDate))), "last")
            .filter(plan::Column::MgId.is_in(chunk.to_vec()))
            .into_tuple()
            .one(&state.db)
            .await?;
        last = last.max(found.flatten());
    }
    let ahead = today + Duration::days(DAYS_AHEAD);
    let to = last.as_deref().and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()).map_or(ahead, |d| d.max(ahead));
    let scope = Scope { mg_ids: Some(mg_ids), from: from.max(today), to };
    if scope.from > scope.to {
        return Ok(());
    }
    start(state, name, &scope, None).await.map(|_| ())
}

/// A campaign changed (approved, cancelled, stopped, resumed, changed): the loops of its groups
/// (and of `also`, groups it left) are made again from `from`. The change is committed already, so
/// a failure here is logged and the nightly generation catches up.
pub async fn campaign_changed(state: &AppState, cmpg_id: i64, from: NaiveDate, also: Vec<i64>) {
    let groups = campaign_target::Entity::find()
        .select_only()
        .column(campaign_target::Column::MgId)
        .filter(campaign_target::Column::CmpgId.eq(cmpg_id))
        .into_tuple::<i64>()
        .all(&state.db)
        .await;
    let result = match groups {
        Ok(mut groups) => {
            groups.extend(also);
            regenerate(state, groups, from, &format!("캠페인 {cmpg_id} 변경 반영")).await
        }
        Err(e) => Err(e),
    };
    if let Err(e) = result {
        tracing::error!(cmpg_id, error = %e, "could not queue the regeneration of a campaign's plans");
    }
}

/// A material became playable or stopped being so (approved, rejected, encoded, deleted): the
/// loops that may hold it are made again from today: its campaigns' groups, or, for a house
/// material, every group of its template type.
pub async fn material_changed(state: &AppState, mat_id: i64) {
    let result = async {
        let Some(m) = material::Entity::find_by_id(mat_id).one(&state.db).await? else { return Ok(()) };
        let groups: Vec<i64> = if m.mat_kind == "campaign" {
            let campaigns = sea_orm::sea_query::Query::select()
                .column(campaign_material::Column::CmpgId)
                .from(campaign_material::Entity)
                .and_where(campaign_material::Column::MatId.eq(mat_id))
                .to_owned();
            campaign_target::Entity::find()
                .select_only()
                .column(campaign_target::Column::MgId)
                .filter(campaign_target::Column::CmpgId.in_subquery(campaigns))
                .into_tuple()
                .all(&state.db)
                .await?
        } else {
            template_groups(state, &[m.template_type]).await?
        };
        regenerate(state, groups, crate::time::today(state.clock.now()), &format!("소재 {mat_id} 변경 반영")).await
    }
    .await;
    if let Err(e) = result {
        tracing::error!(mat_id, error = %e, "could not queue the regeneration of a material's plans");
    }
}

/// Groups changed (slots, their length, template, status): their plans from today, if any, are
/// made again.
pub async fn groups_changed(state: &AppState, mg_ids: &[i64]) {
    let today = crate::time::today(state.clock.now()).format("%Y-%m-%d").to_string();
    let planned = plan::Entity::find()
        .select_only()
        .column(plan::Column::MgId)
        .distinct()
        .filter(plan::Column::MgId.is_in(mg_ids.to_vec()))
        .filter(plan::Column::PlayDate.gte(today))
        .into_tuple::<i64>()
        .all(&state.db)
        .await;
    let result = match planned {
        Ok(groups) => regenerate(state, groups, crate::time::today(state.clock.now()), "매체 그룹 변경 반영").await,
        Err(e) => Err(e),
    };
    if let Err(e) = result {
        tracing::error!(error = %e, "could not queue the regeneration of groups' plans");
    }
}

/// Contents changed: every plan made from today on is made again (contents go to every group of
/// their templates).
pub async fn contents_changed(state: &AppState) {
    let today = crate::time::today(state.clock.now()).format("%Y-%m-%d").to_string();
    let planned = plan::Entity::find()
        .select_only()
        .column(plan::Column::MgId)
        .distinct()
        .filter(plan::Column::PlayDate.gte(today))
        .into_tuple::<i64>()
        .all(&state.db)
        .await;
    match planned {
        Ok(groups) => groups_changed(state, &groups).await,
        Err(e) => tracing::error!(error = %e, "could not read the groups with plans"),
    }
}

async fn template_groups(state: &AppState, types: &[i32]) -> Result<Vec<i64>, sea_orm::DbErr> {
    media_group::Entity::find()
        .select_only()
        .column(media_group::Column::MgId)
        .filter(media_group::Column::DeletedAt.is_null())
        .filter(media_group::Column::TemplateType.is_in(types.to_vec()))
        .into_tuple()
        .all(&state.db)
        .await
}
