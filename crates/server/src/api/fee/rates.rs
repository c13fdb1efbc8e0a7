//! One fee rate definition over the two fee tables. A rate belongs to a corp, or beside it to a
//! narrower key (0 for none): a site's override of a media owner's rate, or a sales user's own
//! rate. It applies from its `fromDate` until the next one; the list's `onDate` shows the rates in
//! force that day; a rate in force in a closed month cannot change.

use super::fee_rules::{self, day};
use crate::api::resource::{ActiveOf, BoxFut, ColumnOf, Filter, Match, ModelOf, Related, Resource, SaveContext, filter};
use crate::api::validation::Check;
use crate::db::entity::corp;
use crate::error::ApiResult;
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ActiveValue, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, IntoActiveModel, ModelTrait, Order,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::marker::PhantomData;
use townboard_domain::settlement::Rate;

/// The columns both fee tables have, with the narrower key.
pub struct Columns<C> {
    pub fee_idx: C,
    pub c_id: C,
    pub key: C,
    pub rate: C,
    pub from_date: C,
    pub sort_c_name: C,
    pub created_by: C,
    pub created_at: C,
    pub updated_at: C,
}

impl<C: ColumnTrait> Columns<C> {
    /// The columns of a fee table whose narrower key is the column `key`.
    fn of(key: &str) -> Self {
        let col = |name: &str| C::from_str(name).unwrap_or_else(|_| panic!("a fee table has the column {name}"));
        Columns {
            fee_idx: col("fee_idx"),
            c_id: col("c_id"),
            key: col(key),
            rate: col("rate"),
            from_date: col("from_date"),
            sort_c_name: col("sort_c_name"),
            created_by: col("created_by"),
            created_at: col("created_at"),
            updated_at: col("updated_at"),
        }
    }
}

/// A save body's fields, as both kinds name them.
pub struct Asked {
    pub fee_idx: Option<i64>,
    pub c_id: i64,
    pub key: Option<i64>,
    pub rate: Rate,
    pub from_date: String,
}

/// What a corp and a key are worth as the holders of a rate.
pub struct Holder {
    /// The corp, when it may hold a rate of this kind.
    pub corp: Option<corp::Model>,
    /// The key (when not 0) belongs to the corp.
    pub key_fits: bool,
}

/// What tells the two fee tables apart.
pub trait FeeKind: Send + Sync + 'static {
    type Entity: EntityTrait<
            Model: Serialize + Sync + IntoActiveModel<<Self::Entity as EntityTrait>::ActiveModel>,
            ActiveModel: ActiveModelTrait<Entity = Self::Entity> + ActiveModelBehavior + Send + Sync,
        >;
    type Input: DeserializeOwned + schemars::JsonSchema + Send;
    const PATH: &'static str;
    const PROGRAM: &'static str;
    const SUMMARY: &'static str;
    /// The key's wire name, such as `poiId`.
    const KEY: &'static str;
    /// The key's column, such as `poi_id`.
    const KEY_COLUMN: &'static str;
    /// What the `cId` field is told when the corp may hold no rate of this kind.
    const NOT_A_HOLDER: &'static str;
    /// What the key's field is told when the key is not the corp's.
    const NOT_ITS_KEY: &'static str;

    fn asked(input: &Self::Input) -> Asked;
    /// Reads the corp and checks the key against it (`key` 0 when none).
    fn holder(db: &DatabaseTransaction, c_id: i64, key: i64) -> BoxFut<'_, ApiResult<Holder>>;
    /// Labels shown on each row besides the corp's name (the key's name, the author's).
    fn labels() -> Vec<Related>;
}

/// The fee rates of one kind as a resource.
pub struct Fees<K>(PhantomData<K>);

fn columns<K: FeeKind>() -> Columns<<K::Entity as EntityTrait>::Column> {
    Columns::of(K::KEY_COLUMN)
}

