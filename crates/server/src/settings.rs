//! Reading env variables (the `env` table) that steer behaviour at run time, kept in memory
//! (see [`crate::kept::memo`]).

use crate::db::entity::env;
use crate::state::AppState;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter};
use std::collections::HashMap;

async fn all(state: &AppState) -> Result<std::sync::Arc<HashMap<String, String>>, DbErr> {
    state
        .memo
        .get("system.env", "env", || async {
            let rows = env::Entity::find().filter(env::Column::DeletedAt.is_null()).all(&state.db).await?;
            Ok(rows.into_iter().map(|r| (r.env_key, r.env_value)).collect::<HashMap<_, _>>())
        })
        .await
}

pub async fn get(state: &AppState, key: &str) -> Result<Option<String>, DbErr> {
    Ok(all(state).await?.get(key).cloned())
}

pub async fn flag(state: &AppState, key: &str) -> Result<bool, DbErr> {
    Ok(get(state, key).await?.is_some_and(|v| v.trim().eq_ignore_ascii_case("Y")))
}
