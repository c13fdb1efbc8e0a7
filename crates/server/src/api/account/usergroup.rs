//! User groups (`/account/usergroup`): permission sets that replace the role default for their
//! members. A change applies at the members' next request.

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::valid_codes;
use crate::api::validation::{Check, clean};
use crate::db::entity::user_group::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{user, user_group_permission};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;

pub struct UserGroups;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GroupInput {
    group_id: Option<i64>,
    group_nm: String,
    #[serde(default)]
    group_desc: String,
    #[serde(default)]
    perm_codes: Vec<String>,
}

impl Resource for UserGroups {
    type Entity = Entity;
    type Input = GroupInput;
    /// The group's permission codes, checked.
    type Extra = Vec<String>;
    const PATH: &'static str = "account/usergroup";
    const PROGRAM: &'static str = "account.usergroup";
    const ID_FIELD: &'static str = "groupId";
    const SUMMARY: &'static str = "계정 그룹";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("groupNm", Column::GroupNm, Match::Contains)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("groupNm", Column::GroupNm), ("createdAt", Column::CreatedAt)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::GroupNm, Order::Asc)
    }
    fn input_id(input: &GroupInput) -> Option<i64> {
        input.group_id
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: GroupInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, Vec<String>)>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("groupNm", &input.group_nm, 100);
            check.max_len("groupDesc", &input.group_desc, 500);
            check.finish()?;
            let codes = valid_codes(db, &input.perm_codes).await?;
            Ok((
                ActiveModel {
                    group_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.group_id)),
                    group_nm: Set(clean(input.group_nm)),
                    group_desc: Set(clean(input.group_desc)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    deleted_at: Set(None),
                },
                codes,
            ))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, saved: &'a Model, codes: Vec<String>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            user_group_permission::Entity::delete_many().filter(user_group_permission::Column::GroupId.eq(saved.group_id)).exec(db).await?;
            for chunk in codes.chunks(300) {
                let rows = chunk.iter().map(|c| user_group_permission::ActiveModel { group_id: Set(saved.group_id), perm_code: Set(c.clone()) });
                user_group_permission::Entity::insert_many(rows).exec_without_returning(db).await?;
            }
            Ok(())
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        Some((Condition::all().add(Column::GroupNm.eq(row.group_nm.clone().unwrap())), "groupNm"))
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let members = user::Entity::find().filter(user::Column::GroupId.eq(model.group_id)).filter(user::Column::DeletedAt.is_null()).count(db).await?;
            if members > 0 {
                return Err(ApiError::conflict("소속 사용자가 있는 그룹은 삭제할 수 없습니다."));
            }
            Ok(())
        })
    }
    fn related() -> Vec<Related> {
        vec![Related::count::<user::Entity>(Column::GroupId, user::Column::GroupId, Condition::all().add(user::Column::DeletedAt.is_null()), "memberCnt")]
    }
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let ids: Vec<i64> = rows.iter().filter_map(|r| r["groupId"].as_i64()).collect();
            let perms = user_group_permission::Entity::find()
                .filter(user_group_permission::Column::GroupId.is_in(ids))
                // The key's order: each group's codes in order, read without a sort.
                .order_by_asc(user_group_permission::Column::GroupId)
                .order_by_asc(user_group_permission::Column::PermCode)
                .all(db)
                .await?;
            let mut by_group: HashMap<i64, Vec<String>> = HashMap::new();
            for p in perms {
                by_group.entry(p.group_id).or_default().push(p.perm_code);
            }
            for row in rows.iter_mut() {
                let codes = row["groupId"].as_i64().and_then(|id| by_group.remove(&id)).unwrap_or_default();
                row["permCodes"] = json!(codes);
            }
            Ok(())
        })
    }
}
