//! Approval and encoding states of materials: approve or reject (with a reason) a pending request, by the approvers
//! (`{program}:other`), retry a failed encoding, and the list of what a campaign may attach.

use super::kind::{MaterialKind, Materials};
use crate::api::resource::record;
use crate::auth::Caller;
use crate::db::entity::material::{ActiveModel, Column};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use townboard_domain::material::approval::{APPROVED, REJECTED, REQUESTED};
use townboard_domain::material::encoding::{ENCODED, FAILED as ENCODING_FAILED, NOT_ENCODED};

/// Approved and encoded: what may be attached to a campaign or played.
pub fn playable() -> Condition {
    Condition::all().add(Column::MatStatus.eq(APPROVED)).add(Column::EncodingStatus.eq(ENCODED))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusBody {
    mat_id: i64,
    mat_status: i32,
    reason: Option<String>,
}

/// `jsonStatus.do {matId, matStatus: 1|2, reason?}`: approve an encoded material, or reject one
/// with the reason its owner will read.
pub async fn status<K: MaterialKind>(State(state): State<AppState>, caller: Caller, Input(body): Input<StatusBody>) -> ApiResult<Response> {
    let reason = body.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()).map(str::to_string);
    match (body.mat_status, &reason) {
        (APPROVED, _) => {}
        (REJECTED, Some(r)) if r.chars().count() <= 500 => {}
        (REJECTED, _) => return Err(ApiError::invalid("reason", "반려 사유를 500자 이내로 입력하세요.")),
        _ => return Err(ApiError::invalid("matStatus", "1(승인) 또는 2(반려)여야 합니다.")),
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = Materials::<K>::find(&txn, &caller, body.mat_id).await?;
    // Only a pending request is decided; a decided one changes by its owner's edit.
    if before.mat_status != REQUESTED {
        return Err(ApiError::conflict(if before.mat_status == APPROVED { "이미 승인된 소재입니다." } else { "이미 반려된 소재입니다." }));
    }
    if body.mat_status == APPROVED && before.encoding_status != ENCODED {
        return Err(ApiError::conflict("인코딩이 끝난 소재만 승인할 수 있습니다."));
    }
    let approved = body.mat_status == APPROVED;
    let after = ActiveModel {
        mat_id: Set(before.mat_id),
        mat_status: Set(body.mat_status),
        reject_reason: Set(if approved { None } else { reason }),
        approved_by: Set(approved.then_some(caller.u_idx())),
        approved_at: Set(approved.then_some(now)),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    record(&txn, &caller, now, K::PROGRAM, before.mat_id, if approved { "approve" } else { "reject" }, Some(&before), Some(&after)).await?;
    txn.commit().await?;
    if approved {
        crate::jobs::plans::material_changed(&state, after.mat_id).await;
    }
    Ok(ok(json!({ "matId": after.mat_id, "matStatus": after.mat_status })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatId {
    mat_id: i64,
}

/// `jsonRetry.do {matId}`: encodes a material whose encoding failed once more.
pub async fn retry<K: MaterialKind>(State(state): State<AppState>, caller: Caller, Input(body): Input<MatId>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = Materials::<K>::find(&txn, &caller, body.mat_id).await?;
    if before.encoding_status != ENCODING_FAILED {
        return Err(ApiError::conflict("인코딩에 실패한 소재만 다시 시도할 수 있습니다."));
    }
    let after =
        ActiveModel { mat_id: Set(before.mat_id), encoding_status: Set(NOT_ENCODED), encoding_error: Set(None), updated_at: Set(now), ..Default::default() }
            .update(&txn)
            .await?;
    record(&txn, &caller, now, K::PROGRAM, before.mat_id, "retry", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    crate::jobs::transcode::enqueue(&state, &after).await?;
    Ok(ok(json!({ "matId": after.mat_id, "encodingStatus": after.encoding_status })))
}

/// `jsonApprovedList.do`: the list narrowed to approved, encoded materials (the material popup
/// of the campaign screens).
pub async fn approved_list<K: MaterialKind>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    crate::api::resource::list_where::<Materials<K>>(&state, &caller, &body, Some(playable())).await
}
