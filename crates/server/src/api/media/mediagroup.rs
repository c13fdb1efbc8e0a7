//! Media groups (`/media/mediagroup`): the screens of one site that play one loop; demolition on a
//! date and bulk mapping of screens into a group.

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::media_group::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{media, poi};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::validate::parse_date;

pub struct MediaGroups;

pub const DEMOLISHED: i32 = 2;
pub const TO_BE_DEMOLISHED: i32 = 3;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GroupInput {
    mg_id: Option<i64>,
    mg_nm: String,
    poi_id: i64,
    layout: i32,
    template_type: i32,
    schd_group: i32,
    #[serde(default = "ten")]
    ad_slot_cnt: i32,
    slot_sec: i32,
    #[serde(default)]
    board_slot_cnt: i32,
    #[serde(default)]
    media_group_status: i32,
}

fn ten() -> i32 {
    10
}

impl Resource for MediaGroups {
    type Entity = Entity;
    type Input = GroupInput;
    type Extra = ();
    const PATH: &'static str = "media/mediagroup";
    const PROGRAM: &'static str = "media.mediagroup";
    const ID_FIELD: &'static str = "mgId";
    const SUMMARY: &'static str = "매체 그룹";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("mgNm", Column::MgNm, Match::Contains),
            filter("poiId", Column::PoiId, Match::Int),
            filter("mediaGroupStatus", Column::MediaGroupStatus, Match::Int),
            filter("schdGroup", Column::SchdGroup, Match::Int),
            filter("templateType", Column::TemplateType, Match::Int),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("mgNm", Column::MgNm), ("createdAt", Column::CreatedAt), ("mgId", Column::MgId), ("mediaGroupStatus", Column::MediaGroupStatus)]
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        crate::auth::scope::media_groups(caller, Column::PoiId)
    }
    fn input_id(input: &GroupInput) -> Option<i64> {
        input.mg_id
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: GroupInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("mgNm", &input.mg_nm, 100);
            if crate::api::visible::site(db, ctx.caller, input.poi_id).await.is_err() {
                check.fail("poiId", "사이트를 선택하세요.");
            }
            if existing.is_some_and(|e| e.poi_id != input.poi_id) {
                let screens = media::Entity::find()
                    .filter(media::Column::MgId.eq(existing.map(|e| e.mg_id)))
                    .filter(media::Column::DeletedAt.is_null())
                    .count(db)
                    .await?;
                if screens > 0 {
                    check.fail("poiId", "매체가 있는 그룹은 사이트를 바꿀 수 없습니다.");
                }
            }
            check.code("layout", "MG_LAYOUT", &input.layout.to_string());
            check.code("templateType", "TEMPLATE_TYPE", &input.template_type.to_string());
            check.code("schdGroup", "SCHD_GROUP", &input.schd_group.to_string());
            check.range("adSlotCnt", input.ad_slot_cnt.into(), 1, 40);
            check.code("slotSec", "MAT_PLAYTIME", &input.slot_sec.to_string());
            check.code("boardSlotCnt", "BOARD_SLOT_CNT", &input.board_slot_cnt.to_string());
            check.code("mediaGroupStatus", "MG_STATUS", &input.media_group_status.to_string());
            if input.media_group_status == TO_BE_DEMOLISHED && existing.is_none_or(|e| e.demolish_date.is_none()) {
                check.fail("mediaGroupStatus", "철거예정은 철거 등록으로 지정하세요.");
            }
            check.finish()?;
            Ok((
                ActiveModel {
                    mg_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.mg_id)),
                    mg_nm: Set(clean(input.mg_nm)),
                    poi_id: Set(input.poi_id),
                    layout: Set(input.layout),
                    template_type: Set(input.template_type),
                    schd_group: Set(input.schd_group),
                    ad_slot_cnt: Set(input.ad_slot_cnt),
                    slot_sec: Set(input.slot_sec),
                    board_slot_cnt: Set(input.board_slot_cnt),
                    media_group_status: Set(input.media_group_status),
                    demolish_date: Set(if input.media_group_status == TO_BE_DEMOLISHED { existing.and_then(|e| e.demolish_date.clone()) } else { None }),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            // Screens of a deleted group stay, unassigned.
            media::Entity::update_many().col_expr(media::Column::MgId, Option::<i64>::None.into()).filter(media::Column::MgId.eq(model.mg_id)).exec(db).await?;
            Ok(())
        })
    }
    /// A group's slots, their length and its template shape its loops: plans made already are made
    /// again (a new group gets its first ones nightly, or when its first player asks).
    fn committed<'a>(state: &'a AppState, ids: &'a [i64]) -> BoxFut<'a, ()> {
        Box::pin(crate::jobs::plans::groups_changed(state, ids))
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm"),
            Related::count::<media::Entity>(Column::MgId, media::Column::MgId, Condition::all().add(media::Column::DeletedAt.is_null()), "mediaCnt"),
        ]
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DemolishBody {
    mg_id: i64,
    demolish_date: String,
}

