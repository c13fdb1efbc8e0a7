//! Sent promotions (`/promotion/sent`): what was sent to whom about which coupon, with the masked
//! phone and how it went. Only a send writes them.

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::db::entity::promotion_sent::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, coupon};
use crate::error::{ApiError, ApiResult};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition, DatabaseTransaction};
use serde_json::Value;

pub struct SentPromotions;

fn corp_named(text: &str) -> Condition {
    let corps = Query::select().column(corp::Column::CId).from(corp::Entity).and_where(crate::db::like::contains(corp::Column::CName, text)).to_owned();
    Condition::all().add(Column::CId.in_subquery(corps))
}

impl Resource for SentPromotions {
    type Entity = Entity;
    type Input = Value;
    type Extra = ();
    const PATH: &'static str = "promotion/sent";
    const PROGRAM: &'static str = "promotion.sent";
    const ID_FIELD: &'static str = "spIdx";
    const SUMMARY: &'static str = "프로모션 발송 내역";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("cpIdx", Column::CpIdx, Match::Int), filter("cName", Column::CId, Match::Custom(corp_named)), filter("status", Column::Status, Match::Text)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("spIdx", Column::SpIdx), ("createdAt", Column::CreatedAt), ("sentAt", Column::SentAt)]
    }
    fn input_id(_: &Value) -> Option<i64> {
        None
    }
    /// Rows are written by the sends they record, never through a save.
    fn build<'a>(_: &'a DatabaseTransaction, _: Value, _: Option<&'a Model>, _: &'a SaveContext<'a>) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async { Err(ApiError::Forbidden) })
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<coupon::Entity>(Column::CpIdx, coupon::Column::CpIdx, coupon::Column::CpNm, "cpNm"),
            Related::label::<corp::Entity>(Column::CId, corp::Column::CId, corp::Column::CName, "cName"),
        ]
    }
}
