//! Names shown beside the ids of settlement rows (corps, sites, users, campaigns), read for a page
//! of rows at once: one statement per kind and 500 ids.

use crate::db::entity::{campaign, corp, poi, user};
use crate::error::ApiResult;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::{BTreeSet, HashMap};

async fn names<E: EntityTrait>(
    db: &impl ConnectionTrait,
    id: E::Column,
    name: E::Column,
    ids: impl IntoIterator<Item = i64>,
) -> ApiResult<HashMap<i64, String>> {
    let ids: Vec<i64> = ids.into_iter().filter(|id| *id != 0).collect::<BTreeSet<_>>().into_iter().collect();
    let mut out = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let found: Vec<(i64, String)> = E::find().select_only().column(id).column(name).filter(id.is_in(chunk.to_vec())).into_tuple().all(db).await?;
        out.extend(found);
    }
    Ok(out)
}

pub async fn corps(db: &impl ConnectionTrait, ids: impl IntoIterator<Item = i64>) -> ApiResult<HashMap<i64, String>> {
    names::<corp::Entity>(db, corp::Column::CId, corp::Column::CName, ids).await
}

pub async fn sites(db: &impl ConnectionTrait, ids: impl IntoIterator<Item = i64>) -> ApiResult<HashMap<i64, String>> {
    names::<poi::Entity>(db, poi::Column::PoiId, poi::Column::PoiNm, ids).await
}

pub async fn users(db: &impl ConnectionTrait, ids: impl IntoIterator<Item = i64>) -> ApiResult<HashMap<i64, String>> {
    names::<user::Entity>(db, user::Column::UIdx, user::Column::UName, ids).await
}

pub async fn campaigns(db: &impl ConnectionTrait, ids: impl IntoIterator<Item = i64>) -> ApiResult<HashMap<i64, String>> {
    names::<campaign::Entity>(db, campaign::Column::CmpgId, campaign::Column::CmpgTitle, ids).await
}
