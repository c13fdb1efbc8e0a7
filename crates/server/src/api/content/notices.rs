//! Content notices (`/content/contentNoti`): footer text shown on the screens during a period of
//! days, with a time status derived from today (0 in progress, 1 scheduled, 2 ended).
//!
//! A notice shows at every site, or at one site (`poiId`). Managers and operators write both
//! kinds; anyone else (site managers) writes and sees the notices of the sites in their reach only,
//! and a notice of theirs names one of those sites (the only one, when they have one).

use crate::api::dated;
use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::content_notice::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{poi, user};
use crate::error::{ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::content::time_status;

pub struct ContentNotices;

pub const MAX_TEXT: usize = 200;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContentNoticeInput {
    cn_idx: Option<i64>,
    text: String,
    from_date: String,
    to_date: String,
    /// The site it shows at; none: every site (managers and operators only).
    poi_id: Option<i64>,
}

impl Resource for ContentNotices {
    type Entity = Entity;
    type Input = ContentNoticeInput;
    type Extra = ();
    const PATH: &'static str = "content/contentNoti";
    const PROGRAM: &'static str = "content.contentNoti";
    const ID_FIELD: &'static str = "cnIdx";
    const SUMMARY: &'static str = "콘텐츠 하단 공지";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("text", Column::Text, Match::Contains), filter("poiId", Column::PoiId, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("cnIdx", Column::CnIdx), ("fromDate", Column::FromDate), ("toDate", Column::ToDate), ("createdAt", Column::CreatedAt)]
    }
    /// Managers and operators see every notice; anyone else those of the sites in their reach.
    fn scope(caller: &Caller) -> Option<Condition> {
        scope::sites(caller, Column::PoiId, None)
    }
    fn input_id(input: &ContentNoticeInput) -> Option<i64> {
        input.cn_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: ContentNoticeInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            let text = clean(crate::sanitize::strip(&input.text));
            check.required("text", &text, MAX_TEXT);
            let period = dated::period(&mut check, &input.from_date, &input.to_date);
            if let Some((f, t)) = period
                && f > t
            {
                check.fail("toDate", "종료일은 시작일 이후여야 합니다.");
            }
            let poi_id = site_of(db, ctx.caller, input.poi_id, &mut check).await?;
            check.finish()?;
            let Some((from, to)) = period else { unreachable!("checked above") };
            Ok((
                ActiveModel {
                    cn_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.cn_idx)),
                    text: Set(text),
                    from_date: Set(dated::date_text(from)),
                    to_date: Set(dated::date_text(to)),
                    poi_id: Set(poi_id),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
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
            Related::label::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm"),
        ]
    }
}

/// The site a notice shows at: the one named, if the caller may reach it; none (every site) for
/// callers who see every site; else the caller's only site.
async fn site_of(db: &DatabaseTransaction, caller: &Caller, named: Option<i64>, check: &mut Check) -> ApiResult<Option<i64>> {
    let reach = scope::sites(caller, poi::Column::PoiId, Some(poi::Column::CId));
    let sites = |only: Option<i64>| {
        let mut q = poi::Entity::find().select_only().column(poi::Column::PoiId).filter(poi::Column::DeletedAt.is_null());
        if let Some(id) = only {
            q = q.filter(poi::Column::PoiId.eq(id));
        }
        if let Some(reach) = reach.clone() {
            q = q.filter(reach);
        }
        q.limit(2).into_tuple::<i64>()
    };
    match named {
        Some(id) => {
            if sites(Some(id)).one(db).await?.is_none() {
                check.fail("poiId", "사이트를 찾을 수 없습니다.");
            }
            Ok(Some(id))
        }
        None if reach.is_none() => Ok(None),
        None => {
            let mine = sites(None).all(db).await?;
            if mine.len() != 1 {
                check.fail("poiId", "공지할 사이트를 선택하세요.");
            }
            Ok(mine.first().copied())
        }
    }
}

/// Notices of a time status on `today`.
fn of_status(status: i32, today: &str) -> Condition {
    match status {
        time_status::SCHEDULED => Condition::all().add(Column::FromDate.gt(today)),
        time_status::ENDED => Condition::all().add(Column::ToDate.lt(today)),
        _ => Condition::all().add(Column::FromDate.lte(today)).add(Column::ToDate.gte(today)),
    }
}

fn with_status(today: chrono::NaiveDate) -> impl Fn(&Model, &mut Value) {
    move |m, value| {
        let status = match (dated::date(&m.from_date), dated::date(&m.to_date)) {
            (Some(from), Some(to)) => json!(townboard_domain::content::time_status(from, to, today)),
            _ => Value::Null,
        };
        value["timeStatus"] = status;
    }
}

/// `POST /api/content/contentNoti/jsonList.do`: filters `text`, `poiId`, `timeStatus`.
pub async fn list(State(state): State<AppState>, caller: Caller, Input(mut body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let today = crate::time::today(state.clock.now());
    let status = dated::take_status(&mut body, "timeStatus", &[time_status::IN_PROGRESS, time_status::SCHEDULED, time_status::ENDED])?;
    let only = status.map(|s| of_status(s, &dated::date_text(today)));
    dated::page::<ContentNotices>(&state, &caller, &body, only, with_status(today)).await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ById {
    cn_idx: i64,
}

/// `POST /api/content/contentNoti/jsonDetail.do`: `{cnIdx}`.
pub async fn detail(State(state): State<AppState>, caller: Caller, Input(body): Input<ById>) -> ApiResult<Response> {
    let today = crate::time::today(state.clock.now());
    let (_, value) = dated::one::<ContentNotices>(&state, &caller, body.cn_idx, with_status(today)).await?;
    Ok(ok(value))
}
