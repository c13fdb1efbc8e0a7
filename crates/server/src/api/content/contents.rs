//! Contents (`/content/content`): house content played in the content slots (slot type 3) of the
//! loops: an image (10) or a video (20) content material, or a text (30), for a number of seconds,
//! on (ctStatus 1) or off, within an optional period and for some template types (none: every
//! template). A material's content plays on screens of the material's own template type only.

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::db::entity::content::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{material, user};
use crate::error::ApiResult;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::{Value, json};
use townboard_domain::material::{approval, encoding};

pub struct Contents;

pub const IMAGE: i32 = 10;
pub const VIDEO: i32 = 20;
pub const TEXT: i32 = 30;
pub const MAX_TEXT: usize = 500;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContentInput {
    ct_idx: Option<i64>,
    ct_nm: String,
    /// 10 image, 20 video, 30 text
    content_type: i32,
    /// An approved, encoded content material (slot type 3) for images and videos.
    mat_id: Option<i64>,
    /// The text of a text content.
    text: Option<String>,
    /// 5-60
    seconds: i32,
    from_date: Option<String>,
    to_date: Option<String>,
    /// 0 off, 1 on
    ct_status: i32,
    /// Template types 0-4 it plays on; none: every template.
    template_types: Option<Vec<i32>>,
}

/// A date field: empty means none; otherwise a real date, stored as `YYYY-MM-DD`.
fn optional_date(check: &mut Check, field: &str, value: Option<String>) -> Option<String> {
    let value = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())?;
    match townboard_domain::validate::parse_date(&value) {
        Some(d) => Some(d.format("%Y-%m-%d").to_string()),
        None => {
            check.fail(field, "날짜 형식이 올바르지 않습니다.");
            None
        }
    }
}

impl Resource for Contents {
    type Entity = Entity;
    type Input = ContentInput;
    type Extra = ();
    const PATH: &'static str = "content/content";
    const PROGRAM: &'static str = "content.content";
    const ID_FIELD: &'static str = "ctIdx";
    const SUMMARY: &'static str = "콘텐츠";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("ctNm", Column::CtNm, Match::Contains),
            filter("contentType", Column::ContentType, Match::Int),
            filter("ctStatus", Column::CtStatus, Match::Int),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("ctIdx", Column::CtIdx), ("ctNm", Column::CtNm), ("seconds", Column::Seconds), ("createdAt", Column::CreatedAt)]
    }
    fn input_id(input: &ContentInput) -> Option<i64> {
        input.ct_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: ContentInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("ctNm", &input.ct_nm, 100);
            check.range("seconds", input.seconds.into(), 5, 60);
            check.range("ctStatus", input.ct_status.into(), 0, 1);
            let from = optional_date(&mut check, "fromDate", input.from_date);
            let to = optional_date(&mut check, "toDate", input.to_date);
            if let (Some(f), Some(t)) = (&from, &to)
                && f > t
            {
                check.fail("toDate", "종료일은 시작일 이후여야 합니다.");
            }
            let mut templates = input.template_types.unwrap_or_default();
            templates.sort_unstable();
            templates.dedup();
            if templates.iter().any(|t| !(0..=4).contains(t)) {
                check.fail("templateTypes", "템플릿 유형은 0~4입니다.");
            }
            let (mat_id, text) = match input.content_type {
                IMAGE | VIDEO => {
                    if input.text.as_deref().is_some_and(|t| !t.trim().is_empty()) {
                        check.fail("text", "이미지/영상 콘텐츠에는 문구를 넣지 않습니다.");
                    }
                    match input.mat_id {
                        None => check.fail("matId", "콘텐츠 소재를 선택하세요."),
                        Some(id) => match playable_material(db, id, input.content_type).await? {
                            None => check.fail("matId", "승인되고 인코딩이 끝난 콘텐츠 소재(이미지는 이미지, 영상은 영상)를 선택하세요."),
                            Some(m) if !templates.is_empty() && !templates.contains(&m.template_type) => {
                                check.fail("templateTypes", format!("소재의 템플릿 유형({})을 포함해야 합니다.", m.template_type));
                            }
                            Some(_) => {}
                        },
                    }
                    (input.mat_id, None)
                }
                TEXT => {
                    if input.mat_id.is_some() {
                        check.fail("matId", "문구 콘텐츠에는 소재를 넣지 않습니다.");
                    }
                    let text = clean(crate::sanitize::strip(input.text.as_deref().unwrap_or_default()));
                    check.required("text", &text, MAX_TEXT);
                    (None, Some(text))
                }
                _ => {
                    check.fail("contentType", "10(이미지), 20(영상), 30(문구) 중 하나여야 합니다.");
                    (None, None)
                }
            };
            check.finish()?;
            Ok((
                ActiveModel {
                    ct_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.ct_idx)),
                    ct_nm: Set(clean(input.ct_nm)),
                    content_type: Set(input.content_type),
                    mat_id: Set(mat_id),
                    text: Set(text),
                    seconds: Set(input.seconds),
                    from_date: Set(from),
                    to_date: Set(to),
                    ct_status: Set(input.ct_status),
                    template_types: Set(templates.iter().map(i32::to_string).collect::<Vec<_>>().join(",")),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    /// The loops play contents: they are made again from today.
    fn committed<'a>(state: &'a crate::state::AppState, _ids: &'a [i64]) -> BoxFut<'a, ()> {
        Box::pin(crate::jobs::plans::contents_changed(state))
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<material::Entity>(Column::MatId, material::Column::MatId, material::Column::MatName, "matName"),
            Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName"),
        ]
    }
    /// The thumbnail of a material's content (the image, or the video's poster).
    fn enrich<'a>(_db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            for row in rows.iter_mut() {
                row["thumbUrl"] = match row["matId"].as_i64() {
                    Some(id) => json!(format!("/api/material/image.do?matId={id}")),
                    None => Value::Null,
                };
            }
            Ok(())
        })
    }
}

/// A live content material (slot type 3) that is approved and encoded, of the content's kind.
async fn playable_material(db: &DatabaseTransaction, mat_id: i64, content_type: i32) -> ApiResult<Option<material::Model>> {
    let mat_type = if content_type == IMAGE { "image" } else { "video" };
    Ok(material::Entity::find_by_id(mat_id)
        .filter(material::Column::DeletedAt.is_null())
        .filter(material::Column::MatKind.eq("content"))
        .filter(material::Column::SlotType.eq(3))
        .filter(material::Column::MatType.eq(mat_type))
        .filter(material::Column::MatStatus.eq(approval::APPROVED))
        .filter(material::Column::EncodingStatus.eq(encoding::ENCODED))
        .one(db)
        .await?)
}
