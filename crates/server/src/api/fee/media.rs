//! Media fee rates (`/fee/media`): a media owner corp's rate, or a site's override (`poiId`), from
//! a date on. The list's `onDate` shows the rates in force that day.

use super::fee_rules::{self, day};
use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::Check;
use crate::db::entity::fee_media::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, poi, user};
use crate::error::ApiResult;
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, PaginatorTrait, QueryFilter};
use serde::Deserialize;
use townboard_domain::role::Role;
use townboard_domain::settlement::Rate;

pub struct MediaFees;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MediaFeeInput {
    fee_idx: Option<i64>,
    /// The media owner corp.
    #[serde(rename = "cId")]
    c_id: i64,
    /// A site of the corp: the rate is that site's override.
    poi_id: Option<i64>,
    /// 0-100, at most two decimals.
    #[schemars(with = "f64")]
    rate: Rate,
    from_date: String,
}

fn in_force(text: &str) -> Condition {
    fee_rules::in_force::<Entity>(text, Column::CId, Column::PoiId, Column::FromDate)
}

/// A live corp that owns sites: a media management agent, or a corp with a site of its own (the
/// head office).
async fn media_owner(db: &DatabaseTransaction, c_id: i64) -> ApiResult<Option<corp::Model>> {
    let Some(found) = corp::Entity::find_by_id(c_id).filter(corp::Column::DeletedAt.is_null()).one(db).await? else { return Ok(None) };
    if found.role_cd == Role::MediaAgent.code() {
        return Ok(Some(found));
    }
    let sites = poi::Entity::find().filter(poi::Column::CId.eq(c_id)).filter(poi::Column::DeletedAt.is_null()).count(db).await?;
    Ok((sites > 0).then_some(found))
}

impl Resource for MediaFees {
    type Entity = Entity;
    type Input = MediaFeeInput;
    type Extra = ();
    const PATH: &'static str = "fee/media";
    const PROGRAM: &'static str = "fee.media";
    const ID_FIELD: &'static str = "feeIdx";
    const SUMMARY: &'static str = "매체 수수료율";

    fn id_column() -> Column {
        Column::FeeIdx
    }
    fn id_of(m: &Model) -> i64 {
        m.fee_idx
    }
    fn filters() -> Vec<Filter<Column>> {
        vec![filter("cId", Column::CId, Match::Int), filter("poiId", Column::PoiId, Match::Int), filter("onDate", Column::FromDate, Match::Custom(in_force))]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("fromDate", Column::FromDate), ("cName", Column::SortCName), ("rate", Column::Rate), ("createdAt", Column::CreatedAt), ("feeIdx", Column::FeeIdx)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::FromDate, Order::Desc)
    }
    fn deleted_at() -> Option<Column> {
        None
    }
    fn input_id(input: &MediaFeeInput) -> Option<i64> {
        input.fee_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: MediaFeeInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            let from = fee_rules::from_date(&mut check, &input.from_date);
            let owner = media_owner(db, input.c_id).await?;
            if owner.is_none() {
                check.fail("cId", "매체사(매체관리 대행사 또는 사이트를 가진 사업자)를 선택하세요.");
            }
            let poi_id = input.poi_id.unwrap_or(0);
            if poi_id != 0 {
                let site = poi::Entity::find_by_id(poi_id).filter(poi::Column::DeletedAt.is_null()).one(db).await?;
                if site.is_none_or(|s| s.c_id != input.c_id) {
                    check.fail("poiId", "매체사의 사이트를 선택하세요.");
                }
            }
            check.finish()?;
            fee_rules::refuse_in_closed_month(db, from, existing.map(|e| e.from_date.as_str())).await?;
            Ok((
                ActiveModel {
                    fee_idx: existing.map_or(NotSet, |e| Set(e.fee_idx)),
                    c_id: Set(input.c_id),
                    poi_id: Set(poi_id),
                    rate: Set(input.rate.hundredths() as i32),
                    from_date: Set(from.map(day).unwrap_or_default()),
                    sort_c_name: Set(owner.map(|c| c.c_name).unwrap_or_default()),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        let cond = Condition::all()
            .add(Column::CId.eq(row.c_id.clone().unwrap()))
            .add(Column::PoiId.eq(row.poi_id.clone().unwrap()))
            .add(Column::FromDate.eq(row.from_date.clone().unwrap()));
        Some((cond, "fromDate"))
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(fee_rules::refuse_in_closed_month(db, None, Some(model.from_date.as_str())))
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<corp::Entity>(Column::CId, corp::Column::CId, corp::Column::CName, "cName"),
            Related::label::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm"),
            Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName"),
        ]
    }
}
