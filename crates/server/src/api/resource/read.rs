//! The list and detail endpoints: a page of the visible rows (kept a moment while nothing it
//! reads is written) and one row with what depends on the caller.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, QueryFilter};
use serde_json::{Map, json};
use std::collections::HashMap;

use super::*;

pub(super) async fn list<R: Resource>(
    State(state): State<AppState>,
    caller: Caller,
    Input(body): Input<Map<String, serde_json::Value>>,
) -> ApiResult<Response> {
    list_where::<R>(&state, &caller, &body, None).await
}

/// A page of the resource's visible rows that also meet `only` (a narrower list of the same rows).
/// The same page asked again a moment later, with nothing it reads written since, is answered as
/// it was: the rows' statement (the caller's scope is in its values) and the question are its key.
pub async fn list_where<R: Resource>(state: &AppState, caller: &Caller, body: &Map<String, serde_json::Value>, only: Option<Condition>) -> ApiResult<Response> {
    use sea_orm::QueryTrait;
    let mut query = list_query_beside(body, &R::filters(), &R::sorts(), &R::sorts_beside(), R::default_sort())?;
    if let Some(b) = query.beside.as_mut() {
        // The copies beside say nothing of a scope or of a narrower list.
        b.whole &= R::scope(caller).is_none() && R::base().is_none() && only.is_none();
    }
    let mut rows = visible::<R>(caller);
    if let Some(only) = only {
        rows = rows.filter(only);
    }
    let related = related_of::<R>();
    let (query, related) = (&query, &related);
    let read = |rows| async move {
        let (found, total) = page_related(&state.db, rows, query, R::id_column(), related).await?;
        let mut values = with_related(found)?;
        let (enriched, tables) = crate::kept::statements::reading(R::enrich(&state.db, &mut values)).await;
        enriched?;
        learn_enrich_tables::<R>(&tables);
        Ok(page_value(values, total, query))
    };
    let database = crate::kept::statements::keeping();
    if database.is_none() {
        return Ok(ok(read(rows).await?));
    }
    let reads = Related::add_to(rows.clone(), related);
    let stmt = reads.build(state.db.get_database_backend());
    let key = format!("list\n{}\n{}\n{:?}\n{}", std::any::type_name::<R>(), stmt.sql, stmt.values, serde_json::Value::Object(body.clone()));
    let signature = crate::kept::reads::signature(&stmt.sql) + crate::kept::reads::signature(&enrich_tables::<R>());
    let value = crate::kept::reads::answer(database.as_deref(), key, signature, ANSWER_KEEP, || read(rows)).await?;
    Ok(ok(value.as_ref()))
}

/// The tables each resource's `enrich` has been seen reading, as quoted names. Learned as it runs:
/// an answer kept before a table was learned was signed without it, and is not found again once
/// a write to that table moves the signature.
pub(super) static ENRICH_TABLES: std::sync::LazyLock<std::sync::RwLock<HashMap<&'static str, String>>> = std::sync::LazyLock::new(Default::default);

pub(super) fn enrich_tables<R: Resource>() -> String {
    ENRICH_TABLES.read().expect("enrich tables lock").get(std::any::type_name::<R>()).cloned().unwrap_or_default()
}

pub(super) fn learn_enrich_tables<R: Resource>(read: &str) {
    let known = enrich_tables::<R>();
    if read.split(' ').filter(|t| !t.is_empty()).all(|t| known.split(' ').any(|k| k == t)) {
        return;
    }
    let mut tables = known;
    for table in read.split(' ').filter(|t| !t.is_empty()) {
        crate::kept::reads::add_tables_read(&format!("FROM {table}"), &mut tables);
    }
    ENRICH_TABLES.write().expect("enrich tables lock").insert(std::any::type_name::<R>(), tables);
}

/// How long a list's answer is kept at most (another process's change shows after it).
pub(super) const ANSWER_KEEP: std::time::Duration = std::time::Duration::from_secs(1);

/// Reads the id field of a body.
pub fn id_from(body: &Map<String, serde_json::Value>, field: &str) -> ApiResult<i64> {
    body.get(field).and_then(int_value).ok_or_else(|| ApiError::invalid(field, "필수 항목입니다."))
}

/// The row with this id if it is live and inside the caller's scope, else 10404.
pub async fn find_visible<R: Resource>(db: &impl ConnectionTrait, caller: &Caller, id: i64) -> ApiResult<ModelOf<R>> {
    visible::<R>(caller).filter(R::id_column().eq(id)).one(db).await?.ok_or(ApiError::NotFound)
}

pub(super) async fn detail<R: Resource>(
    State(state): State<AppState>,
    caller: Caller,
    Input(body): Input<Map<String, serde_json::Value>>,
) -> ApiResult<Response> {
    let id = body.get(R::ID_FIELD).and_then(R::parse_id).ok_or_else(|| ApiError::invalid(R::ID_FIELD, "필수 항목입니다."))?;
    // The row and its related values in one statement, as a page of one.
    let one = ListQuery::row(R::id_column(), id);
    let (mut found, _) = page_related(&state.db, visible::<R>(&caller), &one, R::id_column(), &related_of::<R>()).await?;
    let (model, extra) = found.pop().ok_or(ApiError::NotFound)?;
    let mut values = with_related(vec![(&model, extra)])?;
    R::enrich(&state.db, &mut values).await?;
    let mut value = values.pop().unwrap_or_default();
    if !R::file_slots().is_empty() {
        let files = crate::files::of_row(&state.db, R::FILE_TYPE, id).await?;
        for slot in R::file_slots() {
            let of_slot: Vec<_> = files.iter().filter(|f| f.slot == slot.part).collect();
            value[slot.part] = if slot.single() { json!(of_slot.first()) } else { json!(of_slot) };
        }
    }
    R::finish_detail(&state.db, &caller, &model, &mut value).await?;
    Ok(ok(value))
}
