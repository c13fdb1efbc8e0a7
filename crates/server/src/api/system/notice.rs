//! Notices (`/system/notice`): rich text stored safe-sanitised, attachments, and the home page's
//! latest notices (`jsonDashList.do`, `jsonDashDetail.do`) for every logged-in user.

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter, list_query};
use crate::api::validation::{Check, clean};
use crate::db::entity::notice::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{stored_file, user};
use crate::error::{ApiError, ApiResult, ok};
use crate::files::{DOCUMENTS, FileSlot};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::validate::parse_date;

pub struct Notices;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NoticeInput {
    nt_idx: Option<i64>,
    nt_title: String,
    nt_content: String,
    nt_start_date: Option<String>,
    nt_end_date: Option<String>,
}

const FILES: &[FileSlot] = &[FileSlot { part: "files", max_bytes: 20 * 1024 * 1024, max_count: 10, kinds: DOCUMENTS }];
pub const MAX_CONTENT: usize = 100_000;

/// A date field: empty means none; otherwise a real date, stored as `YYYY-MM-DD`.
fn optional_date(check: &mut Check, field: &str, value: Option<String>) -> Option<String> {
    let value = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())?;
    match parse_date(&value) {
        Some(d) => Some(d.format("%Y-%m-%d").to_string()),
        None => {
            check.fail(field, "날짜 형식이 올바르지 않습니다.");
            None
        }
    }
}

impl Resource for Notices {
    type Entity = Entity;
    type Input = NoticeInput;
    type Extra = ();
    const PATH: &'static str = "system/notice";
    const PROGRAM: &'static str = "system.notice";
    const ID_FIELD: &'static str = "ntIdx";
    const SUMMARY: &'static str = "공지사항";
    const FILE_TYPE: &'static str = "notice";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("ntTitle", Column::NtTitle, Match::Contains),
            filter("fromDate", Column::CreatedAt, Match::FromDate),
            filter("toDate", Column::CreatedAt, Match::ToDate),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("ntIdx", Column::NtIdx), ("createdAt", Column::CreatedAt), ("viewCnt", Column::ViewCnt)]
    }
    fn input_id(input: &NoticeInput) -> Option<i64> {
        input.nt_idx
    }
    fn file_slots() -> &'static [FileSlot] {
        FILES
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: NoticeInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("ntTitle", &input.nt_title, 200);
            let content = crate::sanitize::safe(&input.nt_content);
            if crate::sanitize::strip(&content).trim().is_empty() && !content.contains("<img") {
                check.fail("ntContent", "필수 항목입니다.");
            }
            check.max_len("ntContent", &content, MAX_CONTENT);
            let start = optional_date(&mut check, "ntStartDate", input.nt_start_date);
            let end = optional_date(&mut check, "ntEndDate", input.nt_end_date);
            if let (Some(s), Some(e)) = (&start, &end)
                && s > e
            {
                check.fail("ntEndDate", "종료일은 시작일 이후여야 합니다.");
            }
            check.finish()?;
            Ok((
                ActiveModel {
                    nt_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.nt_idx)),
                    nt_title: Set(clean(crate::sanitize::strip(&input.nt_title))),
                    nt_content: Set(content),
                    nt_start_date: Set(start),
                    nt_end_date: Set(end),
                    view_cnt: Set(existing.map_or(0, |e| e.view_cnt)),
                    created_by: Set(existing.map_or(ctx.caller.u_idx(), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName"),
            Related::count::<stored_file::Entity>(
                Column::NtIdx,
                stored_file::Column::TargetId,
                Condition::all().add(stored_file::Column::TargetType.eq("notice")),
                "fileCnt",
            ),
        ]
    }
}

/// Notices shown now: no period, or today within it.
fn current(today: &str) -> Condition {
    Condition::all()
        .add(Condition::any().add(Column::NtStartDate.is_null()).add(Column::NtStartDate.lte(today)))
        .add(Condition::any().add(Column::NtEndDate.is_null()).add(Column::NtEndDate.gte(today)))
}

pub fn dash_sorts() -> Vec<(&'static str, Column)> {
    vec![("ntIdx", Column::NtIdx), ("createdAt", Column::CreatedAt)]
}

/// The indexes of the home screen's notices in each of their orders.
pub fn dash_indexes() -> Vec<crate::db::list_indexes::ListIndex> {
    crate::api::resource::whitelist_indexes::<Entity>(dash_sorts(), &[Column::DeletedAt], Column::NtIdx)
}

/// `POST /api/system/notice/jsonDashList.do`: the five latest current notices.
pub async fn dash_list(State(state): State<AppState>, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let query = list_query(&body, &[], &dash_sorts(), (Column::NtIdx, Order::Desc))?;
    // The home screen shows five unless it asks for another page size.
    let limit = if body.contains_key("pageSize") { query.page_size } else { 5 };
    let today = crate::time::today(state.clock.now()).format("%Y-%m-%d").to_string();
    let rows: Vec<(i64, String, chrono::DateTime<chrono::Utc>)> = Entity::find()
        .select_only()
        .columns([Column::NtIdx, Column::NtTitle, Column::CreatedAt])
        .filter(Column::DeletedAt.is_null())
        .filter(current(&today))
        .order_by(Column::DeletedAt, query.order.1.clone())
        .order_by(query.order.0, query.order.1.clone())
        .order_by(Column::NtIdx, query.order.1.clone())
        .offset((query.page - 1) * limit)
        .limit(limit)
        .into_tuple()
        .all(&state.db)
        .await?;
    let list: Vec<Value> = rows.into_iter().map(|(id, title, at)| json!({ "ntIdx": id, "ntTitle": title, "createdAt": crate::time::format(&at) })).collect();
    Ok(ok(json!({ "list": list })))
}

/// `POST /api/system/notice/jsonDashDetail.do`: one current notice with its files; counts a view.
#[derive(schemars::JsonSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NoticeId {
    nt_idx: i64,
}

pub async fn dash_detail(State(state): State<AppState>, Input(body): Input<NoticeId>) -> ApiResult<Response> {
    let id = body.nt_idx;
    let today = crate::time::today(state.clock.now()).format("%Y-%m-%d").to_string();
    let notice = Entity::find_by_id(id).filter(Column::DeletedAt.is_null()).filter(current(&today)).one(&state.db).await?.ok_or(ApiError::NotFound)?;
    Entity::update_many().col_expr(Column::ViewCnt, Expr::col(Column::ViewCnt).add(1)).filter(Column::NtIdx.eq(id)).exec(&state.db).await?;
    let mut rows = vec![serde_json::to_value(&notice).map_err(ApiError::internal)?];
    Notices::enrich(&state.db, &mut rows).await?;
    let mut value = rows.pop().unwrap_or_default();
    value["viewCnt"] = json!(notice.view_cnt + 1);
    value["files"] = json!(crate::files::of_row(&state.db, "notice", id).await?);
    Ok(ok(value))
}
