//! Location managers (`/account/nodemanager`): apartment site managers assigned to the sites they
//! look after; the assignment is their data scope on boards and content notices.

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::Check;
use crate::auth::Caller;
use crate::db::entity::node_manager::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{poi, user};
use crate::error::ApiResult;
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter};
use serde::Deserialize;
use townboard_domain::role::Role;

pub struct NodeManagers;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeInput {
    nm_idx: Option<i64>,
    u_idx: i64,
    poi_id: i64,
}

impl Resource for NodeManagers {
    type Entity = Entity;
    type Input = NodeInput;
    type Extra = ();
    const PATH: &'static str = "account/nodemanager";
    const PROGRAM: &'static str = "account.nodemanager";
    const ID_FIELD: &'static str = "nmIdx";
    const SUMMARY: &'static str = "위치 관리자";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("uIdx", Column::UIdx, Match::Int), filter("poiId", Column::PoiId, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("createdAt", Column::CreatedAt), ("nmIdx", Column::NmIdx)]
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        crate::auth::scope::sites(caller, Column::PoiId, None)
    }
    fn input_id(input: &NodeInput) -> Option<i64> {
        input.nm_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: NodeInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            let manager = user::Entity::find_by_id(input.u_idx).filter(user::Column::DeletedAt.is_null()).one(db).await?;
            if manager.is_none_or(|u| u.role_cd != Role::SiteManager.code()) {
                check.fail("uIdx", "아파트 관리사무소 사용자를 선택하세요.");
            }
            if crate::api::visible::site(db, ctx.caller, input.poi_id).await.is_err() {
                check.fail("poiId", "사이트를 선택하세요.");
            }
            check.finish()?;
            Ok((
                ActiveModel {
                    nm_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.nm_idx)),
                    u_idx: Set(input.u_idx),
                    poi_id: Set(input.poi_id),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        Some((Condition::all().add(Column::UIdx.eq(row.u_idx.clone().unwrap())).add(Column::PoiId.eq(row.poi_id.clone().unwrap())), "poiId"))
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<user::Entity>(Column::UIdx, user::Column::UIdx, user::Column::UId, "uId"),
            Related::label::<user::Entity>(Column::UIdx, user::Column::UIdx, user::Column::UName, "uName"),
            Related::label::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm"),
        ]
    }
}
