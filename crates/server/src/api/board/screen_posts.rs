//! What a screen group's board area shows: `GET /api/board/material/id.do?mgId=` (the posts in
//! force, for the back office and for the group's players), and the images of posts
//! (`GET /api/board/image.do` for the back office, `GET /api/player/v1/board/{biIdx}/{index}` for
//! players).

use super::kinds::{AllScreenBoard, BoardKind, ImageBoard, VideoBoard};
use super::rules::{FILE_TYPE, in_force, readable_post};
use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::{board_post, board_post_group, material, media_group, stored_file};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Params;
use crate::player::{Device, DeviceOrCaller};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use townboard_domain::board::SECONDS_PER_IMAGE;
use townboard_domain::permission::{Kind, Permission};

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupQuery {
    mg_id: i64,
}

/// Boards whose posts a back-office caller reads.
const BOARD_PROGRAMS: [&str; 3] = [ImageBoard::PROGRAM, VideoBoard::PROGRAM, AllScreenBoard::PROGRAM];

/// `GET /api/board/material/id.do?mgId=`: the group's posts in force today, all-screen posts
/// first, then the newest, at most the group's board slots.
pub async fn group_posts(State(state): State<AppState>, who: DeviceOrCaller, Params(q): Params<GroupQuery>) -> ApiResult<Response> {
    let for_device = match &who {
        DeviceOrCaller::Device(screen) => {
            if screen.mg_id != Some(q.mg_id) {
                return Err(ApiError::NotFound);
            }
            true
        }
        DeviceOrCaller::Caller(caller) => {
            if !BOARD_PROGRAMS.iter().any(|p| caller.has(Permission::new(p, Kind::List))) {
                return Err(ApiError::Forbidden);
            }
            false
        }
    };
    let mut group = media_group::Entity::find_by_id(q.mg_id).filter(media_group::Column::DeletedAt.is_null());
    if let DeviceOrCaller::Caller(caller) = &who
        && let Some(reach) = scope::media_groups(caller, media_group::Column::PoiId)
    {
        group = group.filter(reach);
    }
    let group = group.one(&state.db).await?.ok_or(ApiError::NotFound)?;
    let today = crate::time::today(state.clock.now()).format("%Y-%m-%d").to_string();
    let on_group = Query::select()
        .column(board_post_group::Column::BiIdx)
        .from(board_post_group::Entity)
        .and_where(board_post_group::Column::MgId.eq(group.mg_id))
        .to_owned();
    let mut posts = if group.board_slot_cnt > 0 {
        board_post::Entity::find()
            .filter(in_force(&today))
            .filter(Condition::any().add(board_post::Column::BoardKind.eq(AllScreenBoard::KIND)).add(board_post::Column::BiIdx.in_subquery(on_group)))
            .order_by_desc(board_post::Column::BiIdx)
            .all(&state.db)
            .await?
    } else {
        vec![]
    };
    // All-screen posts first (stable: newest first within each).
    posts.sort_by_key(|p| p.board_kind != AllScreenBoard::KIND);
    posts.truncate(usize::try_from(group.board_slot_cnt).unwrap_or(0));
    let images = image_counts(&state.db, posts.iter().filter(|p| p.board_kind != VideoBoard::KIND).map(|p| p.bi_idx).collect()).await?;
    let videos = play_times(&state.db, posts.iter().filter_map(|p| p.mat_id).collect()).await?;
    let answer: Vec<_> = posts
        .iter()
        .filter_map(|p| {
            let (kind, urls, seconds) = match p.mat_id {
                Some(mat_id) if p.board_kind == VideoBoard::KIND => {
                    let seconds = *videos.get(&mat_id)?;
                    let url = if for_device {
                        format!("/api/player/v1/file/{mat_id}/sd")
                    } else {
                        format!("/api/material/manage/videoDownload.do?matId={mat_id}&type=sd")
                    };
                    ("video", vec![url], seconds)
                }
                _ => {
                    let count = *images.get(&p.bi_idx)?;
                    let urls: Vec<String> = (0..count)
                        .map(|i| {
                            if for_device {
                                format!("/api/player/v1/board/{}/{i}", p.bi_idx)
                            } else {
                                format!("/api/board/image.do?biIdx={}&index={i}", p.bi_idx)
                            }
                        })
                        .collect();
                    ("image", urls, SECONDS_PER_IMAGE * count as i32)
                }
            };
            Some(json!({ "biIdx": p.bi_idx, "kind": kind, "title": p.title, "urls": urls, "seconds": seconds }))
        })
        .collect();
    Ok(ok(json!({ "mgId": group.mg_id, "slots": group.board_slot_cnt, "posts": answer })))
}

