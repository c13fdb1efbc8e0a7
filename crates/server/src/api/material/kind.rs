//! A kind of material as a resource on the generic mechanism: its path, program, scope and who
//! owns a new one. Lists, details and deletes are the generic ones; the save is the upload.

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::auth::Caller;
use crate::db::entity::material::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, material_file};
use crate::error::{ApiError, ApiResult, FieldErrors};
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, EntityTrait, Order, QueryFilter};
use serde::Deserialize;
use serde_json::{Value, json};
use std::marker::PhantomData;
use townboard_domain::material::{approval, encoding};
use townboard_domain::permission::{Kind, Permission};

/// What a kind of material declares.
pub trait MaterialKind: Send + Sync + 'static {
    /// `mat_kind` of its rows.
    const KIND: &'static str;
    const PATH: &'static str;
    const PROGRAM: &'static str;
    const SUMMARY: &'static str;
    /// Slot types its materials may play in; the first is the default.
    const SLOT_TYPES: &'static [i32];
    /// Materials belong to an advertiser corp.
    const HAS_ADVERTISER: bool;
    /// The file kinds an upload may be.
    const FILE_KINDS: &'static [crate::files::FileKind] = crate::files::MATERIALS;
    /// Rows the caller may see; `None` for all.
    fn scope(caller: &Caller) -> Option<Condition>;
}

/// The fields of a material's save (the `data` part of the upload).
#[derive(schemars::JsonSchema, Deserialize, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MaterialInput {
    pub mat_id: Option<i64>,
    pub mat_name: String,
    /// Campaign materials: the advertiser corp (advertisers always upload for their own).
    #[serde(rename = "advertiserCId")]
    pub advertiser_c_id: Option<i64>,
    /// House materials: 2 house ad or 3 content.
    pub slot_type: Option<i32>,
    pub template_type: i32,
    pub mat_playtime: i32,
}

/// Who owns a material and where it plays, after checking the input against the kind.
pub struct Owner {
    pub advertiser_c_id: Option<i64>,
    pub slot_type: i32,
}

pub struct Materials<K>(PhantomData<K>);

impl<K: MaterialKind> Materials<K> {
    /// Checks the owner fields of the input; other checks (name, template, file) are the save's.
    pub async fn owner(
        db: &DatabaseTransaction,
        caller: &Caller,
        input: &MaterialInput,
        existing: Option<&Model>,
        errors: &mut FieldErrors,
    ) -> ApiResult<Owner> {
        let slot_type = input.slot_type.or(existing.map(|e| e.slot_type)).unwrap_or(K::SLOT_TYPES[0]);
        if !K::SLOT_TYPES.contains(&slot_type) {
            errors.insert("slotType".into(), format!("{:?} 중 하나여야 합니다.", K::SLOT_TYPES));
        }
        if !K::HAS_ADVERTISER {
            if input.advertiser_c_id.is_some() {
                errors.insert("advertiserCId".into(), "알 수 없는 항목입니다.".into());
            }
            return Ok(Owner { advertiser_c_id: None, slot_type });
        }
        // Advertisers upload for their own corp; everyone else names an advertiser in reach.
        let advertiser = if caller.role == crate::auth::scope::Role::Advertiser {
            Some(caller.user.c_id)
        } else {
            input.advertiser_c_id.or(existing.and_then(|e| e.advertiser_c_id))
        };
        match advertiser {
            Some(c_id) if crate::api::visible::advertiser(db, caller, c_id).await.is_ok() => {}
            _ => {
                errors.insert("advertiserCId".into(), "광고주를 선택하세요.".into());
            }
        }
        Ok(Owner { advertiser_c_id: advertiser, slot_type })
    }

    /// The row a caller may see by id, else 10404.
    pub async fn find(db: &impl sea_orm::ConnectionTrait, caller: &Caller, mat_id: i64) -> ApiResult<Model> {
        crate::api::resource::find_visible::<Self>(db, caller, mat_id).await
    }
}

