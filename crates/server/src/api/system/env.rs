//! Env variables (`/system/env`): run-time settings such as SMS_AUTH_YN, with `jsonInit.do`
//! restoring the defaults.

use crate::api::resource::{BoxFut, Filter, Match, ModelOf, Resource, SaveContext, filter, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::env::{ActiveModel, Column, Entity, Model};
use crate::db::seed::ENV_DEFAULTS;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, QueryFilter};
use serde::Deserialize;
use serde_json::json;

pub struct Envs;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EnvInput {
    env_idx: Option<i64>,
    env_key: String,
    #[serde(default)]
    env_value: String,
    #[serde(default)]
    env_desc: String,
}

impl Resource for Envs {
    type Entity = Entity;
    type Extra = ();
    type Input = EnvInput;
    const PATH: &'static str = "system/env";
    const PROGRAM: &'static str = "system.env";
    const ID_FIELD: &'static str = "envIdx";
    const SUMMARY: &'static str = "환경변수";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("envKey", Column::EnvKey, Match::Contains), filter("envDesc", Column::EnvDesc, Match::Contains)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("envKey", Column::EnvKey), ("updatedAt", Column::UpdatedAt)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::EnvKey, Order::Asc)
    }
    fn input_id(input: &EnvInput) -> Option<i64> {
        input.env_idx
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: EnvInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.key("envKey", &input.env_key, 100);
            check.max_len("envValue", &input.env_value, 2000);
            check.max_len("envDesc", &input.env_desc, 500);
            check.finish()?;
            Ok((
                ActiveModel {
                    env_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.env_idx)),
                    env_key: Set(clean(input.env_key)),
                    env_value: Set(clean(input.env_value)),
                    env_desc: Set(clean(input.env_desc)),
                    created_at: existing.map_or(Set(ctx.now), |e| Set(e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        Some((Condition::all().add(Column::EnvKey.eq(row.env_key.clone().unwrap())), "envKey"))
    }
    fn mark_deleted(m: ModelOf<Self>, now: chrono::DateTime<chrono::Utc>) -> Option<ActiveModel> {
        Some(ActiveModel { env_idx: Set(m.env_idx), deleted_at: Set(Some(now)), updated_at: Set(now), ..Default::default() })
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ByKey {
    env_key: String,
}

/// `POST /api/system/env/jsonDetailByKey.do`
pub async fn detail_by_key(State(state): State<AppState>, _caller: Caller, Input(body): Input<ByKey>) -> ApiResult<Response> {
    let row =
        Entity::find().filter(Column::EnvKey.eq(body.env_key.trim())).filter(Column::DeletedAt.is_null()).one(&state.db).await?.ok_or(ApiError::NotFound)?;
    Ok(ok(row))
}

/// `POST /api/system/env/jsonInit.do`: every default key back to its default value (other keys stay).
pub async fn init(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let mut restored = 0;
    for (key, value, desc) in ENV_DEFAULTS {
        let current = Entity::find().filter(Column::EnvKey.eq(*key)).filter(Column::DeletedAt.is_null()).one(&txn).await?;
        match current {
            Some(row) if row.env_value == *value => continue,
            Some(row) => {
                let after = ActiveModel { env_idx: Set(row.env_idx), env_value: Set(value.to_string()), updated_at: Set(now), ..Default::default() }
                    .update(&txn)
                    .await?;
                record(&txn, &caller, now, "system.env", row.env_idx, "init", Some(&row), Some(&after)).await?;
            }
            None => {
                let after = crate::db::seed::env_row(key, value, desc, now).insert(&txn).await?;
                record(&txn, &caller, now, "system.env", after.env_idx, "init", None, Some(&after)).await?;
            }
        }
        restored += 1;
    }
    txn.commit().await?;
    Ok(ok(json!({ "restored": restored })))
}
