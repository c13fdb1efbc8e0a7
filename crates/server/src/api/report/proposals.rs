//! Proposals (`/report/temp`, "가상 리포트"): a campaign as it could be sold, for an advertiser
//! named by text, on up to 5,000 groups. The list shows the figures of the last save; the detail
//! quotes it again with the current products and adds the plays and audience it would give.
//! Sales people see their own corp's proposals.

use super::proposal_figures::{self as figures, Terms};
use crate::api::campaign::form;
use crate::api::resource::{self, BoxFut, Filter, ListQuery, Match, Related, Resource, SaveContext, filter, page_related};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::report_temp::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{package, package_product, product, report_temp_target, user};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::NaiveDate;
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashSet;
use townboard_domain::price::{Extra, period_days};
use townboard_domain::validate::parse_date;

pub struct Proposals;

pub const MAX_GROUPS: usize = 5000;
const ON_SALE: i32 = 1;
const CHUNK: usize = 500;

#[derive(schemars::JsonSchema, Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProposalInput {
    rt_idx: Option<i64>,
    title: Option<String>,
    advertiser_name: Option<String>,
    /// The default package (`P000000003`) when absent.
    pkg_id: Option<String>,
    prd_id: Option<String>,
    slot_cnt: Option<i64>,
    /// 100 or 50.
    schd_rate: Option<i64>,
    start_date: Option<String>,
    end_date: Option<String>,
    /// 1-5,000 media groups.
    mg_ids: Option<Vec<i64>>,
    /// "KRW" or "PCT".
    extra_type: Option<String>,
    /// Negative is a discount, positive a surcharge.
    extra_value: Option<i64>,
    memo: Option<String>,
}

/// The package and a product of it; one no longer on sale stays only on a proposal that had it.
async fn product_fields(
    db: &DatabaseTransaction,
    input: &ProposalInput,
    existing: Option<&Model>,
    check: &mut Check,
) -> ApiResult<Option<(package::Model, product::Model)>> {
    let pkg_id = match input.pkg_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => package::parse_id(text),
        None => Some(form::DEFAULT_PACKAGE),
    };
    let found = match pkg_id {
        Some(id) => package::Entity::find().filter(package::Column::PkgId.eq(id)).filter(package::Column::DeletedAt.is_null()).one(db).await?,
        None => None,
    };
    let Some(pkg) = found.filter(|p| p.pkg_status == ON_SALE || existing.is_some_and(|e| e.pkg_id == p.pkg_id)) else {
        check.fail("pkgId", "판매 중인 패키지를 선택하세요.");
        return Ok(None);
    };
    let Some(prd_id) = input.prd_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
        check.fail("prdId", "상품을 선택하세요.");
        return Ok(None);
    };
    let prd_id = product::parse_id(prd_id).unwrap_or(-1);
    let in_package = package_product::Entity::find_by_id((pkg.pkg_id, prd_id)).one(db).await?.is_some();
    let found = product::Entity::find().filter(product::Column::PrdId.eq(prd_id)).filter(product::Column::DeletedAt.is_null()).one(db).await?;
    match found {
        Some(p) if in_package && (p.prd_status == ON_SALE || existing.is_some_and(|e| e.prd_id == p.prd_id)) => Ok(Some((pkg, p))),
        _ => {
            check.fail("prdId", "패키지에서 판매 중인 상품을 선택하세요.");
            Ok(None)
        }
    }
}

fn date_of(check: &mut Check, field: &str, text: Option<&str>) -> Option<NaiveDate> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        check.fail(field, "필수 항목입니다.");
        return None;
    };
    let date = parse_date(text);
    if date.is_none() {
        check.fail(field, "날짜 형식이 올바르지 않습니다.");
    }
    date
}

/// The extra charge as stored, `None` without one.
fn extra_of(check: &mut Check, extra_type: Option<&str>, value: Option<i64>) -> Option<(String, i64)> {
    let value = value.filter(|v| *v != 0)?;
    let kind = extra_type.map(|t| t.trim().to_ascii_uppercase()).filter(|t| !t.is_empty()).unwrap_or_else(|| "KRW".into());
    if Extra::from_wire(&kind, value).is_none() {
        check.fail("extraType", "KRW 또는 PCT여야 합니다.");
    }
    Some((kind, value))
}

