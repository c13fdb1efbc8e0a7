//! Sales fee rates (`/fee/sales`): a sales corp's rate, or one of its users' (`uIdx`), from a date
//! on. The list's `onDate` shows the rates in force that day.

use super::fee_rules::{self, day};
use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::Check;
use crate::db::entity::fee_sales::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, user};
use crate::error::ApiResult;
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, QueryFilter};
use serde::Deserialize;
use townboard_domain::role::Role;
use townboard_domain::settlement::Rate;

pub struct SalesFees;

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

fn in_force(text: &str) -> Condition {
    fee_rules::in_force::<Entity>(text, Column::CId, Column::UIdx, Column::FromDate)
}

impl Resource for SalesFees {
    type Entity = Entity;
    type Input = SalesFeeInput;
    type Extra = ();
    const PATH: &'static str = "fee/sales";
    const PROGRAM: &'static str = "fee.sales";
    const ID_FIELD: &'static str = "feeIdx";
    const SUMMARY: &'static str = "영업 수수료율";

    fn id_column() -> Column {
        Column::FeeIdx
    }
    fn id_of(m: &Model) -> i64 {
        m.fee_idx
    }
    fn filters() -> Vec<Filter<Column>> {
        vec![filter("cId", Column::CId, Match::Int), filter("uIdx", Column::UIdx, Match::Int), filter("onDate", Column::FromDate, Match::Custom(in_force))]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("fromDate", Column::FromDate), ("cName", Column::SortCName), ("rate", Column::Rate), ("createdAt", Column::CreatedAt), ("feeIdx", Column::FeeIdx)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::FromDate, Order::Desc)
    }
    fn deleted_at() -> Option<Column> {
        None
    }
    fn input_id(input: &SalesFeeInput) -> Option<i64> {
        input.fee_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: SalesFeeInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            let from = fee_rules::from_date(&mut check, &input.from_date);
            let owner = corp::Entity::find_by_id(input.c_id)
                .filter(corp::Column::DeletedAt.is_null())
                .one(db)
                .await?
                .filter(|c| Role::from_code(c.role_cd).is_some_and(Role::is_sales));
            if owner.is_none() {
                check.fail("cId", "영업 대행사(광고영업, 현장영업, 총판)를 선택하세요.");
            }
            let u_idx = input.u_idx.unwrap_or(0);
            if u_idx != 0 {
                let found = user::Entity::find_by_id(u_idx).filter(user::Column::DeletedAt.is_null()).one(db).await?;
                if found.is_none_or(|u| u.c_id != input.c_id) {
                    check.fail("uIdx", "영업 대행사의 사용자를 선택하세요.");
                }
            }
            check.finish()?;
            fee_rules::refuse_in_closed_month(db, from, existing.map(|e| e.from_date.as_str())).await?;
            Ok((
                ActiveModel {
                    fee_idx: existing.map_or(NotSet, |e| Set(e.fee_idx)),
                    c_id: Set(input.c_id),
                    u_idx: Set(u_idx),
                    rate: Set(input.rate.hundredths() as i32),
                    from_date: Set(from.map(day).unwrap_or_default()),
                    sort_c_name: Set(owner.map(|c| c.c_name).unwrap_or_default()),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        let cond = Condition::all()
            .add(Column::CId.eq(row.c_id.clone().unwrap()))
            .add(Column::UIdx.eq(row.u_idx.clone().unwrap()))
            .add(Column::FromDate.eq(row.from_date.clone().unwrap()));
        Some((cond, "fromDate"))
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(fee_rules::refuse_in_closed_month(db, None, Some(model.from_date.as_str())))
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<corp::Entity>(Column::CId, corp::Column::CId, corp::Column::CName, "cName"),
            Related::label::<user::Entity>(Column::UIdx, user::Column::UIdx, user::Column::UName, "uName"),
        ]
    }
}
