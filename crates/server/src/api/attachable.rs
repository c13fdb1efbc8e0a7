//! Materials a campaign may attach (domain.md §4): campaign materials that are live, approved and
//! encoded, of the campaign's advertiser. Campaign saves and change requests check with it; the
//! materials popup (`campaign/material/jsonApprovedList.do`) can list with [`playable`].

use crate::db::entity::material::{Column, Entity, Model};
use crate::error::ApiResult;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::material::{approval, encoding};

/// `mat_kind` of advertisers' ads.
pub const CAMPAIGN_KIND: &str = "campaign";

/// Approved and encoded: a material that can play.
pub fn playable() -> Condition {
    Condition::all().add(Column::MatStatus.eq(approval::APPROVED)).add(Column::EncodingStatus.eq(encoding::ENCODED))
}

/// Live, playable campaign materials of the advertiser.
pub fn of_advertiser(advertiser_c_id: i64) -> Condition {
    playable().add(Column::MatKind.eq(CAMPAIGN_KIND)).add(Column::DeletedAt.is_null()).add(Column::AdvertiserCId.eq(advertiser_c_id))
}

/// Those of `mat_ids` the advertiser's campaign may attach, in no particular order (a missing id
/// is one that may not be attached).
pub async fn find(db: &impl ConnectionTrait, advertiser_c_id: i64, mat_ids: &[i64]) -> ApiResult<Vec<Model>> {
    if mat_ids.is_empty() {
        return Ok(vec![]);
    }
    Ok(Entity::find().filter(of_advertiser(advertiser_c_id)).filter(Column::MatId.is_in(mat_ids.to_vec())).all(db).await?)
}