impl<K: FeeKind> Resource for Fees<K> {
    type Entity = K::Entity;
    type Input = K::Input;
    type Extra = ();
    const PATH: &'static str = K::PATH;
    const PROGRAM: &'static str = K::PROGRAM;
    const ID_FIELD: &'static str = "feeIdx";
    const SUMMARY: &'static str = K::SUMMARY;

    fn filters() -> Vec<Filter<ColumnOf<Self>>> {
        let c = columns::<K>();
        vec![filter("cId", c.c_id, Match::Int), filter(K::KEY, c.key, Match::Int), filter("onDate", c.from_date, Match::Custom(in_force::<K>))]
    }
    fn sorts() -> Vec<(&'static str, ColumnOf<Self>)> {
        let c = columns::<K>();
        vec![("fromDate", c.from_date), ("cName", c.sort_c_name), ("rate", c.rate), ("createdAt", c.created_at), ("feeIdx", c.fee_idx)]
    }
    fn default_sort() -> (ColumnOf<Self>, Order) {
        (columns::<K>().from_date, Order::Desc)
    }
    fn input_id(input: &K::Input) -> Option<i64> {
        K::asked(input).fee_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: K::Input,
        existing: Option<&'a ModelOf<Self>>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveOf<Self>, ())>> {
        Box::pin(async move {
            let c = columns::<K>();
            let asked = K::asked(&input);
            let mut check = Check::new();
            let from = fee_rules::from_date(&mut check, &asked.from_date);
            let key = asked.key.unwrap_or(0);
            let holder = K::holder(db, asked.c_id, key).await?;
            if holder.corp.is_none() {
                check.fail("cId", K::NOT_A_HOLDER);
            }
            if key != 0 && !holder.key_fits {
                check.fail(K::KEY, K::NOT_ITS_KEY);
            }
            check.finish()?;
            let stored_from = existing.map(|e| e.get(c.from_date).unwrap::<String>());
            fee_rules::refuse_in_closed_month(db, from, stored_from.as_deref()).await?;
            let mut row = <ActiveOf<Self>>::default();
            if let Some(e) = existing {
                row.set(c.fee_idx, e.get(c.fee_idx));
            }
            row.set(c.c_id, asked.c_id.into());
            row.set(c.key, key.into());
            row.set(c.rate, (asked.rate.hundredths() as i32).into());
            row.set(c.from_date, from.map(day).unwrap_or_default().into());
            row.set(c.sort_c_name, holder.corp.map(|c| c.c_name).unwrap_or_default().into());
            row.set(c.created_by, existing.map_or(Some(ctx.caller.u_idx()).into(), |e| e.get(c.created_by)));
            row.set(c.created_at, existing.map_or(ctx.now.into(), |e| e.get(c.created_at)));
            row.set(c.updated_at, ctx.now.into());
            Ok((row, ()))
        })
    }
    fn unique(row: &ActiveOf<Self>) -> Option<(Condition, &'static str)> {
        let c = columns::<K>();
        let value = |col| match row.get(col) {
            ActiveValue::Set(v) | ActiveValue::Unchanged(v) => v,
            ActiveValue::NotSet => unreachable!("a fee row is built whole"),
        };
        let cond = Condition::all().add(c.c_id.eq(value(c.c_id))).add(c.key.eq(value(c.key))).add(c.from_date.eq(value(c.from_date)));
        Some((cond, "fromDate"))
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a ModelOf<Self>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let from: String = model.get(columns::<K>().from_date).unwrap();
            fee_rules::refuse_in_closed_month(db, None, Some(&from)).await
        })
    }
    fn related() -> Vec<Related> {
        let corp = Related::label::<corp::Entity>(columns::<K>().c_id, corp::Column::CId, corp::Column::CName, "cName");
        std::iter::once(corp).chain(K::labels()).collect()
    }
}

fn in_force<K: FeeKind>(text: &str) -> Condition {
    let c = columns::<K>();
    fee_rules::in_force::<K::Entity>(text, c.c_id, c.key, c.from_date)
}
