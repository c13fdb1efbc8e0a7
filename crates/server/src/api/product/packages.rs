//! Packages (`/product/package`): products sold together with quantities, priced with VAT on top
//! or included. Ids are texts the server assigns (`P000000003`, the default package, which stays).

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::package::{self, ActiveModel, Column, Entity, Model};
use crate::db::entity::{package_product, product};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

pub struct Packages;

/// The package a new campaign starts with; it cannot be deleted.
pub const DEFAULT_PACKAGE: i64 = 3;
const MAX_PRODUCTS: usize = 50;
const MAX_QTY: i32 = 100;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PackageInput {
    pkg_id: Option<String>,
    pkg_nm: String,
    price_gross_yn: String,
    pkg_status: i32,
    products: Vec<PackageLine>,
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PackageLine {
    prd_id: String,
    #[serde(default = "one")]
    qty: i32,
}

fn one() -> i32 {
    1
}

impl Resource for Packages {
    type Entity = Entity;
    type Input = PackageInput;
    /// The products and quantities to store once the package has its id.
    type Extra = Vec<(i64, i32)>;
    const PATH: &'static str = "product/package";
    const PROGRAM: &'static str = "product.package";
    const ID_FIELD: &'static str = "pkgId";
    const SUMMARY: &'static str = "상품 패키지";

    fn wire_id(id: i64) -> Value {
        json!(package::wire_id(id))
    }
    fn parse_id(value: &Value) -> Option<i64> {
        value.as_str().and_then(package::parse_id)
    }
    fn filters() -> Vec<Filter<Column>> {
        vec![filter("pkgNm", Column::PkgNm, Match::Contains), filter("pkgStatus", Column::PkgStatus, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("pkgId", Column::PkgId), ("pkgNm", Column::PkgNm), ("createdAt", Column::CreatedAt)]
    }
    fn input_id(input: &PackageInput) -> Option<i64> {
        input.pkg_id.as_deref().and_then(package::parse_id)
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: PackageInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, Vec<(i64, i32)>)>> {
        Box::pin(async move {
            let mut check = Check::new();
            if input.pkg_id.as_deref().is_some_and(|id| !id.trim().is_empty()) && existing.is_none() {
                check.fail("pkgId", "패키지를 찾을 수 없습니다.");
            }
            check.required("pkgNm", &input.pkg_nm, 100);
            check.yn("priceGrossYn", &input.price_gross_yn);
            check.code("pkgStatus", "PKG_STATUS", &input.pkg_status.to_string());
            let mut lines = Vec::new();
            if input.products.is_empty() || input.products.len() > MAX_PRODUCTS {
                check.fail("products", format!("상품을 1~{MAX_PRODUCTS}개 선택하세요."));
            }
            let ids: Vec<i64> = input.products.iter().filter_map(|l| product::parse_id(&l.prd_id)).collect();
            let live: Vec<i64> = product::Entity::find()
                .filter(product::Column::PrdId.is_in(ids))
                .filter(product::Column::DeletedAt.is_null())
                .all(db)
                .await?
                .into_iter()
                .map(|p| p.prd_id)
                .collect();
            for (i, line) in input.products.iter().enumerate() {
                match product::parse_id(&line.prd_id).filter(|id| live.contains(id)) {
                    Some(id) if lines.iter().any(|(seen, _)| *seen == id) => check.fail(&format!("products[{i}].prdId"), "같은 상품이 두 번 있습니다."),
                    Some(id) => lines.push((id, line.qty)),
                    None => check.fail(&format!("products[{i}].prdId"), "상품을 찾을 수 없습니다."),
                }
                check.range(&format!("products[{i}].qty"), line.qty.into(), 1, MAX_QTY.into());
            }
            check.finish()?;
            Ok((
                ActiveModel {
                    pkg_id: existing.map_or(NotSet, |e| Set(e.pkg_id)),
                    pkg_nm: Set(clean(input.pkg_nm)),
                    price_gross_yn: Set(input.price_gross_yn),
                    pkg_status: Set(input.pkg_status),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                lines,
            ))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, saved: &'a Model, lines: Vec<(i64, i32)>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            package_product::Entity::delete_many().filter(package_product::Column::PkgId.eq(saved.pkg_id)).exec(db).await?;
            let rows = lines.into_iter().map(|(prd_id, qty)| package_product::ActiveModel { pkg_id: Set(saved.pkg_id), prd_id: Set(prd_id), qty: Set(qty) });
            package_product::Entity::insert_many(rows).exec_without_returning(db).await?;
            Ok(())
        })
    }
    fn before_delete<'a>(_db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if model.pkg_id == DEFAULT_PACKAGE {
                return Err(ApiError::conflict("기본 패키지는 삭제할 수 없습니다."));
            }
            Ok(())
        })
    }
    /// `productCnt`: the package's live products.
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let ids: Vec<i64> = rows.iter().filter_map(|r| r["pkgId"].as_str().and_then(package::parse_id)).collect();
            let lines = lines_of(db, &ids).await?;
            for row in rows.iter_mut() {
                let id = row["pkgId"].as_str().and_then(package::parse_id);
                row["productCnt"] = json!(lines.iter().filter(|(line, _)| Some(line.pkg_id) == id).count());
            }
            Ok(())
        })
    }
    /// `products: [{prdId, prdNm, qty, unitPrice, slotType, playtime, platform}]`.
    fn finish_detail<'a>(db: &'a DatabaseConnection, _caller: &'a Caller, model: &'a Model, value: &'a mut Value) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let products: Vec<Value> = lines_of(db, &[model.pkg_id])
                .await?
                .into_iter()
                .map(|(line, p)| {
                    json!({ "prdId": product::wire_id(p.prd_id), "prdNm": p.prd_nm, "qty": line.qty, "unitPrice": p.unit_price,
                        "slotType": p.slot_type, "playtime": p.playtime, "platform": p.platform, "prdStatus": p.prd_status })
                })
                .collect();
            value["products"] = json!(products);
            Ok(())
        })
    }
}

/// The live products of packages with their lines, in product order.
async fn lines_of(db: &DatabaseConnection, pkg_ids: &[i64]) -> ApiResult<Vec<(package_product::Model, product::Model)>> {
    if pkg_ids.is_empty() {
        return Ok(vec![]);
    }
    let lines = package_product::Entity::find().filter(package_product::Column::PkgId.is_in(pkg_ids.to_vec())).all(db).await?;
    let products: HashMap<i64, product::Model> = product::Entity::find()
        .filter(product::Column::PrdId.is_in(lines.iter().map(|l| l.prd_id).collect::<Vec<_>>()))
        .filter(product::Column::DeletedAt.is_null())
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.prd_id, p))
        .collect();
    let mut out: Vec<_> = lines.into_iter().filter_map(|l| products.get(&l.prd_id).cloned().map(|p| (l, p))).collect();
    out.sort_by_key(|(l, _)| (l.pkg_id, l.prd_id));
    Ok(out)
}
