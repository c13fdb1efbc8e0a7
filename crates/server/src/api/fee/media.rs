//! Media fee rates (`/fee/media`): a media owner corp's rate, or a site's override (`poiId`).

use super::rates::{Asked, FeeKind, Fees, Holder};
use crate::api::resource::{BoxFut, Related};
use crate::db::entity::fee_media::{Column, Entity};
use crate::db::entity::{corp, poi, user};
use crate::error::ApiResult;
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter};
use serde::Deserialize;
use townboard_domain::role::Role;
use townboard_domain::settlement::Rate;

pub type MediaFees = Fees<MediaFee>;

pub struct MediaFee;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MediaFeeInput {
    fee_idx: Option<i64>,
    /// The media owner corp.
    #[serde(rename = "cId")]
    c_id: i64,
    /// A site of the corp: the rate is that site's override.
    poi_id: Option<i64>,
    /// 0-100, at most two decimals.
    #[schemars(with = "f64")]
    rate: Rate,
    from_date: String,
}

impl FeeKind for MediaFee {
    type Entity = Entity;
    type Input = MediaFeeInput;
    const PATH: &'static str = "fee/media";
    const PROGRAM: &'static str = "fee.media";
    const SUMMARY: &'static str = "매체 수수료율";
    const KEY: &'static str = "poiId";
    const KEY_COLUMN: &'static str = "poi_id";
    const NOT_A_HOLDER: &'static str = "매체사(매체관리 대행사 또는 사이트를 가진 사업자)를 선택하세요.";
    const NOT_ITS_KEY: &'static str = "매체사의 사이트를 선택하세요.";

    fn asked(input: &MediaFeeInput) -> Asked {
        Asked { fee_idx: input.fee_idx, c_id: input.c_id, key: input.poi_id, rate: input.rate, from_date: input.from_date.clone() }
    }
    /// A live corp that owns sites: a media management agent, or a corp with a site of its own
    /// (the head office); the site must be one of the corp's.
    fn holder(db: &DatabaseTransaction, c_id: i64, poi_id: i64) -> BoxFut<'_, ApiResult<Holder>> {
        Box::pin(async move {
            let live_sites = || poi::Entity::find().filter(poi::Column::DeletedAt.is_null());
            let found = corp::Entity::find_by_id(c_id).filter(corp::Column::DeletedAt.is_null()).one(db).await?;
            let corp = match found {
                Some(c) if c.role_cd == Role::MediaAgent.code() => Some(c),
                Some(c) => (live_sites().filter(poi::Column::CId.eq(c_id)).count(db).await? > 0).then_some(c),
                None => None,
            };
            let key_fits = poi_id == 0 || live_sites().filter(poi::Column::PoiId.eq(poi_id)).one(db).await?.is_some_and(|s| s.c_id == c_id);
            Ok(Holder { corp, key_fits })
        })
    }
    fn labels() -> Vec<Related> {
        vec![
            Related::label::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm"),
            Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName"),
        ]
    }
}
