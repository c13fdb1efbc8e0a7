//! Urgent messages (`/content/urgentMsg`, disaster alerts): text and an optional image shown over
//! the loop of the screens they target (every screen, sido, sigungu or listed sites) from their
//! start to their end time, unless stopped. The status is derived from now: 0 waiting, 1 in force,
//! 2 ended, 90 stopped. Players receive the messages in force on their heartbeats
//! (`crate::player::urgent`). The permission matrix gives the program to managers and operators.

use crate::api::dated;
use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::urgent_message::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{media, poi, region, urgent_reach, urgent_target, user};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::content::{Target, urgent_status};

pub struct UrgentMessages;

pub const MAX_TEXT: usize = 500;
pub const MAX_TARGETS: usize = 500;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UrgentInput {
    um_idx: Option<i64>,
    text: String,
    image_url: Option<String>,
    /// `YYYY-MM-DD HH:MM:SS`
    start_at: String,
    /// `YYYY-MM-DD HH:MM:SS`
    end_at: String,
    /// `all`, `sido`, `sigungu` or `poi`
    target_type: String,
    /// Sido or sigungu codes (10 digits) for those target types.
    rgn_cds: Option<Vec<String>>,
    /// Sites for the target type `poi`.
    poi_ids: Option<Vec<i64>>,
}

/// The targets to write once the message has its id: (region code or "", site or 0).
type Targets = Vec<(String, i64)>;

impl Resource for UrgentMessages {
    type Entity = Entity;
    type Input = UrgentInput;
    type Extra = Targets;
    const PATH: &'static str = "content/urgentMsg";
    const PROGRAM: &'static str = "content.urgentMsg";
    /// Saved or deleted: every screen holding the push channel is told its set at once.
    fn committed<'a>(state: &'a AppState, _ids: &'a [i64]) -> BoxFut<'a, ()> {
        Box::pin(crate::push::publish(&state.db, &state.push, crate::push::Event::Urgent))
    }
    const ID_FIELD: &'static str = "umIdx";
    const SUMMARY: &'static str = "긴급 메시지";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("text", Column::Text, Match::Contains), filter("targetType", Column::TargetType, Match::Text)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("umIdx", Column::UmIdx), ("startAt", Column::StartAt), ("endAt", Column::EndAt), ("createdAt", Column::CreatedAt)]
    }
    fn input_id(input: &UrgentInput) -> Option<i64> {
        input.um_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: UrgentInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, Targets)>> {
        Box::pin(async move {
            let mut check = Check::new();
            let text = clean(crate::sanitize::strip(&input.text));
            check.required("text", &text, MAX_TEXT);
            let image_url = input.image_url.map(clean).filter(|u| !u.is_empty());
            if let Some(url) = &image_url {
                check.max_len("imageUrl", url, 500);
                if !is_image_address(url) {
                    check.fail("imageUrl", "http(s):// 주소 또는 /로 시작하는 경로여야 합니다.");
                }
            }
            let start = dated::time(&input.start_at);
            let end = dated::time(&input.end_at);
            if start.is_none() {
                check.fail("startAt", "YYYY-MM-DD HH:MM:SS 형식이어야 합니다.");
            }
            match (start, end) {
                (_, None) => check.fail("endAt", "YYYY-MM-DD HH:MM:SS 형식이어야 합니다."),
                (Some(s), Some(e)) if e <= s => check.fail("endAt", "종료 시각은 시작 시각 이후여야 합니다."),
                (_, Some(e)) if existing.is_none() && e <= ctx.now => check.fail("endAt", "종료 시각이 이미 지났습니다."),
                _ => {}
            }
            let target = Target::parse(input.target_type.trim());
            let targets = match target {
                None => {
                    check.fail("targetType", "all, sido, sigungu, poi 중 하나여야 합니다.");
                    vec![]
                }
                Some(t) => targets_of(db, t, input.rgn_cds.unwrap_or_default(), input.poi_ids.unwrap_or_default(), &mut check).await?,
            };
            check.finish()?;
            let (Some(start), Some(end), Some(target)) = (start, end, target) else { unreachable!("checked above") };
            Ok((
                ActiveModel {
                    um_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.um_idx)),
                    text: Set(text),
                    image_url: Set(image_url),
                    start_at: Set(start),
                    end_at: Set(end),
                    target_type: Set(target.code().to_string()),
                    stopped_at: Set(existing.and_then(|e| e.stopped_at)),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                targets,
            ))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, saved: &'a Model, targets: Targets) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            urgent_target::Entity::delete_many().filter(urgent_target::Column::UmIdx.eq(saved.um_idx)).exec(db).await?;
            if !targets.is_empty() {
                let rows = targets.into_iter().map(|(rgn_cd, poi_id)| urgent_target::ActiveModel {
                    um_idx: Set(saved.um_idx),
                    rgn_cd: Set(rgn_cd),
                    poi_id: Set(poi_id),
                });
                urgent_target::Entity::insert_many(rows).exec_without_returning(db).await?;
            }
            Ok(())
        })
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName"),
            Related::count::<urgent_target::Entity>(Column::UmIdx, urgent_target::Column::UmIdx, Condition::all(), "targetCnt"),
            // Its reach so far: screens that received it (over the push channel or a heartbeat) and
            // screens that acknowledged it.
            Related::count::<urgent_reach::Entity>(Column::UmIdx, urgent_reach::Column::UmIdx, Condition::all(), "delivered"),
            Related::count::<urgent_reach::Entity>(
                Column::UmIdx,
                urgent_reach::Column::UmIdx,
                Condition::all().add(urgent_reach::Column::AckedAt.is_not_null()),
                "acknowledged",
            ),
        ]
    }
}