/// `jsonDemolish.do {mgId, demolishDate}`: to be demolished on that date (demolished at once when
/// the date is today); the status sweep turns it into demolished on the day.
pub async fn demolish(State(state): State<AppState>, caller: Caller, Input(body): Input<DemolishBody>) -> ApiResult<Response> {
    let date = parse_date(body.demolish_date.trim()).ok_or_else(|| ApiError::invalid("demolishDate", "날짜 형식이 올바르지 않습니다."))?;
    let today = crate::time::today(state.clock.now());
    if date < today {
        return Err(ApiError::invalid("demolishDate", "오늘 이후 날짜를 선택하세요."));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = find_visible::<MediaGroups>(&txn, &caller, body.mg_id).await?;
    if before.media_group_status == DEMOLISHED {
        return Err(ApiError::conflict("이미 철거된 그룹입니다."));
    }
    let status = if date == today { DEMOLISHED } else { TO_BE_DEMOLISHED };
    let after = ActiveModel {
        mg_id: Set(body.mg_id),
        media_group_status: Set(status),
        demolish_date: Set(Some(date.format("%Y-%m-%d").to_string())),
        updated_at: Set(now),
        ..Default::default()
    }
    .update(&txn)
    .await?;
    record(&txn, &caller, now, MediaGroups::PROGRAM, body.mg_id, "demolish", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "mgId": body.mg_id, "mediaGroupStatus": status })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MappingBody {
    mg_id: i64,
    media_ids: Vec<i64>,
}

/// `jsonBulkMapping.do {mgId, mediaIds}`: moves screens of the group's site into the group, all or none.
pub async fn bulk_mapping(State(state): State<AppState>, caller: Caller, Input(body): Input<MappingBody>) -> ApiResult<Response> {
    if body.media_ids.is_empty() || body.media_ids.len() > 1000 {
        return Err(ApiError::invalid("mediaIds", "1~1000개를 선택하세요."));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let group = find_visible::<MediaGroups>(&txn, &caller, body.mg_id).await?;
    let mut screens = Vec::new();
    for id in &body.media_ids {
        screens.push(crate::api::visible::screen(&txn, &caller, *id).await?);
    }
    if screens.iter().any(|s| s.poi_id != group.poi_id) {
        return Err(ApiError::invalid("mediaIds", "그룹과 같은 사이트의 매체만 묶을 수 있습니다."));
    }
    media::Entity::update_many()
        .col_expr(media::Column::MgId, Some(group.mg_id).into())
        .col_expr(media::Column::UpdatedAt, now.into())
        .filter(media::Column::MediaId.is_in(body.media_ids.clone()))
        .exec(&txn)
        .await?;
    record(&txn, &caller, now, MediaGroups::PROGRAM, group.mg_id, "mapping", None, Some(&body.media_ids)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "mgId": group.mg_id, "mapped": body.media_ids.len() })))
}
