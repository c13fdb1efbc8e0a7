//! Products (`/product/product`): a slot of a play time on a platform at a unit price per slot,
//! screen and 30 days. Ids are texts the server assigns (`PR00000001`).

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::db::entity::package_product;
use crate::db::entity::product::{self, ActiveModel, Column, Entity, Model};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter};
use serde::Deserialize;
use serde_json::{Value, json};

pub struct Products;

/// The highest unit price a product takes (KRW per slot, screen and 30 days).
const MAX_UNIT_PRICE: i64 = 1_000_000_000;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProductInput {
    prd_id: Option<String>,
    prd_nm: String,
    slot_type: i32,
    playtime: i32,
    unit_price: i64,
    platform: i32,
    prd_status: i32,
}

impl Resource for Products {
    type Entity = Entity;
    type Input = ProductInput;
    type Extra = ();
    const PATH: &'static str = "product/product";
    const PROGRAM: &'static str = "product.product";
    const ID_FIELD: &'static str = "prdId";
    const SUMMARY: &'static str = "상품";

    fn wire_id(id: i64) -> Value {
        json!(product::wire_id(id))
    }
    fn parse_id(value: &Value) -> Option<i64> {
        value.as_str().and_then(product::parse_id)
    }
    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("prdNm", Column::PrdNm, Match::Contains),
            filter("slotType", Column::SlotType, Match::Int),
            filter("platform", Column::Platform, Match::Int),
            filter("prdStatus", Column::PrdStatus, Match::Int),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("prdId", Column::PrdId), ("prdNm", Column::PrdNm), ("unitPrice", Column::UnitPrice), ("createdAt", Column::CreatedAt)]
    }
    fn input_id(input: &ProductInput) -> Option<i64> {
        input.prd_id.as_deref().and_then(product::parse_id)
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: ProductInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            if input.prd_id.as_deref().is_some_and(|id| !id.trim().is_empty()) && existing.is_none() {
                check.fail("prdId", "상품을 찾을 수 없습니다.");
            }
            check.required("prdNm", &input.prd_nm, 100);
            check.code("slotType", "SLOT_TYPE", &input.slot_type.to_string());
            check.code("playtime", "MAT_PLAYTIME", &input.playtime.to_string());
            check.range("unitPrice", input.unit_price, 0, MAX_UNIT_PRICE);
            check.code("platform", "PLATFORM", &input.platform.to_string());
            check.code("prdStatus", "PRD_STATUS", &input.prd_status.to_string());
            check.finish()?;
            Ok((
                ActiveModel {
                    prd_id: existing.map_or(NotSet, |e| Set(e.prd_id)),
                    prd_nm: Set(clean(input.prd_nm)),
                    slot_type: Set(input.slot_type),
                    playtime: Set(input.playtime),
                    unit_price: Set(input.unit_price),
                    platform: Set(input.platform),
                    prd_status: Set(input.prd_status),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    /// A product some package still sells stays: take it out of the packages first.
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let live_packages = sea_orm::sea_query::Query::select()
                .column(crate::db::entity::package::Column::PkgId)
                .from(crate::db::entity::package::Entity)
                .and_where(crate::db::entity::package::Column::DeletedAt.is_null())
                .to_owned();
            let used = package_product::Entity::find()
                .filter(package_product::Column::PrdId.eq(model.prd_id))
                .filter(package_product::Column::PkgId.in_subquery(live_packages))
                .count(db)
                .await?;
            if used > 0 {
                return Err(ApiError::conflict("패키지에 포함된 상품은 삭제할 수 없습니다."));
            }
            Ok(())
        })
    }
}