/// The caller's rights over a material as the buttons of its view.
fn actions(caller: &Caller, program: &'static str, m: &Model) -> Vec<&'static str> {
    let has = |kind| caller.has(Permission::new(program, kind));
    let mut out = Vec::new();
    // A request is decided once: approved, or rejected until its owner edits it (a new request).
    if has(Kind::Other) && m.mat_status == approval::REQUESTED && m.encoding_status == encoding::ENCODED {
        out.push("approve");
    }
    if has(Kind::Other) && m.mat_status == approval::REQUESTED {
        out.push("reject");
    }
    if has(Kind::Update) && m.encoding_status == encoding::FAILED {
        out.push("retry");
    }
    if has(Kind::Update) {
        out.push("edit");
    }
    if has(Kind::Delete) {
        out.push("delete");
    }
    out
}

/// The download addresses of a material's renditions.
pub fn file_url(mat_id: i64, rendition: &str) -> String {
    format!("/api/material/manage/videoDownload.do?matId={mat_id}&type={rendition}")
}

pub fn thumb_url(mat_id: i64) -> String {
    format!("/api/material/image.do?matId={mat_id}")
}

impl<K: MaterialKind> Resource for Materials<K> {
    type Entity = Entity;
    type Input = MaterialInput;
    type Extra = ();
    const PATH: &'static str = K::PATH;
    const PROGRAM: &'static str = K::PROGRAM;
    const ID_FIELD: &'static str = "matId";
    const SUMMARY: &'static str = K::SUMMARY;

    fn filters() -> Vec<Filter<Column>> {
        let mut f = vec![
            filter("matName", Column::MatName, Match::Contains),
            filter("matStatus", Column::MatStatus, Match::Int),
            filter("encodingStatus", Column::EncodingStatus, Match::Int),
            filter("templateType", Column::TemplateType, Match::Int),
            filter("matType", Column::MatType, Match::Text),
            filter("slotType", Column::SlotType, Match::Int),
        ];
        if K::HAS_ADVERTISER {
            f.push(filter("advertiserCId", Column::AdvertiserCId, Match::Int));
        }
        f
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("matId", Column::MatId), ("matName", Column::MatName), ("createdAt", Column::CreatedAt), ("matStatus", Column::MatStatus)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::MatId, Order::Desc)
    }
    fn base() -> Option<Condition> {
        Some(Condition::all().add(Column::MatKind.eq(K::KIND)))
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        K::scope(caller)
    }
    fn input_id(input: &MaterialInput) -> Option<i64> {
        input.mat_id
    }
    /// Materials are saved by their upload, never by the generic save.
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        _input: MaterialInput,
        _existing: Option<&'a Model>,
        _ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async { Err(ApiError::Forbidden) })
    }
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if K::HAS_ADVERTISER {
                crate::api::lookup::labels::<corp::Entity>(db, rows, "advertiserCId", "cName", corp::Column::CId, corp::Column::CName).await?;
            }
            for row in rows.iter_mut() {
                let encoded = row["encodingStatus"] == json!(encoding::ENCODED);
                row["thumbUrl"] = if encoded { json!(thumb_url(row["matId"].as_i64().unwrap_or_default())) } else { Value::Null };
            }
            Ok(())
        })
    }
    fn finish_detail<'a>(db: &'a DatabaseConnection, caller: &'a Caller, model: &'a Model, value: &'a mut Value) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let renditions = material_file::Entity::find().filter(material_file::Column::MatId.eq(model.mat_id)).all(db).await?;
            let mut files = serde_json::Map::new();
            let list: Vec<Value> = renditions
                .iter()
                .map(|r| {
                    let url = file_url(model.mat_id, &r.rendition);
                    files.insert(r.rendition.clone(), json!(url));
                    json!({ "type": r.rendition, "width": r.width, "height": r.height, "bytes": r.bytes, "durationMs": r.duration_ms, "contentType": r.content_type, "url": url })
                })
                .collect();
            value["files"] = Value::Object(files);
            value["renditions"] = json!(list);
            value["actions"] = json!(actions(caller, K::PROGRAM, model));
            Ok(())
        })
    }
}
