//! The delete endpoint: a soft delete (or a removal) with its history row.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ModelTrait};
use serde_json::json;

use super::*;

#[derive(schemars::JsonSchema, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DeleteBody {
    ids: Vec<WireId>,
}

/// An id as a body names it: a number, or a text for resources with text ids.
#[derive(schemars::JsonSchema, serde::Deserialize)]
#[serde(untagged)]
pub(super) enum WireId {
    Number(i64),
    Text(String),
}

/// The id as history rows name it: as the wire shows it.
pub(super) fn id_text<R: Resource>(id: i64) -> String {
    match R::wire_id(id) {
        serde_json::Value::String(text) => text,
        other => other.to_string(),
    }
}

pub(super) async fn delete<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<DeleteBody>) -> ApiResult<Response> {
    if body.ids.is_empty() || body.ids.len() > 1000 {
        return Err(ApiError::invalid("ids", "1~1000개를 선택하세요."));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let mut deleted = Vec::with_capacity(body.ids.len());
    for wire in &body.ids {
        let named = match wire {
            WireId::Number(n) => json!(n),
            WireId::Text(t) => json!(t),
        };
        // All or nothing: one id outside scope or missing answers 10404 and nothing changes.
        let id = R::parse_id(&named).ok_or(ApiError::NotFound)?;
        let model = find_visible::<R>(&txn, &caller, id).await?;
        R::before_delete(&txn, &model).await?;
        let before = serde_json::to_value(&model).map_err(ApiError::internal)?;
        match R::mark_deleted(model.clone(), now) {
            Some(active) => {
                active.update(&txn).await?;
            }
            None => {
                model.delete(&txn).await?;
            }
        }
        record(&txn, &caller, now, R::PROGRAM, id_text::<R>(id), "delete", Some(&before), None).await?;
        deleted.push(id);
    }
    txn.commit().await?;
    R::committed(&state, &deleted).await;
    Ok(ok(json!({ "deleted": body.ids.len() })))
}
