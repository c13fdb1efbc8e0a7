//! Rules of board posts that the board's endpoints share: scope, status and what is in force on
//! a screen.

use super::kinds::{AllScreenBoard, BoardKind, program_of};
use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::board_post::{self, Column, Model};
use crate::db::entity::{board_post_group, media_group};
use crate::error::{ApiError, ApiResult};
use chrono::NaiveDate;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition};
use sea_orm::{ConnectionTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use townboard_domain::permission::{Kind, Permission};

/// The `{type}` of a post's files (downloads, file checks).
pub const FILE_TYPE: &str = "board";

/// Posts on a group given by its id as text (the list's `mgId` filter).
pub fn on_group(text: &str) -> Condition {
    let Ok(mg_id) = text.parse::<i64>() else {
        // Not a group id: no post is on it.
        return Condition::all().add(Column::BiIdx.is_null());
    };
    let posts =
        Query::select().column(board_post_group::Column::BiIdx).from(board_post_group::Entity).and_where(board_post_group::Column::MgId.eq(mg_id)).to_owned();
    Condition::all().add(Column::BiIdx.in_subquery(posts))
}

/// Posts the caller may see among targeted posts: managers and operators all; anyone else those
/// written within their reach and those on groups of their sites (a site manager's complexes).
pub fn targeted_scope(caller: &Caller) -> Option<Condition> {
    let groups = scope::media_groups(caller, media_group::Column::PoiId)?;
    let group_ids = Query::select().column(media_group::Column::MgId).from(media_group::Entity).cond_where(groups).to_owned();
    let posts = Query::select()
        .column(board_post_group::Column::BiIdx)
        .from(board_post_group::Entity)
        .and_where(board_post_group::Column::MgId.in_subquery(group_ids))
        .to_owned();
    Some(Condition::any().add(scope::owned_by_reach(caller, Column::CreatedBy)).add(Column::BiIdx.in_subquery(posts)))
}

/// Posts of a status on `today` (`YYYY-MM-DD`).
pub fn of_status(status: i32, today: &str) -> Condition {
    use townboard_domain::board::status as s;
    let running = Condition::all().add(Column::StoppedAt.is_null());
    match status {
        s::STOPPED => Condition::all().add(Column::StoppedAt.is_not_null()),
        s::WAITING => running.add(Column::FromDate.gt(today)),
        s::ENDED => running.add(Column::ToDate.lt(today)),
        _ => running.add(Column::FromDate.lte(today)).add(Column::ToDate.gte(today)),
    }
}

/// Adds the status of `today` to a post's wire row.
pub fn with_status(today: NaiveDate) -> impl Fn(&Model, &mut Value) {
    move |m, value| {
        if let (Some(from), Some(to)) = (crate::api::dated::date(&m.from_date), crate::api::dated::date(&m.to_date)) {
            value["status"] = json!(townboard_domain::board::status(from, to, m.stopped_at.is_some(), today));
        }
    }
}

/// Is this a post on screens in force on `today`: live, not stopped, inside its period.
pub fn in_force(today: &str) -> Condition {
    of_status(townboard_domain::board::status::IN_PROGRESS, today).add(Column::DeletedAt.is_null())
}

/// The post if the caller may read it under its board's program and scope.
pub async fn readable_post(db: &impl ConnectionTrait, caller: &Caller, bi_idx: i64) -> ApiResult<board_post::Model> {
    let post = board_post::Entity::find_by_id(bi_idx).filter(board_post::Column::DeletedAt.is_null()).one(db).await?.ok_or(ApiError::NotFound)?;
    let program = program_of(&post.board_kind).ok_or(ApiError::NotFound)?;
    if !caller.has(Permission::new(program, Kind::View)) {
        return Err(ApiError::NotFound);
    }
    if post.board_kind != AllScreenBoard::KIND
        && let Some(reach) = targeted_scope(caller)
    {
        board_post::Entity::find_by_id(bi_idx).filter(reach).one(db).await?.ok_or(ApiError::NotFound)?;
    }
    Ok(post)
}
