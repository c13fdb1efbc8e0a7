//! Sites (`/media/poi`): apartment complexes with their operating hours, size and region; a site
//! can be created from an apartment-registry row (`jsonKaptSave.do`).

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::poi::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, kapt, region};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, Condition, DatabaseTransaction, EntityTrait};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::role::Role;
use townboard_domain::validate::is_time_of_day;

pub struct Sites;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PoiInput {
    poi_id: Option<i64>,
    poi_nm: String,
    #[serde(rename = "cId")]
    c_id: Option<i64>,
    poi_status: i32,
    road_addr: String,
    rgn_cd: String,
    kapt_code: Option<String>,
    open_time: String,
    close_time: String,
    dong_cnt: i32,
    da_cnt: i32,
    #[serde(default)]
    media_grade: String,
    #[serde(default)]
    display_num: i32,
}

impl Resource for Sites {
    type Entity = Entity;
    type Input = PoiInput;
    type Extra = ();
    const PATH: &'static str = "media/poi";
    const PROGRAM: &'static str = "media.poi";
    const ID_FIELD: &'static str = "poiId";
    const SUMMARY: &'static str = "사이트";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("poiNm", Column::PoiNm, Match::Contains),
            filter("poiStatus", Column::PoiStatus, Match::Int),
            filter("mediaGrade", Column::MediaGrade, Match::Text),
            filter("rgnCd", Column::RgnCd, Match::Custom(region_prefix)),
            filter("roadAddr", Column::RoadAddr, Match::Contains),
            filter("cId", Column::CId, Match::Int),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("poiNm", Column::PoiNm), ("updatedAt", Column::UpdatedAt), ("poiStatus", Column::PoiStatus), ("poiId", Column::PoiId)]
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        crate::auth::scope::sites(caller, Column::PoiId, Some(Column::CId))
    }
    fn input_id(input: &PoiInput) -> Option<i64> {
        input.poi_id
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: PoiInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("poiNm", &input.poi_nm, 100);
            check.required("roadAddr", &input.road_addr, 200);
            check.code("poiStatus", "POI_STATUS", &input.poi_status.to_string());
            if region::Entity::find_by_id(input.rgn_cd.trim()).one(db).await?.is_none() {
                check.fail("rgnCd", "지역을 선택하세요.");
            }
            for (field, value) in [("openTime", &input.open_time), ("closeTime", &input.close_time)] {
                if !is_time_of_day(value) {
                    check.fail(field, "HH:MM 형식이어야 합니다.");
                }
            }
            if is_time_of_day(&input.open_time) && input.open_time == input.close_time {
                check.fail("closeTime", "운영 시작과 종료가 같을 수 없습니다.");
            }
            check.range("dongCnt", input.dong_cnt.into(), 0, 1000);
            check.range("daCnt", input.da_cnt.into(), 0, 100_000);
            check.max_len("mediaGrade", &input.media_grade, 10);
            check.range("displayNum", input.display_num.into(), 0, 10_000);
            // The media owner: a manager chooses it; everyone else owns what they create.
            let owner =
                if ctx.caller.role.sees_all_rows() { input.c_id.or(existing.map(|e| e.c_id)) } else { Some(existing.map_or(ctx.caller.user.c_id, |e| e.c_id)) };
            if !ctx.caller.role.sees_all_rows() && input.c_id.is_some() && input.c_id != owner {
                check.fail("cId", "다른 매체사의 사이트는 등록할 수 없습니다.");
            }
            // A site belongs to a media owner: a media management agent (10004), or the head office itself.
            let owner_ok = match owner {
                Some(c) => corp::Entity::find_by_id(c)
                    .one(db)
                    .await?
                    .is_some_and(|c| c.deleted_at.is_none() && Role::from_code(c.role_cd).is_some_and(|r| r == Role::MediaAgent || r.sees_all_rows())),
                None => false,
            };
            if !owner_ok {
                check.fail("cId", "사이트의 매체사(cId)를 선택하세요: 매체관리 대행사(역할 10004) 또는 본사의 사업자여야 합니다.");
            }
            check.finish()?;
            Ok((
                ActiveModel {
                    poi_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.poi_id)),
                    poi_nm: Set(clean(input.poi_nm)),
                    c_id: Set(owner.unwrap_or_default()),
                    poi_status: Set(input.poi_status),
                    road_addr: Set(clean(input.road_addr)),
                    rgn_cd: Set(input.rgn_cd.trim().to_string()),
                    kapt_code: Set(input.kapt_code.map(clean).filter(|k| !k.is_empty())),
                    open_time: Set(input.open_time),
                    close_time: Set(input.close_time),
                    dong_cnt: Set(input.dong_cnt),
                    da_cnt: Set(input.da_cnt),
                    media_grade: Set(clean(input.media_grade)),
                    display_num: Set(input.display_num),
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
        vec![Related::label::<corp::Entity>(Column::CId, corp::Column::CId, corp::Column::CName, "cName")]
    }
}

/// Sites in a region: a sido or sigungu code matches the codes that start with its significant digits.
fn region_prefix(code: &str) -> Condition {
    let significant = code.trim_end_matches('0');
    let prefix = if significant.len() < 2 { &code[..code.len().min(2)] } else { significant };
    Condition::all().add(crate::db::like::starts_with(Column::RgnCd, prefix))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct KaptBody {
    kapt_code: String,
    #[serde(rename = "cId")]
    c_id: Option<i64>,
}

/// `jsonKaptSave.do {kaptCode, cId?}`: a waiting site prefilled from an apartment-registry row.
pub async fn kapt_save(State(state): State<AppState>, caller: Caller, Input(body): Input<KaptBody>) -> ApiResult<Response> {
    let k = kapt::Entity::find_by_id(body.kapt_code.trim()).one(&state.db).await?.ok_or(ApiError::NotFound)?;
    let now = state.clock.now();
    if !caller.role.sees_all_rows() && body.c_id.is_some_and(|c| c != caller.user.c_id) {
        return Err(ApiError::invalid("cId", "다른 매체사의 사이트는 등록할 수 없습니다."));
    }
    let owner = if caller.role.sees_all_rows() { body.c_id.unwrap_or(caller.user.c_id) } else { caller.user.c_id };
    let txn = crate::db::begin_write(&state.writer).await?;
    let saved = ActiveModel {
        poi_nm: Set(k.kapt_name.clone()),
        c_id: Set(owner),
        poi_status: Set(0),
        road_addr: Set(k.road_addr.clone()),
        rgn_cd: Set(k.rgn_cd.clone()),
        kapt_code: Set(Some(k.kapt_code.clone())),
        open_time: Set("06:00".into()),
        close_time: Set("23:59".into()),
        dong_cnt: Set(k.dong_cnt),
        da_cnt: Set(k.da_cnt),
        media_grade: Set("B".into()),
        display_num: Set(0),
        created_by: Set(Some(caller.u_idx())),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    record(&txn, &caller, now, Sites::PROGRAM, saved.poi_id, "create", None, Some(&saved)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "poiId": saved.poi_id })))
}
