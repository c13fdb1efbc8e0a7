//! Common codes (`/system/code`): every code list of the product, grouped by `cdKey`.

use crate::api::resource::{BoxFut, Filter, Match, ModelOf, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::common_code::{ActiveModel, Column, Entity, Model};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::json;

pub struct Codes;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CodeInput {
    cd_idx: Option<i64>,
    cd_key: String,
    cd_dist: String,
    cd_code: String,
    cd_name: String,
    #[serde(default)]
    cd_detail: String,
    #[serde(default)]
    cd_order: i32,
    #[serde(default = "yes")]
    use_yn: String,
}

fn yes() -> String {
    "Y".into()
}

impl Resource for Codes {
    type Entity = Entity;
    type Extra = ();
    type Input = CodeInput;
    const PATH: &'static str = "system/code";
    const PROGRAM: &'static str = "system.code";
    const ID_FIELD: &'static str = "cdIdx";
    const SUMMARY: &'static str = "공통코드";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("cdKey", Column::CdKey, Match::Text),
            filter("cdDist", Column::CdDist, Match::Contains),
            filter("cdCode", Column::CdCode, Match::Text),
            filter("cdName", Column::CdName, Match::Contains),
            filter("useYn", Column::UseYn, Match::Text),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("cdKey", Column::CdKey), ("cdCode", Column::CdCode), ("cdName", Column::CdName), ("cdOrder", Column::CdOrder), ("updatedAt", Column::UpdatedAt)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::CdKey, Order::Asc)
    }
    fn input_id(input: &CodeInput) -> Option<i64> {
        input.cd_idx
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: CodeInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.key("cdKey", &input.cd_key, 50);
            check.required("cdDist", &input.cd_dist, 100);
            check.required("cdCode", &input.cd_code, 50);
            check.required("cdName", &input.cd_name, 100);
            check.max_len("cdDetail", &input.cd_detail, 500);
            check.range("cdOrder", input.cd_order.into(), 0, 9999);
            check.yn("useYn", &input.use_yn);
            check.finish()?;
            Ok((
                ActiveModel {
                    cd_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.cd_idx)),
                    cd_key: Set(clean(input.cd_key)),
                    cd_dist: Set(clean(input.cd_dist)),
                    cd_code: Set(clean(input.cd_code)),
                    cd_name: Set(clean(input.cd_name)),
                    cd_detail: Set(clean(input.cd_detail)),
                    cd_order: Set(input.cd_order),
                    use_yn: Set(input.use_yn),
                    created_at: existing.map_or(Set(ctx.now), |e| Set(e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        let key = row.cd_key.clone().unwrap();
        let code = row.cd_code.clone().unwrap();
        Some((Condition::all().add(Column::CdKey.eq(key)).add(Column::CdCode.eq(code)), "cdCode"))
    }
    fn mark_deleted(m: ModelOf<Self>, now: chrono::DateTime<chrono::Utc>) -> Option<ActiveModel> {
        Some(ActiveModel { cd_idx: Set(m.cd_idx), deleted_at: Set(Some(now)), updated_at: Set(now), ..Default::default() })
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CodeKeyBody {
    cd_key: String,
}

/// `POST /api/system/code/jsonCodeKey.do`: the labels of one code list, for every screen.
pub async fn code_key(State(state): State<AppState>, _caller: Caller, Input(body): Input<CodeKeyBody>) -> ApiResult<Response> {
    let rows: Vec<(String, String)> = Entity::find()
        .select_only()
        .column(Column::CdCode)
        .column(Column::CdName)
        .filter(Column::CdKey.eq(body.cd_key.trim()))
        .filter(Column::UseYn.eq("Y"))
        .filter(Column::DeletedAt.is_null())
        .order_by_asc(Column::CdOrder)
        .order_by_asc(Column::CdIdx)
        .into_tuple()
        .all(&state.db)
        .await?;
    if rows.is_empty() {
        return Err(ApiError::NotFoundWith("일치하는 코드 키가 없습니다."));
    }
    let list: Vec<_> = rows.into_iter().map(|(code, name)| json!({ "cdCode": code, "cdName": name })).collect();
    Ok(ok(json!({ "list": list })))
}
