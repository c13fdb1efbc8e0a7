//! Players (`/media/player`): player builds per OS and player type; exactly one deployed version
//! of each is handed to players on their heartbeat.

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::player::{ActiveModel, Column, Entity, Model};
use crate::db::entity::stored_file;
use crate::error::{ApiError, ApiResult, ok};
use crate::files::{FileSlot, PLAYER_BUILDS};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::{Value, json};

pub struct Players;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerInput {
    ply_idx: Option<i64>,
    os_type: String,
    ply_type: String,
    ply_version: String,
    #[serde(default)]
    ply_desc: String,
}

const BUILD: &[FileSlot] = &[FileSlot { part: "file", max_bytes: 300 * 1024 * 1024, max_count: 1, kinds: PLAYER_BUILDS }];

impl Resource for Players {
    type Entity = Entity;
    type Input = PlayerInput;
    type Extra = ();
    const PATH: &'static str = "media/player";
    const PROGRAM: &'static str = "media.player";
    const ID_FIELD: &'static str = "plyIdx";
    const SUMMARY: &'static str = "플레이어";
    const FILE_TYPE: &'static str = "player";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("osType", Column::OsType, Match::Text),
            filter("plyType", Column::PlyType, Match::Text),
            filter("plyDeployYn", Column::PlyDeployYn, Match::Text),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("createdAt", Column::CreatedAt), ("plyVersion", Column::PlyVersion), ("plyIdx", Column::PlyIdx)]
    }
    fn input_id(input: &PlayerInput) -> Option<i64> {
        input.ply_idx
    }
    fn file_slots() -> &'static [FileSlot] {
        BUILD
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: PlayerInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.code("osType", "OS_TYPE", &input.os_type);
            check.code("plyType", "PLY_TYPE", &input.ply_type);
            check.required("plyVersion", &input.ply_version, 50);
            check.max_len("plyDesc", &input.ply_desc, 500);
            if existing.is_some_and(|e| e.os_type != input.os_type || e.ply_type != input.ply_type) {
                check.fail("osType", "등록 후에는 바꿀 수 없습니다.");
            }
            check.finish()?;
            Ok((
                ActiveModel {
                    ply_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.ply_idx)),
                    os_type: Set(input.os_type),
                    ply_type: Set(input.ply_type),
                    ply_version: Set(clean(input.ply_version)),
                    ply_desc: Set(clean(input.ply_desc)),
                    ply_deploy_yn: Set(existing.map_or("N".into(), |e| e.ply_deploy_yn.clone())),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        let cond = Condition::all()
            .add(Column::OsType.eq(row.os_type.clone().unwrap()))
            .add(Column::PlyType.eq(row.ply_type.clone().unwrap()))
            .add(Column::PlyVersion.eq(row.ply_version.clone().unwrap()));
        Some((cond, "plyVersion"))
    }
    fn mark_deleted(m: Model, now: chrono::DateTime<chrono::Utc>) -> Option<ActiveModel> {
        Some(ActiveModel { ply_idx: Set(m.ply_idx), ply_deploy_yn: Set("N".into()), deleted_at: Set(Some(now)), updated_at: Set(now), ..Default::default() })
    }
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let only = Condition::all().add(stored_file::Column::TargetType.eq("player"));
            let ids: Vec<i64> = rows.iter().filter_map(|r| r["plyIdx"].as_i64()).collect();
            let files = stored_file::Entity::find().filter(only).filter(stored_file::Column::TargetId.is_in(ids)).all(db).await?;
            for row in rows.iter_mut() {
                let f = files.iter().find(|f| Some(f.target_id) == row["plyIdx"].as_i64());
                row["plyVFname"] = json!(f.map(|f| &f.file_name));
                row["fileIdx"] = json!(f.map(|f| f.file_idx));
            }
            Ok(())
        })
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerId {
    ply_idx: i64,
}

/// `jsonDeploy.do {plyIdx}`: this build becomes the one deployed for its OS and player type.
pub async fn deploy(State(state): State<AppState>, caller: Caller, Input(body): Input<PlayerId>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let p = find_visible::<Players>(&txn, &caller, body.ply_idx).await?;
    if crate::files::of_row(&txn, "player", p.ply_idx).await?.is_empty() {
        return Err(ApiError::conflict("파일이 없는 플레이어는 배포할 수 없습니다."));
    }
    Entity::update_many()
        .col_expr(Column::PlyDeployYn, "N".into())
        .filter(Column::OsType.eq(p.os_type.as_str()))
        .filter(Column::PlyType.eq(p.ply_type.as_str()))
        .exec(&txn)
        .await?;
    let after = ActiveModel { ply_idx: Set(p.ply_idx), ply_deploy_yn: Set("Y".into()), updated_at: Set(now), ..Default::default() }.update(&txn).await?;
    record(&txn, &caller, now, Players::PROGRAM, p.ply_idx, "deploy", Some(&p), Some(&after)).await?;
    txn.commit().await?;
    state.devices.forget_deployed();
    Ok(ok(json!({ "plyIdx": p.ply_idx, "plyDeployYn": "Y" })))
}