/// The groups asked for, each a live group named once.
async fn target_fields(db: &DatabaseTransaction, mg_ids: &[i64], check: &mut Check) -> ApiResult<Vec<form::Target>> {
    if mg_ids.is_empty() || mg_ids.len() > MAX_GROUPS {
        check.fail("mgIds", format!("매체 그룹을 1~{MAX_GROUPS}개 선택하세요."));
        return Ok(vec![]);
    }
    let found = figures::targets(db, mg_ids).await?;
    let live: HashSet<i64> = found.iter().map(|t| t.group.mg_id).collect();
    let mut seen = HashSet::new();
    for (i, mg_id) in mg_ids.iter().enumerate() {
        if !seen.insert(*mg_id) {
            check.fail(&format!("mgIds[{i}]"), "같은 매체 그룹이 두 번 있습니다.");
        } else if !live.contains(mg_id) {
            check.fail(&format!("mgIds[{i}]"), "운영 중인 매체 그룹이 아닙니다.");
        }
    }
    Ok(found)
}

impl Resource for Proposals {
    type Entity = Entity;
    type Input = ProposalInput;
    /// The target groups to store once the proposal has its id.
    type Extra = Vec<i64>;
    const PATH: &'static str = "report/temp";
    const PROGRAM: &'static str = "report.temp";
    const ID_FIELD: &'static str = "rtIdx";
    const SUMMARY: &'static str = "가상 리포트";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("title", Column::Title, Match::Contains), filter("advertiserName", Column::AdvertiserName, Match::Contains)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![
            ("rtIdx", Column::RtIdx),
            ("title", Column::Title),
            ("advertiserName", Column::AdvertiserName),
            ("startDate", Column::StartDate),
            ("endDate", Column::EndDate),
            ("total", Column::Total),
            ("createdAt", Column::CreatedAt),
        ]
    }
    /// Sales people read their corp's proposals; managers and operators every one.
    fn scope(caller: &Caller) -> Option<Condition> {
        (!caller.role.sees_all_rows()).then(|| Condition::all().add(Column::CId.eq(caller.user.c_id)))
    }
    fn input_id(input: &ProposalInput) -> Option<i64> {
        input.rt_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: ProposalInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, Vec<i64>)>> {
        Box::pin(async move {
            let mut check = Check::new();
            let title = clean(input.title.clone().unwrap_or_default());
            check.required("title", &title, 100);
            let advertiser_name = clean(input.advertiser_name.clone().unwrap_or_default());
            check.required("advertiserName", &advertiser_name, 100);
            let memo = input.memo.clone().unwrap_or_default().trim().to_string();
            check.max_len("memo", &memo, 2000);
            let rows = product_fields(db, &input, existing, &mut check).await?;
            let start = date_of(&mut check, "startDate", input.start_date.as_deref());
            let end = date_of(&mut check, "endDate", input.end_date.as_deref());
            match (start, end) {
                (Some(s), Some(e)) if e < s => check.fail("endDate", "종료일은 시작일 이후여야 합니다."),
                (Some(s), Some(e)) if period_days(s, e) > form::MAX_DAYS => check.fail("endDate", format!("기간은 {}일 이내여야 합니다.", form::MAX_DAYS)),
                _ => {}
            }
            let slot_cnt = input.slot_cnt.unwrap_or(0);
            check.range("slotCnt", slot_cnt, 1, form::MAX_SLOT_CNT);
            let schd_rate = input.schd_rate.unwrap_or(100);
            if !matches!(schd_rate, 50 | 100) {
                check.fail("schdRate", "편성 비율은 100 또는 50이어야 합니다.");
            }
            let extra = extra_of(&mut check, input.extra_type.as_deref(), input.extra_value);
            let mg_ids = input.mg_ids.clone().unwrap_or_default();
            let targets = target_fields(db, &mg_ids, &mut check).await?;
            check.finish()?;
            let (Some((pkg, prd)), Some(start), Some(end)) = (rows, start, end) else {
                return Err(ApiError::invalid("prdId", "상품을 선택하세요."));
            };
            let terms = Terms {
                package: &pkg,
                product: &prd,
                start,
                end,
                slot_cnt,
                schd_rate,
                extra: extra.as_ref().map(|(t, v)| (t.as_str(), *v)),
                targets: &targets,
            };
            let quote = figures::quote(&terms).map_err(|(field, message)| ApiError::invalid(field, message))?;
            Ok((
                ActiveModel {
                    rt_idx: existing.map_or(NotSet, |e| Set(e.rt_idx)),
                    title: Set(title),
                    advertiser_name: Set(advertiser_name),
                    pkg_id: Set(pkg.pkg_id),
                    prd_id: Set(prd.prd_id),
                    slot_cnt: Set(slot_cnt as i32),
                    schd_rate: Set(schd_rate as i32),
                    start_date: Set(crate::slots::day(start)),
                    end_date: Set(crate::slots::day(end)),
                    extra_type: Set(extra.as_ref().map(|(t, _)| t.clone())),
                    extra_value: Set(extra.as_ref().map(|(_, v)| *v)),
                    memo: Set(memo),
                    media_cnt: Set(quote.media_cnt),
                    total: Set(quote.total),
                    c_id: Set(existing.map_or(ctx.caller.user.c_id, |e| e.c_id)),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                mg_ids,
            ))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, saved: &'a Model, mg_ids: Vec<i64>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            report_temp_target::Entity::delete_many().filter(report_temp_target::Column::RtIdx.eq(saved.rt_idx)).exec(db).await?;
            for chunk in mg_ids.chunks(CHUNK) {
                let rows = chunk.iter().map(|mg_id| report_temp_target::ActiveModel { rt_idx: Set(saved.rt_idx), mg_id: Set(*mg_id) });
                report_temp_target::Entity::insert_many(rows).exec_without_returning(db).await?;
            }
            Ok(())
        })
    }
    fn related() -> Vec<Related> {
        vec![Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName")]
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DetailBody {
    rt_idx: i64,
}

async fn target_ids(db: &impl ConnectionTrait, rt_idx: i64) -> ApiResult<Vec<i64>> {
    Ok(report_temp_target::Entity::find()
        .select_only()
        .column(report_temp_target::Column::MgId)
        .filter(report_temp_target::Column::RtIdx.eq(rt_idx))
        .into_tuple()
        .all(db)
        .await?)
}

/// `report/temp/jsonDetail.do {rtIdx}`: the proposal with `mgIds`, `targets: [{mgId, mgNm, poiNm,
/// mediaCnt}]` (groups taken down since are left out), `quote` (the fields of
/// `campaign/regist/jsonQuote.do` with today's products; null when its product is gone),
/// `expectedPlays` and `audience`.
pub async fn detail(State(state): State<AppState>, caller: Caller, Input(body): Input<DetailBody>) -> ApiResult<Response> {
    let id = body.rt_idx;
    let db = &state.db;
    let one = ListQuery::row(Column::RtIdx, id);
    let (mut found, _) = page_related(db, resource::visible::<Proposals>(&caller), &one, Column::RtIdx, &Proposals::related()).await?;
    let (model, extra) = found.pop().ok_or(ApiError::NotFound)?;
    let mut value = serde_json::to_value(&model).map_err(ApiError::internal)?;
    if let Some(obj) = value.as_object_mut() {
        obj.extend(extra);
    }
    let today = crate::time::today(state.clock.now());
    let mg_ids = target_ids(db, model.rt_idx).await?;
    let targets = figures::targets(db, &mg_ids).await?;
    let multipliers = form::multipliers(&state).await?;
    let package = package::Entity::find().filter(package::Column::PkgId.eq(model.pkg_id)).filter(package::Column::DeletedAt.is_null()).one(db).await?;
    let product = product::Entity::find().filter(product::Column::PrdId.eq(model.prd_id)).filter(product::Column::DeletedAt.is_null()).one(db).await?;
    let (start, end) = (parse_date(&model.start_date), parse_date(&model.end_date));
    value["quote"] = Value::Null;
    value["expectedPlays"] = json!(0);
    if let (Some(package), Some(product), Some(start), Some(end)) = (&package, &product, start, end) {
        let terms = Terms {
            package,
            product,
            start,
            end,
            slot_cnt: model.slot_cnt.into(),
            schd_rate: model.schd_rate.into(),
            extra: model.extra_type.as_deref().zip(model.extra_value),
            targets: &targets,
        };
        value["quote"] = figures::quote_answer(db, &terms, &multipliers, today).await?;
        value["expectedPlays"] = json!(figures::expected_plays(db, &terms, today).await?);
    }
    value["audience"] = json!(figures::audience(&targets, &multipliers));
    value["mgIds"] = json!(mg_ids);
    value["targets"] = json!(
        targets
            .iter()
            .map(|t| json!({ "mgId": t.group.mg_id, "mgNm": t.group.mg_nm, "poiNm": t.site.as_ref().map(|s| s.poi_nm.clone()), "mediaCnt": t.media_cnt }))
            .collect::<Vec<_>>()
    );
    Ok(ok(value))
}
