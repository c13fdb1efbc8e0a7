//! Biz coupons (`/promotion/biz`): an amount (KRW, 1-100,000,000) or a percentage (PCT, 1-100) off a
//! campaign's adjusted price for small-merchant advertisers, within a period, up to a number of
//! campaigns. A coupon some campaign used stays (10409 on delete).

use super::coupon_rules::day;
use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::db::entity::coupon::{ActiveModel, Column, Entity, Model};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction};
use serde::Deserialize;
use serde_json::{Value, json};
use townboard_domain::validate::parse_date;

pub struct Coupons;

pub const MAX_KRW: i64 = 100_000_000;
pub const MAX_USES: i64 = 1_000_000;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CouponInput {
    cp_idx: Option<i64>,
    cp_nm: String,
    /// KRW or PCT
    discount_type: String,
    /// KRW 1-100,000,000; PCT 1-100
    discount_value: i64,
    from_date: String,
    to_date: String,
    /// 1-1,000,000
    max_uses: i64,
    /// 0 off, 1 on
    cp_status: i32,
}

/// Coupons whose period holds the day (a text that is not a date matches nothing).
fn on_date(text: &str) -> Condition {
    match parse_date(text) {
        Some(d) => Condition::all().add(Column::FromDate.lte(day(d))).add(Column::ToDate.gte(day(d))),
        None => Condition::all().add(Column::CpIdx.eq(-1)),
    }
}

impl Resource for Coupons {
    type Entity = Entity;
    type Input = CouponInput;
    type Extra = ();
    const PATH: &'static str = "promotion/biz";
    const PROGRAM: &'static str = "promotion.biz";
    const ID_FIELD: &'static str = "cpIdx";
    const SUMMARY: &'static str = "프로모션 쿠폰";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("cpNm", Column::CpNm, Match::Contains),
            filter("cpStatus", Column::CpStatus, Match::Int),
            filter("onDate", Column::FromDate, Match::Custom(on_date)),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![
            ("cpIdx", Column::CpIdx),
            ("cpNm", Column::CpNm),
            ("fromDate", Column::FromDate),
            ("discountValue", Column::DiscountValue),
            ("used", Column::Used),
            ("createdAt", Column::CreatedAt),
        ]
    }
    fn input_id(input: &CouponInput) -> Option<i64> {
        input.cp_idx
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: CouponInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("cpNm", &input.cp_nm, 100);
            let kind = input.discount_type.trim().to_ascii_uppercase();
            match kind.as_str() {
                "KRW" => check.range("discountValue", input.discount_value, 1, MAX_KRW),
                "PCT" => check.range("discountValue", input.discount_value, 1, 100),
                _ => check.fail("discountType", "KRW 또는 PCT여야 합니다."),
            }
            let from = parse_date(input.from_date.trim());
            let to = parse_date(input.to_date.trim());
            if from.is_none() {
                check.fail("fromDate", "날짜 형식이 올바르지 않습니다.");
            }
            match (from, to) {
                (_, None) => check.fail("toDate", "날짜 형식이 올바르지 않습니다."),
                (Some(f), Some(t)) if t < f => check.fail("toDate", "종료일은 시작일 이후여야 합니다."),
                _ => {}
            }
            check.range("maxUses", input.max_uses, 1, MAX_USES);
            if let Some(e) = existing
                && input.max_uses < i64::from(e.used)
            {
                check.fail("maxUses", format!("이미 {}회 사용되어 그보다 작게 할 수 없습니다.", e.used));
            }
            check.code("cpStatus", "CP_STATUS", &input.cp_status.to_string());
            check.finish()?;
            Ok((
                ActiveModel {
                    cp_idx: existing.map_or(NotSet, |e| Set(e.cp_idx)),
                    cp_nm: Set(clean(input.cp_nm)),
                    discount_type: Set(kind),
                    discount_value: Set(input.discount_value),
                    from_date: Set(from.map(day).unwrap_or_default()),
                    to_date: Set(to.map(day).unwrap_or_default()),
                    max_uses: Set(input.max_uses as i32),
                    used: Set(existing.map_or(0, |e| e.used)),
                    cp_status: Set(input.cp_status),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn before_delete<'a>(_db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move { if model.used > 0 { Err(ApiError::conflict("캠페인에 사용된 쿠폰은 삭제할 수 없습니다.")) } else { Ok(()) } })
    }
    /// Uses left beside the uses.
    fn enrich<'a>(_db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            for row in rows.iter_mut() {
                let left = row["maxUses"].as_i64().unwrap_or(0) - row["used"].as_i64().unwrap_or(0);
                row["left"] = json!(left.max(0));
            }
            Ok(())
        })
    }
}
