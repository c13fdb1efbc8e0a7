//! Who sees a campaign photo: managers and operators every one; verification vendors those
//! uploaded within their reach; the owner side (advertisers, sales agents) the photos of the
//! campaigns in their scope.

use crate::api::resource::{Filter, Match, filter, list_query};
use crate::auth::Caller;
use crate::auth::scope::{self, Role};
use crate::db::entity::campaign_photo::{Column, Entity, Model};
use crate::db::entity::{campaign, stored_file};
use crate::error::{ApiError, ApiResult};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::{Map, Value};
use std::collections::HashMap;
use townboard_domain::permission::{Kind, Permission};

/// The `{type}` of photo files; slots `photo` (the image) and `thumb`.
pub const FILE_TYPE: &str = "cmpgphoto";
pub const PROGRAM: &str = "cmpgphoto.cmpgphoto";
pub const PHOTO: &str = "photo";
pub const THUMB: &str = "thumb";

/// Campaign statuses a photo may be taken of: approved and later.
pub const PHOTOGRAPHED_STATUSES: [i32; 5] = [30, 40, 50, 60, 99];

pub fn scope(caller: &Caller) -> Option<Condition> {
    if caller.role.sees_all_rows() {
        return None;
    }
    if caller.role == Role::VerificationVendor {
        return Some(Condition::all().add(scope::owned_by_reach(caller, Column::CreatedBy)));
    }
    let mut campaigns = Query::select().column(campaign::Column::CmpgId).from(campaign::Entity).to_owned();
    if let Some(reach) = scope::campaigns(caller) {
        campaigns.cond_where(reach);
    }
    Some(Condition::all().add(Column::CmpgId.in_subquery(campaigns)))
}

/// The live photo if the caller may read it, else 10404.
pub async fn readable(db: &impl ConnectionTrait, caller: &Caller, photo_id: i64) -> ApiResult<Model> {
    if !caller.has(Permission::new(PROGRAM, Kind::View)) {
        return Err(ApiError::NotFound);
    }
    let mut q = Entity::find_by_id(photo_id).filter(Column::DeletedAt.is_null());
    if let Some(reach) = scope(caller) {
        q = q.filter(reach);
    }
    q.one(db).await?.ok_or(ApiError::NotFound)
}

/// The list's filters, which the downloads read too.
pub fn filters() -> Vec<Filter<Column>> {
    vec![
        filter("cmpgId", Column::CmpgId, Match::Int),
        filter("poiId", Column::PoiId, Match::Int),
        filter("fromDate", Column::TakenAt, Match::FromDate),
        filter("toDate", Column::TakenAt, Match::ToDate),
    ]
}

/// The live photos the caller may download that meet the filters of `body`, oldest first.
pub fn downloadable(caller: &Caller, body: &Map<String, Value>) -> ApiResult<sea_orm::Select<Entity>> {
    if !caller.has(Permission::new(PROGRAM, Kind::Download)) {
        return Err(ApiError::Forbidden);
    }
    let query = list_query(body, &filters(), &[("takenAt", Column::TakenAt)], (Column::TakenAt, sea_orm::Order::Asc))?;
    let mut q = Entity::find().filter(Column::DeletedAt.is_null()).filter(query.condition);
    if let Some(reach) = scope(caller) {
        q = q.filter(reach);
    }
    Ok(q.order_by_asc(Column::TakenAt).order_by_asc(Column::PhotoId))
}

/// The uploaded names of the photos' images.
pub async fn file_names(db: &impl ConnectionTrait, ids: Vec<i64>) -> ApiResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = stored_file::Entity::find()
        .select_only()
        .columns([stored_file::Column::TargetId, stored_file::Column::FileName])
        .filter(stored_file::Column::TargetType.eq(FILE_TYPE))
        .filter(stored_file::Column::Slot.eq(PHOTO))
        .filter(stored_file::Column::TargetId.is_in(ids))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}
