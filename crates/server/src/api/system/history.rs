//! Change history (`history api`): every create, update, delete and status change, read-only.

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::db::entity::history::{ActiveModel, Column, Entity, Model};
use crate::error::{ApiError, ApiResult};
use sea_orm::DatabaseTransaction;

pub struct History;

impl Resource for History {
    type Entity = Entity;
    type Input = serde_json::Value;
    type Extra = ();
    const PATH: &'static str = "system/history";
    const PROGRAM: &'static str = "system.history";
    const ID_FIELD: &'static str = "hIdx";
    const SUMMARY: &'static str = "변경 이력";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("target", Column::Target, Match::Text),
            filter("targetId", Column::TargetId, Match::Text),
            filter("uId", Column::UId, Match::Text),
            filter("action", Column::Action, Match::Text),
            filter("fromDate", Column::CreatedAt, Match::FromDate),
            filter("toDate", Column::CreatedAt, Match::ToDate),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("hIdx", Column::HIdx), ("createdAt", Column::CreatedAt)]
    }
    fn input_id(_input: &serde_json::Value) -> Option<i64> {
        None
    }
    /// History is written by the changes it records, never through a save.
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        _input: serde_json::Value,
        _existing: Option<&'a Model>,
        _ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async { Err(ApiError::Forbidden) })
    }
}
