//! User teams (`/account/userteam`): the unit of authority type 2 (team info).

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::user_team::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, user};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, PaginatorTrait, QueryFilter};
use serde::Deserialize;

pub struct UserTeams;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamInput {
    team_id: Option<i64>,
    team_nm: String,
    #[serde(rename = "cId")]
    c_id: i64,
}

impl Resource for UserTeams {
    type Entity = Entity;
    type Input = TeamInput;
    type Extra = ();
    const PATH: &'static str = "account/userteam";
    const PROGRAM: &'static str = "account.userteam";
    const ID_FIELD: &'static str = "teamId";
    const SUMMARY: &'static str = "팀";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("teamNm", Column::TeamNm, Match::Contains), filter("cId", Column::CId, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("teamNm", Column::TeamNm), ("createdAt", Column::CreatedAt)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::TeamNm, Order::Asc)
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        crate::auth::scope::teams(caller)
    }
    fn input_id(input: &TeamInput) -> Option<i64> {
        input.team_id
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: TeamInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("teamNm", &input.team_nm, 100);
            if crate::api::visible::corp(db, ctx.caller, input.c_id).await.is_err() {
                check.fail("cId", "사업자를 선택하세요.");
            }
            if existing.is_some_and(|e| e.c_id != input.c_id) {
                check.fail("cId", "등록 후에는 바꿀 수 없습니다.");
            }
            check.finish()?;
            Ok((
                ActiveModel {
                    team_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.team_id)),
                    team_nm: Set(clean(input.team_nm)),
                    c_id: Set(input.c_id),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let members = user::Entity::find().filter(user::Column::TeamId.eq(model.team_id)).filter(user::Column::DeletedAt.is_null()).count(db).await?;
            if members > 0 {
                return Err(ApiError::conflict("팀원이 있는 팀은 삭제할 수 없습니다."));
            }
            Ok(())
        })
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<corp::Entity>(Column::CId, corp::Column::CId, corp::Column::CName, "cName"),
            Related::count::<user::Entity>(Column::TeamId, user::Column::TeamId, Condition::all().add(user::Column::DeletedAt.is_null()), "memberCnt"),
        ]
    }
}
