//! Sales fee rates (`/fee/sales`): a sales corp's rate, or one of its users' (`uIdx`).

use super::rates::{Asked, FeeKind, Fees, Holder};
use crate::api::resource::{BoxFut, Related};
use crate::db::entity::fee_sales::{Column, Entity};
use crate::db::entity::{corp, user};
use crate::error::ApiResult;
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter};
use serde::Deserialize;
use townboard_domain::role::Role;
use townboard_domain::settlement::Rate;

pub type SalesFees = Fees<SalesFee>;

pub struct SalesFee;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SalesFeeInput {
    fee_idx: Option<i64>,
    /// The sales corp.
    #[serde(rename = "cId")]
    c_id: i64,
    /// A user of the corp: the rate is that user's.
    u_idx: Option<i64>,
    /// 0-100, at most two decimals.
    #[schemars(with = "f64")]
    rate: Rate,
    from_date: String,
}

impl FeeKind for SalesFee {
    type Entity = Entity;
    type Input = SalesFeeInput;
    const PATH: &'static str = "fee/sales";
    const PROGRAM: &'static str = "fee.sales";
    const SUMMARY: &'static str = "영업 수수료율";
    const KEY: &'static str = "uIdx";
    const KEY_COLUMN: &'static str = "u_idx";
    const NOT_A_HOLDER: &'static str = "영업 대행사(광고영업, 현장영업, 총판)를 선택하세요.";
    const NOT_ITS_KEY: &'static str = "영업 대행사의 사용자를 선택하세요.";

    fn asked(input: &SalesFeeInput) -> Asked {
        Asked { fee_idx: input.fee_idx, c_id: input.c_id, key: input.u_idx, rate: input.rate, from_date: input.from_date.clone() }
    }
    /// A live sales corp (ad sales, field sales, distributor); the user must be one of the corp's.
    fn holder(db: &DatabaseTransaction, c_id: i64, u_idx: i64) -> BoxFut<'_, ApiResult<Holder>> {
        Box::pin(async move {
            let corp = corp::Entity::find_by_id(c_id)
                .filter(corp::Column::DeletedAt.is_null())
                .one(db)
                .await?
                .filter(|c| Role::from_code(c.role_cd).is_some_and(Role::is_sales));
            let key_fits =
                u_idx == 0 || user::Entity::find_by_id(u_idx).filter(user::Column::DeletedAt.is_null()).one(db).await?.is_some_and(|u| u.c_id == c_id);
            Ok(Holder { corp, key_fits })
        })
    }
    fn labels() -> Vec<Related> {
        vec![Related::label::<user::Entity>(Column::UIdx, user::Column::UIdx, user::Column::UName, "uName")]
    }
}