/// How many images each post has (posts without any are left out).
async fn image_counts(db: &impl ConnectionTrait, ids: Vec<i64>) -> ApiResult<HashMap<i64, usize>> {
    let mut counts = HashMap::new();
    if ids.is_empty() {
        return Ok(counts);
    }
    let files =
        stored_file::Entity::find().filter(stored_file::Column::TargetType.eq(FILE_TYPE)).filter(stored_file::Column::TargetId.is_in(ids)).all(db).await?;
    for f in files {
        *counts.entry(f.target_id).or_insert(0) += 1;
    }
    Ok(counts)
}

/// Play times of the playable materials among `ids`.
async fn play_times(db: &impl ConnectionTrait, ids: Vec<i64>) -> ApiResult<HashMap<i64, i32>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let found = material::Entity::find()
        .filter(material::Column::MatId.is_in(ids))
        .filter(material::Column::DeletedAt.is_null())
        .filter(crate::api::attachable::playable())
        .all(db)
        .await?;
    Ok(found.into_iter().map(|m| (m.mat_id, m.mat_playtime)).collect())
}

/// The `index`th image of a post (counted from 0 in upload order).
pub async fn image_file(db: &impl ConnectionTrait, bi_idx: i64, index: usize) -> ApiResult<stored_file::Model> {
    let files = crate::files::of_row(db, FILE_TYPE, bi_idx).await?;
    files.into_iter().nth(index).ok_or(ApiError::NotFound)
}

fn image_answer(file: &stored_file::Model, bytes: Vec<u8>) -> Response {
    let content_type = HeaderValue::from_str(&file.content_type).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=300"))], bytes).into_response()
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageQuery {
    bi_idx: i64,
    index: usize,
}

/// `GET /api/board/image.do?biIdx=&index=`: an image of a post the caller may read.
pub async fn image(State(state): State<AppState>, caller: Caller, Params(q): Params<ImageQuery>) -> ApiResult<Response> {
    readable_post(&state.db, &caller, q.bi_idx).await?;
    let file = image_file(&state.db, q.bi_idx, q.index).await?;
    let bytes = state.files.get(&file.stored_name).await.map_err(ApiError::internal)?;
    Ok(image_answer(&file, bytes))
}

/// `GET /api/player/v1/board/{biIdx}/{index}`: an image of a post in force on the screen's group.
pub async fn device_image(State(state): State<AppState>, Device(screen): Device, Path((bi_idx, index)): Path<(i64, usize)>) -> ApiResult<Response> {
    let post = board_post::Entity::find_by_id(bi_idx).filter(board_post::Column::DeletedAt.is_null()).one(&state.db).await?.ok_or(ApiError::NotFound)?;
    let shown_here = post.board_kind == AllScreenBoard::KIND
        || match screen.mg_id {
            Some(mg_id) => board_post_group::Entity::find_by_id((bi_idx, mg_id)).one(&state.db).await?.is_some(),
            None => false,
        };
    if !shown_here {
        return Err(ApiError::NotFound);
    }
    let file = image_file(&state.db, bi_idx, index).await?;
    let bytes = state.files.get(&file.stored_name).await.map_err(ApiError::internal)?;
    Ok(image_answer(&file, bytes))
}
