//! Campaign photos (`/cmpgphoto/cmpgphoto`): verification vendors upload photos of a campaign
//! playing at a site, several at once; the time taken comes from each image's EXIF where present.
//! Lists, details and deletes are the generic ones; the save is the upload.

use super::rules::{FILE_TYPE, PHOTO, PHOTOGRAPHED_STATUSES, PROGRAM, THUMB, file_names, filters, readable, scope};
use crate::api::resource::{BoxFut, Filter, Related, Resource, SaveContext, record};
use crate::auth::Caller;
use crate::db::entity::campaign_photo::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{campaign, campaign_target, media_group, poi, user};
use crate::error::{ApiError, ApiResult, ok};
use crate::files::{FileKind, FileSlot, IMAGES, Upload};
use crate::input::{Input, Params};
use crate::state::AppState;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use sea_orm::sea_query::Query;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, Order, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::Deserialize;
use serde_json::{Value, json};

pub struct Photos;

/// The `data` part of an upload.
#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PhotoInput {
    cmpg_id: i64,
    poi_id: i64,
}

pub const PHOTOS: FileSlot = FileSlot { part: "files", max_bytes: 20 * 1024 * 1024, max_count: 20, kinds: IMAGES };

impl Resource for Photos {
    type Entity = Entity;
    type Input = PhotoInput;
    type Extra = ();
    const PATH: &'static str = "cmpgphoto/cmpgphoto";
    const PROGRAM: &'static str = PROGRAM;
    const ID_FIELD: &'static str = "photoId";
    const SUMMARY: &'static str = "캠페인 사진";
    const FILE_TYPE: &'static str = FILE_TYPE;

    fn filters() -> Vec<Filter<Column>> {
        filters()
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("photoId", Column::PhotoId), ("takenAt", Column::TakenAt)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::TakenAt, Order::Desc)
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        scope(caller)
    }
    fn input_id(_input: &PhotoInput) -> Option<i64> {
        None
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        _input: PhotoInput,
        _existing: Option<&'a Model>,
        _ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        // Photos are saved by their upload ([`save`]), never through the generic save.
        Box::pin(async { Err(ApiError::Forbidden) })
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<campaign::Entity>(Column::CmpgId, campaign::Column::CmpgId, campaign::Column::CmpgTitle, "cmpgTitle"),
            Related::label::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm"),
            Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName"),
        ]
    }
    /// The file name and the image addresses, from one query over the page's photos.
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let ids: Vec<i64> = rows.iter().filter_map(|r| r["photoId"].as_i64()).collect();
            let names = file_names(db, ids).await?;
            for row in rows.iter_mut() {
                let Some(id) = row["photoId"].as_i64() else { continue };
                row["fileName"] = json!(names.get(&id));
                row["url"] = json!(format!("/api/cmpgphoto/image.do?photoId={id}&size=original"));
                row["thumbUrl"] = json!(format!("/api/cmpgphoto/image.do?photoId={id}&size=thumb"));
            }
            Ok(())
        })
    }
}

/// Sites where the campaign plays: those holding one of its target groups.
fn sites_of(cmpg_id: i64) -> Condition {
    let groups =
        Query::select().column(campaign_target::Column::MgId).from(campaign_target::Entity).and_where(campaign_target::Column::CmpgId.eq(cmpg_id)).to_owned();
    let sites =
        Query::select().column(media_group::Column::PoiId).from(media_group::Entity).and_where(media_group::Column::MgId.in_subquery(groups)).to_owned();
    Condition::all().add(poi::Column::PoiId.in_subquery(sites)).add(poi::Column::DeletedAt.is_null())
}

