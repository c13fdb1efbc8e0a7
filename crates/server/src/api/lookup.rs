//! Batch lookups that add related labels and counts to rows: one query per relation, never one per row.

use crate::error::ApiResult;
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, IdenStatic, QueryFilter, QuerySelect};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};

fn ids_of(rows: &[Value], field: &str) -> Vec<i64> {
    let set: HashSet<i64> = rows.iter().filter_map(|r| r[field].as_i64()).collect();
    set.into_iter().collect()
}

/// Sets `into` on every row to the `label` of the `E` row whose `key` equals the row's `from`.
pub async fn labels<E: EntityTrait>(db: &impl ConnectionTrait, rows: &mut [Value], from: &str, into: &str, key: E::Column, label: E::Column) -> ApiResult<()> {
    fields::<E>(db, rows, from, key, &[(label, into)]).await
}

/// Copies several columns of the `E` row whose `key` equals each row's `from`, in one query:
/// each `(column, into)` pair sets `into` (null when there is no such row).
pub async fn fields<E: EntityTrait>(db: &impl ConnectionTrait, rows: &mut [Value], from: &str, key: E::Column, pairs: &[(E::Column, &str)]) -> ApiResult<()> {
    let ids = ids_of(rows, from);
    let mut found: HashMap<i64, Value> = HashMap::new();
    if !ids.is_empty() {
        let mut q = E::find().select_only().column(key);
        for (column, _) in pairs {
            q = q.column(*column);
        }
        for row in q.filter(key.is_in(ids)).into_json().all(db).await? {
            if let Some(id) = row[key.as_str()].as_i64() {
                found.insert(id, row);
            }
        }
    }
    for row in rows.iter_mut() {
        let source = row[from].as_i64().and_then(|id| found.get(&id));
        for (column, into) in pairs {
            row[*into] = source.map_or(Value::Null, |s| s[column.as_str()].clone());
        }
    }
    Ok(())
}

/// Sets `into` on every row to the number of `E` rows whose `key` equals the row's `from`.
pub async fn counts<E: EntityTrait>(db: &impl ConnectionTrait, rows: &mut [Value], from: &str, into: &str, key: E::Column, only: Condition) -> ApiResult<()> {
    let ids = ids_of(rows, from);
    let found: HashMap<i64, i64> = if ids.is_empty() {
        HashMap::new()
    } else {
        E::find()
            .select_only()
            .column(key)
            .column_as(Expr::from(Func::count(Expr::col(key))), "n")
            .filter(key.is_in(ids))
            .filter(only)
            .group_by(key)
            .into_tuple::<(i64, i64)>()
            .all(db)
            .await?
            .into_iter()
            .collect()
    };
    for row in rows.iter_mut() {
        row[into] = json!(row[from].as_i64().and_then(|id| found.get(&id)).copied().unwrap_or(0));
    }
    Ok(())
}

/// Sets on each screen row (by its `mediaId`) what its player last said in a heartbeat
/// (`media_beat`): `lastHeartbeatAt`, `playerVersion`, `scheduleVersion` and `lastError`.
pub async fn beats(db: &impl ConnectionTrait, rows: &mut [Value]) -> ApiResult<()> {
    use crate::db::entity::media_beat;
    let ids = ids_of(rows, "mediaId");
    let found: HashMap<i64, media_beat::Model> = if ids.is_empty() {
        HashMap::new()
    } else {
        media_beat::Entity::find().filter(media_beat::Column::MediaId.is_in(ids)).all(db).await?.into_iter().map(|b| (b.media_id, b)).collect()
    };
    for row in rows.iter_mut() {
        let beat = row["mediaId"].as_i64().and_then(|id| found.get(&id));
        let said = match beat {
            Some(beat) => serde_json::to_value(beat).map_err(crate::error::ApiError::internal)?,
            None => json!({ "lastHeartbeatAt": null, "playerVersion": "", "scheduleVersion": "", "lastError": "" }),
        };
        if let (Some(row), Value::Object(said)) = (row.as_object_mut(), said) {
            row.extend(said.into_iter().filter(|(field, _)| field != "mediaId"));
        }
    }
    Ok(())
}

/// What a screen's player last said in a heartbeat (`media_beat`), read on each screen row of a
/// page in the page's own statement: `lastHeartbeatAt`, `playerVersion`, `scheduleVersion` and
/// `lastError`, as [`beats`] sets them.
pub fn beat_columns() -> Vec<crate::api::resource::Related> {
    use crate::api::resource::{Related, Shown};
    use crate::db::entity::{media, media_beat::Column as B, media_beat::Entity as Beat};
    // One row of `media_beat` a screen: joined once for its four values.
    let of = |column, into, shown| Related::joined::<Beat>(media::Column::MediaId, B::MediaId, column, into, shown);
    vec![
        of(B::LastHeartbeatAt, "lastHeartbeatAt", Shown::Time),
        of(B::PlayerVersion, "playerVersion", Shown::Text),
        of(B::ScheduleVersion, "scheduleVersion", Shown::Text),
        of(B::LastError, "lastError", Shown::Text),
    ]
}

/// Screens in the order of their last heartbeat (`media_beat`, with copies of each screen's soft
/// delete and status), which every beat writes: such a list pages by its offset (marks in it
/// would be retired by the next beat), by one plan for every offset on PostgreSQL.
pub fn by_last_heartbeat() -> crate::api::resource::Beside {
    use crate::db::entity::media_beat::{Column, Entity};
    crate::api::resource::Beside::of::<Entity>("lastHeartbeatAt", Column::LastHeartbeatAt, Some(Column::DeletedAt), &[Column::MediaStatus])
}
