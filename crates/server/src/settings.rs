//! Reading env variables (the `env` table) that steer behaviour at run time.

use crate::db::entity::env;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

pub async fn get(db: &impl ConnectionTrait, key: &str) -> Result<Option<String>, DbErr> {
    Ok(env::Entity::find().filter(env::Column::EnvKey.eq(key)).filter(env::Column::DeletedAt.is_null()).one(db).await?.map(|row| row.env_value))
}

pub async fn flag(db: &impl ConnectionTrait, key: &str) -> Result<bool, DbErr> {
    Ok(get(db, key).await?.is_some_and(|v| v.trim().eq_ignore_ascii_case("Y")))
}