/// The campaign if photos may be taken of it by the caller: in their scope, approved or later.
async fn photographed_campaign(db: &impl ConnectionTrait, caller: &Caller, cmpg_id: i64) -> ApiResult<campaign::Model> {
    let mut q = campaign::Entity::find_by_id(cmpg_id).filter(campaign::Column::CmpgStatus.is_in(PHOTOGRAPHED_STATUSES));
    if let Some(reach) = crate::auth::scope::campaigns(caller) {
        q = q.filter(reach);
    }
    q.one(db).await?.ok_or_else(|| ApiError::invalid("cmpgId", "사진을 올릴 수 있는 캠페인이 아닙니다 (승인 이후의 캠페인)."))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SitesInput {
    cmpg_id: i64,
}

/// `POST /api/cmpgphoto/cmpgphoto/jsonSites.do {cmpgId}`: the sites where the campaign plays.
pub async fn sites(State(state): State<AppState>, caller: Caller, Input(body): Input<SitesInput>) -> ApiResult<Response> {
    photographed_campaign(&state.db, &caller, body.cmpg_id).await?;
    let list: Vec<(i64, String)> = poi::Entity::find()
        .select_only()
        .columns([poi::Column::PoiId, poi::Column::PoiNm])
        .filter(sites_of(body.cmpg_id))
        .order_by_asc(poi::Column::PoiNm)
        .into_tuple()
        .all(&state.db)
        .await?;
    Ok(ok(json!({ "list": list.into_iter().map(|(poi_id, poi_nm)| json!({ "poiId": poi_id, "poiNm": poi_nm })).collect::<Vec<_>>() })))
}

/// Reads the upload: part `data` and up to 20 images in parts `files`, each checked by content.
async fn read_upload(req: Request) -> ApiResult<(PhotoInput, Vec<Upload>)> {
    let multipart = req.headers().get(axum::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        // A JSON body is read for its fields: the photos are still missing.
        let bytes = axum::body::Bytes::from_request(req, &()).await.map_err(|_| ApiError::TooLarge)?;
        crate::input::parse::<PhotoInput>(&bytes)?;
        return Err(ApiError::invalid("files", "사진을 하나 이상 올리세요."));
    }
    let mut multipart = crate::input::Form(Multipart::from_request(req, &()).await.map_err(|_| ApiError::UnsupportedType)?);
    let mut data = None;
    let mut uploads = Vec::new();
    while let Some(field) = multipart.next_field().await? {
        let name = field.name().unwrap_or_default().to_string();
        match name.as_str() {
            "data" => {
                let bytes = field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?;
                data = Some(crate::input::parse::<PhotoInput>(&bytes)?);
            }
            "files" => {
                if uploads.len() == PHOTOS.max_count {
                    return Err(ApiError::invalid("files", format!("사진은 한 번에 {}장까지 올릴 수 있습니다.", PHOTOS.max_count)));
                }
                let file_name = field.file_name().unwrap_or("photo").to_string();
                let bytes = field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?;
                uploads.push(crate::files::check(&PHOTOS, &file_name, bytes.to_vec())?);
            }
            _ => return Err(ApiError::invalid(&name, "알 수 없는 항목입니다.")),
        }
    }
    let data = data.ok_or_else(|| ApiError::invalid("data", "필수 항목입니다."))?;
    if uploads.is_empty() {
        return Err(ApiError::invalid("files", "사진을 하나 이상 올리세요."));
    }
    Ok((data, uploads))
}

/// `POST /api/cmpgphoto/cmpgphoto/jsonSave.do` (multipart): one photo row per image, each with a
/// thumbnail, at the campaign and site given.
pub async fn save(State(state): State<AppState>, caller: Caller, req: Request) -> ApiResult<Response> {
    let (input, uploads) = read_upload(req).await?;
    let now = state.clock.now();
    // The campaign and the site first, then the thumbnails: an image ffmpeg cannot read is
    // refused before anything is written, and nobody out of scope costs an ffmpeg run.
    photographed_campaign(&state.db, &caller, input.cmpg_id).await?;
    let site = poi::Entity::find_by_id(input.poi_id).filter(sites_of(input.cmpg_id)).one(&state.db).await?;
    if site.is_none() {
        return Err(ApiError::invalid("poiId", "캠페인이 게재되는 사이트가 아닙니다."));
    }
    let mut photos = Vec::with_capacity(uploads.len());
    for upload in uploads {
        let thumb = crate::video::thumbnail(&upload.bytes).await.map_err(|cause| {
            tracing::info!(%cause, "a photo could not be read");
            ApiError::invalid("files", format!("{}: 이미지를 읽을 수 없습니다.", upload.file_name))
        })?;
        let taken_at = super::exif::taken_at(&upload.bytes).unwrap_or(now);
        photos.push((upload, thumb, taken_at));
    }
    let txn = crate::db::begin_write(&state.writer).await?;
    let mut ids = Vec::with_capacity(photos.len());
    for (upload, thumb, taken_at) in photos {
        let row = ActiveModel {
            cmpg_id: Set(input.cmpg_id),
            poi_id: Set(input.poi_id),
            taken_at: Set(taken_at),
            created_by: Set(caller.u_idx()),
            created_at: Set(now),
            deleted_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let thumb = Upload { part: THUMB, file_name: "thumb.jpg".into(), kind: FileKind::Jpeg, bytes: thumb };
        let upload = Upload { part: PHOTO, ..upload };
        crate::files::attach(&state, &txn, FILE_TYPE, row.photo_id, vec![upload, thumb], caller.u_idx()).await?;
        record(&txn, &caller, now, PROGRAM, row.photo_id, "create", None, Some(&row)).await?;
        ids.push(row.photo_id);
    }
    txn.commit().await?;
    Ok(ok(json!({ "photoIds": ids })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageQuery {
    photo_id: i64,
    /// `original` (default) or `thumb`.
    size: Option<String>,
}

/// `GET /api/cmpgphoto/image.do?photoId=&size=`: the photo or its thumbnail.
pub async fn image(State(state): State<AppState>, caller: Caller, Params(q): Params<ImageQuery>) -> ApiResult<Response> {
    let slot = match q.size.as_deref() {
        None | Some("original") => PHOTO,
        Some("thumb") => THUMB,
        Some(_) => return Err(ApiError::invalid("size", "original 또는 thumb이어야 합니다.")),
    };
    let photo = readable(&state.db, &caller, q.photo_id).await?;
    let file = crate::files::of_row(&state.db, FILE_TYPE, photo.photo_id).await?.into_iter().find(|f| f.slot == slot).ok_or(ApiError::NotFound)?;
    let bytes = state.files.get(&file.stored_name).await.map_err(ApiError::internal)?;
    let content_type = HeaderValue::from_str(&file.content_type).unwrap_or(HeaderValue::from_static("application/octet-stream"));
    Ok(([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=300"))], bytes).into_response())
}
