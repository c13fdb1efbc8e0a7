//! The kinds of material: campaign materials (`/campaign/material`, advertisers' ads), house
//! materials (`/content/material`, house ads and contents) and board materials (videos and images
//! for the board area).

use super::kind::MaterialKind;
use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::corp;
use crate::db::entity::material::Column;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition};

pub struct CampaignMaterial;

impl MaterialKind for CampaignMaterial {
    const KIND: &'static str = "campaign";
    const PATH: &'static str = "campaign/material";
    const PROGRAM: &'static str = "campaign.material";
    const SUMMARY: &'static str = "캠페인 소재";
    const SLOT_TYPES: &'static [i32] = &[1];
    const HAS_ADVERTISER: bool = true;

    /// Advertisers see their corp's materials; sales agents those uploaded within their reach or
    /// belonging to advertisers they brought in; approvers all.
    fn scope(caller: &Caller) -> Option<Condition> {
        if caller.role.sees_all_rows() {
            return None;
        }
        if caller.role == scope::Role::Advertiser {
            return Some(Condition::all().add(Column::AdvertiserCId.eq(caller.user.c_id)));
        }
        let brought_in =
            Query::select().column(corp::Column::CId).from(corp::Entity).cond_where(scope::owned_by_reach(caller, corp::Column::CreatedBy)).to_owned();
        Some(Condition::any().add(scope::owned_by_reach(caller, Column::CreatedBy)).add(Column::AdvertiserCId.in_subquery(brought_in)))
    }
}

pub struct HouseMaterial;

impl MaterialKind for HouseMaterial {
    const KIND: &'static str = "content";
    const PATH: &'static str = "content/material";
    const PROGRAM: &'static str = "content.material";
    const SUMMARY: &'static str = "콘텐츠 소재";
    const SLOT_TYPES: &'static [i32] = &[2, 3];
    const HAS_ADVERTISER: bool = false;

    /// House materials are the network's own: whoever holds the program sees them all.
    fn scope(_caller: &Caller) -> Option<Condition> {
        None
    }
}

/// Board videos (`/board/adMaterial`): what video board posts play.
pub struct BoardVideoMaterial;

impl MaterialKind for BoardVideoMaterial {
    const KIND: &'static str = "boardVideo";
    const PATH: &'static str = "board/adMaterial";
    const PROGRAM: &'static str = "board.adMaterial";
    const SUMMARY: &'static str = "게시판 동영상 소재";
    /// Board materials play in the board area, never in a slot of the loop.
    const SLOT_TYPES: &'static [i32] = &[0];
    const HAS_ADVERTISER: bool = false;
    const FILE_KINDS: &'static [crate::files::FileKind] = crate::files::VIDEOS;

    /// Site managers see the materials they uploaded; everyone else with the program all.
    fn scope(caller: &Caller) -> Option<Condition> {
        board_scope(caller)
    }
}

/// Board images (`/board/imgMaterial`).
pub struct BoardImageMaterial;

impl MaterialKind for BoardImageMaterial {
    const KIND: &'static str = "boardImage";
    const PATH: &'static str = "board/imgMaterial";
    const PROGRAM: &'static str = "board.imgMaterial";
    const SUMMARY: &'static str = "게시판 이미지 소재";
    const SLOT_TYPES: &'static [i32] = &[0];
    const HAS_ADVERTISER: bool = false;
    const FILE_KINDS: &'static [crate::files::FileKind] = crate::files::IMAGES;

    fn scope(caller: &Caller) -> Option<Condition> {
        board_scope(caller)
    }
}

fn board_scope(caller: &Caller) -> Option<Condition> {
    (!caller.role.sees_all_rows()).then(|| Condition::all().add(scope::owned_by_reach(caller, Column::CreatedBy)))
}

/// A kind's scope rule.
pub type ScopeRule = fn(&Caller) -> Option<Condition>;

/// The program and scope of a material row's kind, for the downloads that serve every kind.
pub fn rules_of(kind: &str) -> Option<(&'static str, ScopeRule)> {
    match kind {
        CampaignMaterial::KIND => Some((CampaignMaterial::PROGRAM, CampaignMaterial::scope)),
        HouseMaterial::KIND => Some((HouseMaterial::PROGRAM, HouseMaterial::scope)),
        BoardVideoMaterial::KIND => Some((BoardVideoMaterial::PROGRAM, BoardVideoMaterial::scope)),
        BoardImageMaterial::KIND => Some((BoardImageMaterial::PROGRAM, BoardImageMaterial::scope)),
        _ => None,
    }
}