/// An image the player can fetch: an absolute http(s) address or a path of this server.
fn is_image_address(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    let well_formed = !url.chars().any(|c| c.is_whitespace() || c.is_control());
    well_formed && rest.map_or(url.starts_with('/') && !url.starts_with("//"), |r| !r.split(['/', '?', '#']).next().unwrap_or_default().is_empty())
}

/// Checks the region codes or sites of a target type: regions of the type's level that exist,
/// live sites; none for `all`.
async fn targets_of(db: &DatabaseTransaction, target: Target, rgn_cds: Vec<String>, poi_ids: Vec<i64>, check: &mut Check) -> ApiResult<Targets> {
    let mut rgn_cds: Vec<String> = rgn_cds.into_iter().map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect();
    rgn_cds.sort();
    rgn_cds.dedup();
    let mut poi_ids = poi_ids;
    poi_ids.sort_unstable();
    poi_ids.dedup();
    match target {
        Target::All => {
            if !rgn_cds.is_empty() {
                check.fail("rgnCds", "전체 대상에는 지역을 지정하지 않습니다.");
            }
            if !poi_ids.is_empty() {
                check.fail("poiIds", "전체 대상에는 사이트를 지정하지 않습니다.");
            }
            Ok(vec![])
        }
        Target::Sido | Target::Sigungu => {
            if !poi_ids.is_empty() {
                check.fail("poiIds", "지역 대상에는 사이트를 지정하지 않습니다.");
            }
            if rgn_cds.is_empty() || rgn_cds.len() > MAX_TARGETS {
                check.fail("rgnCds", format!("지역을 1~{MAX_TARGETS}개 선택하세요."));
                return Ok(vec![]);
            }
            let level = if target == Target::Sido { "시도" } else { "시군구" };
            if rgn_cds.iter().any(|c| !target.lists_region(c)) {
                check.fail("rgnCds", format!("{level} 코드가 아닌 값이 있습니다."));
                return Ok(vec![]);
            }
            let known = region::Entity::find().filter(region::Column::RgnCd.is_in(rgn_cds.iter().cloned())).count(db).await?;
            if known != rgn_cds.len() as u64 {
                check.fail("rgnCds", "없는 지역 코드가 있습니다.");
            }
            Ok(rgn_cds.into_iter().map(|c| (c, 0)).collect())
        }
        Target::Poi => {
            if !rgn_cds.is_empty() {
                check.fail("rgnCds", "사이트 대상에는 지역을 지정하지 않습니다.");
            }
            if poi_ids.is_empty() || poi_ids.len() > MAX_TARGETS {
                check.fail("poiIds", format!("사이트를 1~{MAX_TARGETS}개 선택하세요."));
                return Ok(vec![]);
            }
            let live = poi::Entity::find().filter(poi::Column::PoiId.is_in(poi_ids.iter().copied())).filter(poi::Column::DeletedAt.is_null()).count(db).await?;
            if live != poi_ids.len() as u64 {
                check.fail("poiIds", "찾을 수 없는 사이트가 있습니다.");
            }
            Ok(poi_ids.into_iter().map(|p| (String::new(), p)).collect())
        }
    }
}

