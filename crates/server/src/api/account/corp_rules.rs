//! What corps and advertisers share: the corp fields and their checks, filters, sorts, the licence
//! slot and the status change. Both resources build on it; neither imports the other.

use crate::api::resource::{Filter, Match, Resource, SaveContext, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::corp::{ActiveModel, Column, Entity, Model};
use crate::error::{ApiError, ApiResult, ok};
use crate::files::{FileSlot, SCANS};
use crate::state::AppState;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::role::Role;
use townboard_domain::validate::{is_biz_no, normalize_biz_no};

/// The items of a resource definition every resource over the corp table shares: the id, the
/// whitelisted sorts, the scope of corps a caller reaches, the licence slot and the unique business
/// number. Written inside `impl Resource for ...`, beside what the resource says of its own.
macro_rules! corp_definition {
    () => {
        const ID_FIELD: &'static str = "cId";
        const FILE_TYPE: &'static str = "corp";

        fn sorts() -> Vec<(&'static str, crate::db::entity::corp::Column)> {
            super::corp_rules::corp_sorts()
        }
        fn scope(caller: &crate::auth::Caller) -> Option<sea_orm::Condition> {
            use crate::db::entity::corp::Column;
            crate::auth::scope::corps(caller, Column::CId, Column::CreatedBy)
        }
        fn file_slots() -> &'static [crate::files::FileSlot] {
            super::corp_rules::LICENCE
        }
        fn unique(row: &crate::db::entity::corp::ActiveModel) -> Option<(sea_orm::Condition, &'static str)> {
            super::corp_rules::unique_biz_no(row)
        }
    };
}
pub(crate) use corp_definition;

/// The business number anyone may repeat (a placeholder for those without one).
pub const SHARED_BIZ_NO: &str = "9999999999";

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorpInput {
    #[serde(rename = "cId")]
    pub c_id: Option<i64>,
    pub c_name: String,
    pub c_rep: String,
    pub c_biz_no: String,
    pub c_type: i32,
    pub c_pay_type: i32,
    pub role_cd: Option<i32>,
    pub c_status: i32,
}

pub const LICENCE: &[FileSlot] = &[FileSlot { part: "licence", max_bytes: 10 * 1024 * 1024, max_count: 1, kinds: SCANS }];

/// Checks the corp fields shared by corps and advertisers and builds the row.
pub fn corp_row(check: &mut Check, input: CorpInput, role: i32, existing: Option<&Model>, ctx: &SaveContext) -> ActiveModel {
    check.required("cName", &input.c_name, 100);
    check.required("cRep", &input.c_rep, 50);
    let biz = normalize_biz_no(input.c_biz_no.trim());
    if !is_biz_no(&biz) {
        check.fail("cBizNo", "사업자등록번호가 올바르지 않습니다.");
    }
    check.code("cType", "CORP_TYPE", &input.c_type.to_string());
    check.code("cPayType", "PAY_TYPE", &input.c_pay_type.to_string());
    check.code("cStatus", "CORP_STATUS", &input.c_status.to_string());
    if Role::from_code(role).is_none() {
        check.fail("roleCd", "알 수 없는 역할입니다.");
    }
    ActiveModel {
        c_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.c_id)),
        created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
        c_name: Set(clean(input.c_name)),
        c_rep: Set(clean(input.c_rep)),
        c_biz_no: Set(biz),
        c_status: Set(input.c_status),
        c_type: Set(input.c_type),
        c_pay_type: Set(input.c_pay_type),
        role_cd: Set(role),
        platform: Set(existing.map_or(1, |e| e.platform)),
        created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
        updated_at: Set(ctx.now),
        deleted_at: Set(None),
    }
}

/// The same business number on another live corp, unless it is the shared placeholder.
pub fn unique_biz_no(row: &ActiveModel) -> Option<(Condition, &'static str)> {
    let biz = row.c_biz_no.clone().unwrap();
    (biz != SHARED_BIZ_NO).then(|| (Condition::all().add(Column::CBizNo.eq(biz)), "cBizNo"))
}

pub fn corp_filters() -> Vec<Filter<Column>> {
    use crate::api::resource::filter;
    vec![
        filter("cName", Column::CName, Match::Contains),
        filter("cBizNo", Column::CBizNo, Match::Text),
        filter("roleCd", Column::RoleCd, Match::Int),
        filter("cStatus", Column::CStatus, Match::Int),
        filter("cType", Column::CType, Match::Int),
    ]
}

pub fn corp_sorts() -> Vec<(&'static str, Column)> {
    vec![("cName", Column::CName), ("createdAt", Column::CreatedAt), ("cStatus", Column::CStatus), ("cId", Column::CId)]
}

/// `jsonStatus.do {cId, cStatus}` for corps in scope (`base` limits it to one kind, e.g. advertisers).
pub async fn set_status<R: Resource<Entity = Entity>>(state: &AppState, caller: &Caller, c_id: i64, c_status: i32) -> ApiResult<Response> {
    if !townboard_domain::codes::is_code("CORP_STATUS", &c_status.to_string()) {
        return Err(ApiError::invalid("cStatus", "허용되지 않는 값입니다."));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = find_visible::<R>(&txn, caller, c_id).await?;
    let after = ActiveModel { c_id: Set(c_id), c_status: Set(c_status), updated_at: Set(now), ..Default::default() }.update(&txn).await?;
    record(&txn, caller, now, R::PROGRAM, c_id, "status", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "cId": c_id, "cStatus": c_status })))
}
