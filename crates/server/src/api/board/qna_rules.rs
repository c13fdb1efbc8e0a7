//! Who reads a question: managers and operators every one, anyone else the questions they asked.

use crate::auth::Caller;
use crate::db::entity::qna::{Column, Entity, Model};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::permission::{Kind, Permission};

/// The `{type}` of a question's files.
pub const FILE_TYPE: &str = "qna";
pub const PROGRAM: &str = "board.qna";

pub fn scope(caller: &Caller) -> Option<Condition> {
    (!caller.role.sees_all_rows()).then(|| Condition::all().add(Column::CreatedBy.eq(caller.u_idx())))
}

/// The live question if the caller may read it, else 10404.
pub async fn readable(db: &impl ConnectionTrait, caller: &Caller, qna_idx: i64) -> ApiResult<Model> {
    if !caller.has(Permission::new(PROGRAM, Kind::View)) {
        return Err(ApiError::NotFound);
    }
    let mut q = Entity::find_by_id(qna_idx).filter(Column::DeletedAt.is_null());
    if let Some(own) = scope(caller) {
        q = q.filter(own);
    }
    q.one(db).await?.ok_or(ApiError::NotFound)
}