/// Messages of a status at `now`.
fn of_status(status: i32, now: DateTime<Utc>) -> Condition {
    let running = Condition::all().add(Column::StoppedAt.is_null());
    match status {
        urgent_status::STOPPED => Condition::all().add(Column::StoppedAt.is_not_null()),
        urgent_status::WAITING => running.add(Column::StartAt.gt(now)),
        urgent_status::ENDED => running.add(Column::EndAt.lte(now)),
        _ => running.add(Column::StartAt.lte(now)).add(Column::EndAt.gt(now)),
    }
}

fn with_status(now: DateTime<Utc>) -> impl Fn(&Model, &mut Value) {
    move |m, value| {
        value["status"] = json!(townboard_domain::content::urgent_status(m.start_at, m.end_at, m.stopped_at.is_some(), now));
    }
}

/// `POST /api/content/urgentMsg/jsonList.do`: filters `text`, `targetType`, `status`.
pub async fn list(State(state): State<AppState>, caller: Caller, Input(mut body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let now = state.clock.now();
    let codes = [urgent_status::WAITING, urgent_status::IN_FORCE, urgent_status::ENDED, urgent_status::STOPPED];
    let only = dated::take_status(&mut body, "status", &codes)?.map(|s| of_status(s, now));
    dated::page::<UrgentMessages>(&state, &caller, &body, only, with_status(now)).await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ById {
    um_idx: i64,
}

/// `POST /api/content/urgentMsg/jsonDetail.do`: the row with its targets (`rgnCds` with names in
/// `rgns`, `poiIds` with names in `pois`) and how many screens it reaches (`screens`).
pub async fn detail(State(state): State<AppState>, caller: Caller, Input(body): Input<ById>) -> ApiResult<Response> {
    let now = state.clock.now();
    let (model, mut value) = dated::one::<UrgentMessages>(&state, &caller, body.um_idx, with_status(now)).await?;
    let targets = urgent_target::Entity::find()
        .filter(urgent_target::Column::UmIdx.eq(model.um_idx))
        .order_by_asc(urgent_target::Column::RgnCd)
        .order_by_asc(urgent_target::Column::PoiId)
        .all(&state.db)
        .await?;
    let rgn_cds: Vec<String> = targets.iter().filter(|t| !t.rgn_cd.is_empty()).map(|t| t.rgn_cd.clone()).collect();
    let poi_ids: Vec<i64> = targets.iter().filter(|t| t.poi_id != 0).map(|t| t.poi_id).collect();
    let rgns = if rgn_cds.is_empty() { vec![] } else { region::Entity::find().filter(region::Column::RgnCd.is_in(rgn_cds.clone())).all(&state.db).await? };
    let pois = if poi_ids.is_empty() { vec![] } else { poi::Entity::find().filter(poi::Column::PoiId.is_in(poi_ids.clone())).all(&state.db).await? };
    value["rgnCds"] = json!(rgn_cds);
    value["rgns"] = json!(rgns.iter().map(|r| json!({ "rgnCd": r.rgn_cd, "rgnNm": r.rgn_nm })).collect::<Vec<_>>());
    value["poiIds"] = json!(poi_ids);
    value["pois"] = json!(pois.iter().map(|p| json!({ "poiId": p.poi_id, "poiNm": p.poi_nm })).collect::<Vec<_>>());
    let targets = screens_reached(&state.db, &model, &rgn_cds, &poi_ids).await?;
    value["screens"] = json!(targets);
    let last_ack: Option<Option<DateTime<Utc>>> = urgent_reach::Entity::find()
        .select_only()
        .column_as(Expr::from(Func::max(Expr::col(urgent_reach::Column::AckedAt))), "last")
        .filter(urgent_reach::Column::UmIdx.eq(model.um_idx))
        .into_tuple()
        .one(&state.db)
        .await?;
    value["reach"] = json!({
        "targets": targets,
        "delivered": value["delivered"],
        "acknowledged": value["acknowledged"],
        "lastAckAt": last_ack.flatten().as_ref().map(crate::time::format),
    });
    Ok(ok(value))
}

/// How many live screens a message reaches.
async fn screens_reached(db: &impl ConnectionTrait, m: &Model, rgn_cds: &[String], poi_ids: &[i64]) -> ApiResult<u64> {
    let mut screens = media::Entity::find().filter(media::Column::DeletedAt.is_null());
    match Target::parse(&m.target_type) {
        Some(Target::All) => {}
        Some(Target::Poi) => screens = screens.filter(media::Column::PoiId.is_in(poi_ids.iter().copied())),
        Some(t @ (Target::Sido | Target::Sigungu)) => {
            let digits = t.region_digits().unwrap_or(10);
            let mut in_regions = Condition::any();
            for code in rgn_cds {
                in_regions = in_regions.add(crate::db::like::starts_with(poi::Column::RgnCd, &code[..digits.min(code.len())]));
            }
            let sites = Query::select()
                .column(poi::Column::PoiId)
                .from(poi::Entity)
                .and_where(Expr::col(poi::Column::DeletedAt).is_null())
                .cond_where(if rgn_cds.is_empty() { Condition::all().add(Expr::val(1).eq(0)) } else { in_regions })
                .to_owned();
            screens = screens.filter(media::Column::PoiId.in_subquery(sites));
        }
        None => return Ok(0),
    }
    Ok(screens.count(db).await?)
}

/// `POST /api/content/urgentMsg/jsonStop.do`: `{umIdx}`; a waiting or in-force message stops at
/// once (status 90); a stopped or ended one answers 10409.
pub async fn stop(State(state): State<AppState>, caller: Caller, Input(body): Input<ById>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = find_visible::<UrgentMessages>(&txn, &caller, body.um_idx).await?;
    let status = townboard_domain::content::urgent_status(before.start_at, before.end_at, before.stopped_at.is_some(), now);
    if status == urgent_status::STOPPED || status == urgent_status::ENDED {
        return Err(ApiError::conflict("이미 중지되었거나 끝난 메시지입니다."));
    }
    let after = ActiveModel { um_idx: Set(before.um_idx), stopped_at: Set(Some(now)), updated_at: Set(now), ..Default::default() }.update(&txn).await?;
    record(&txn, &caller, now, UrgentMessages::PROGRAM, before.um_idx, "stop", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    crate::push::publish(&state.db, &state.push, crate::push::Event::Urgent).await;
    Ok(ok(json!({ "umIdx": after.um_idx, "status": urgent_status::STOPPED })))
}

#[cfg(test)]
mod tests {
    #[test]
    fn image_addresses() {
        for (url, ok) in [
            ("https://cdn.example/a.png", true),
            ("http://a.b/x.jpg", true),
            ("/api/material/image.do?matId=3", true),
            ("//evil.example/a.png", false),
            ("javascript:alert(1)", false),
            ("https://", false),
            ("/a b.png", false),
            ("a.png", false),
        ] {
            assert_eq!(super::is_image_address(url), ok, "{url}");
        }
    }
}
