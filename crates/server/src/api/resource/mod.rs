//! The one list/detail/save/delete mechanism every resource shares. A resource is a definition:
//! its entity, wire id, program, filters, sorts, scope and how an input becomes a row.
//!
//! Lists take `{page, pageSize, sortField, sortOrder, ...filters}`; filter and sort names come from
//! the definition's whitelist, anything else answers 10400. Every change writes a history row in
//! the same transaction.

mod delete;
mod page;
mod query;
mod read;
mod save;
mod schema;

use delete::delete;
pub use page::*;
pub use query::*;
pub use read::*;
pub use save::record;
use save::save;
pub use schema::*;

use crate::api::route::{Endpoint, post};
use crate::db::list_indexes::ListIndex;
use crate::error::ApiResult;
use crate::files::FileSlot;
use crate::state::AppState;
use crate::{auth::Caller, session::guard::Access};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, EntityTrait, IdenStatic, IntoActiveModel, Iterable,
    ModelTrait, Order, PrimaryKeyToColumn, QueryFilter,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use std::future::Future;
use std::pin::Pin;
use townboard_domain::permission::{Kind, Permission};

pub type ColumnOf<R> = <<R as Resource>::Entity as EntityTrait>::Column;
pub type ModelOf<R> = <<R as Resource>::Entity as EntityTrait>::Model;
pub type ActiveOf<R> = <<R as Resource>::Entity as EntityTrait>::ActiveModel;

/// What a save needs besides the input.
pub struct SaveContext<'a> {
    pub caller: &'a Caller,
    pub now: DateTime<Utc>,
}

/// An integer column's value as an id.
fn integer(value: sea_orm::Value) -> Option<i64> {
    use sea_orm::Value;
    match value {
        Value::BigInt(Some(v)) => Some(v),
        Value::Int(Some(v)) => Some(v.into()),
        Value::SmallInt(Some(v)) => Some(v.into()),
        _ => None,
    }
}

pub type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

pub trait Resource: Send + Sync + 'static {
    type Entity: EntityTrait<
            Model: Serialize + Sync + IntoActiveModel<ActiveOf<Self>>,
            ActiveModel: ActiveModelTrait<Entity = Self::Entity> + ActiveModelBehavior + Send + Sync,
        >;
    /// The save body.
    type Input: DeserializeOwned + schemars::JsonSchema + Send;
    /// What `build` hands to `after_save` (related rows to write once the id is known).
    type Extra: Send;

    /// `{area}/{resource}` of the paths, e.g. `system/code`.
    const PATH: &'static str;
    /// The program whose permissions guard the resource.
    const PROGRAM: &'static str;
    /// The id's wire name, e.g. `cdIdx`.
    const ID_FIELD: &'static str;
    const SUMMARY: &'static str;
    /// The `{type}` of file download paths, for resources with file slots.
    const FILE_TYPE: &'static str = "";
    /// A saved row must keep at least one file in each of its multi-file slots.
    const FILES_REQUIRED: bool = false;

    /// The id column: the entity's primary key (one integer column).
    fn id_column() -> ColumnOf<Self> {
        <Self::Entity as EntityTrait>::PrimaryKey::iter().next().expect("an entity has a primary key").into_column()
    }
    /// The row's id.
    fn id_of(model: &ModelOf<Self>) -> i64 {
        integer(model.get(Self::id_column())).expect("a resource's id is an integer")
    }
    fn filters() -> Vec<Filter<ColumnOf<Self>>>;
    /// Whitelisted sort fields: wire name and column.
    fn sorts() -> Vec<(&'static str, ColumnOf<Self>)>;
    /// The order of a list that names no sort: newest first by id unless a resource says otherwise.
    fn default_sort() -> (ColumnOf<Self>, Order) {
        (Self::id_column(), Order::Desc)
    }
    /// The soft-delete column: the entity's `deleted_at`, when it has one; rows with a value there
    /// are gone.
    fn deleted_at() -> Option<ColumnOf<Self>> {
        ColumnOf::<Self>::iter().find(|c| c.as_str() == "deleted_at")
    }
    /// The caller's data scope; `None` shows every row.
    fn scope(_caller: &Caller) -> Option<Condition> {
        None
    }
    /// Rows a resource shows among the entity's rows (advertisers among corps).
    fn base() -> Option<Condition> {
        None
    }
    /// Columns every list of the resource fixes before its order, which its list indexes lead
    /// with: the soft-delete column, and a column `base` sets to one value (a board's kind).
    fn pinned() -> Vec<ColumnOf<Self>> {
        Self::deleted_at().into_iter().collect()
    }
    /// Columns a list often filters on by one value (a screen's status). Each order gets a second
    /// index that leads with the column after the pinned ones, so a filtered page is a range of
    /// that index however few rows the value has; the order's own index carries them after the id.
    fn covered() -> Vec<ColumnOf<Self>> {
        vec![]
    }
    /// Whitelisted sorts by a column of a table beside the entity's, a row for each of its rows
    /// (a screen's last heartbeat): a filtered page in such an order is checked along that
    /// column's index.
    fn sorts_beside() -> Vec<Beside> {
        vec![]
    }
    fn input_id(input: &Self::Input) -> Option<i64>;
    /// Validates the input and turns it into a row to insert (`existing` is `None`) or update.
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: Self::Input,
        existing: Option<&'a ModelOf<Self>>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveOf<Self>, Self::Extra)>>;
    /// Writes what belongs to the saved row besides its own columns.
    fn after_save<'a>(_db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, _saved: &'a ModelOf<Self>, _extra: Self::Extra) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
    /// What follows a committed save or delete of these rows outside their transaction (work
    /// queued for other parts, such as loops made again).
    fn committed<'a>(_state: &'a AppState, _ids: &'a [i64]) -> BoxFut<'a, ()> {
        Box::pin(async {})
    }
    /// A condition that must match no other live row, with the field to blame (uniqueness).
    fn unique(_row: &ActiveOf<Self>) -> Option<(Condition, &'static str)> {
        None
    }
    /// Marks a row deleted (soft delete): its `deleted_at` (and `updated_at`, when it has one) set
    /// to now. Rows of resources without `deleted_at` are removed instead (`None`).
    fn mark_deleted(model: ModelOf<Self>, now: DateTime<Utc>) -> Option<ActiveOf<Self>> {
        let deleted_at = Self::deleted_at()?;
        let id = Self::id_column();
        let mut row = <ActiveOf<Self>>::default();
        row.set(id, model.get(id));
        row.set(deleted_at, Some(now).into());
        if let Some(updated_at) = ColumnOf::<Self>::iter().find(|c| c.as_str() == "updated_at") {
            row.set(updated_at, now.into());
        }
        Some(row)
    }
    /// Refuses a delete the data does not allow (a menu with sub-items), before anything changes.
    fn before_delete<'a>(_db: &'a DatabaseTransaction, _model: &'a ModelOf<Self>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
    /// Values of other tables shown on each row (labels, counts), read in the list's own statement.
    fn related() -> Vec<Related> {
        vec![]
    }
    /// Adds what [`Resource::related`] cannot say to rows of a list or a detail, in one query per
    /// relation, never one per row. The tables it reads are seen as it runs: a kept list answer is
    /// retired by a write to them as by a write to the list's own tables.
    fn enrich<'a>(_db: &'a DatabaseConnection, _rows: &'a mut [serde_json::Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
    /// Multipart parts the save accepts; none means a JSON body.
    fn file_slots() -> &'static [FileSlot] {
        &[]
    }
    /// The id as the wire shows it: a number, or a text such as `P000000003`.
    fn wire_id(id: i64) -> serde_json::Value {
        json!(id)
    }
    /// The id a wire value names; `None` when it names none.
    fn parse_id(value: &serde_json::Value) -> Option<i64> {
        int_value(value)
    }
    /// Adds to a detail what depends on the caller (the actions they may take on the row).
    fn finish_detail<'a>(
        _db: &'a DatabaseConnection,
        _caller: &'a Caller,
        _model: &'a ModelOf<Self>,
        _value: &'a mut serde_json::Value,
    ) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
}

/// The four standard endpoints of a resource, with their declared permissions.
pub fn endpoints<R: Resource>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(R::PROGRAM, kind));
    let upload_limit: usize = R::file_slots().iter().map(|s| s.max_bytes * s.max_count).sum();
    let mut all = read_endpoints::<R>();
    all.push(
        post(format!("/api/{}/jsonSave.do", R::PATH), perm(Kind::Write), format!("{} 저장 (등록/수정)", R::SUMMARY), save::<R>)
            .with_body_limit(upload_limit + JSON_LIMIT)
            .with_doc(|d| {
                d.body = Some(crate::api::route::schema_of::<R::Input>());
                d.files = R::file_slots().iter().map(|s| (s.part, !s.single())).collect();
            }),
    );
    all.push(delete_endpoint::<R>());
    all
}

/// The soft delete of a resource whose save is its own (an upload).
pub fn delete_endpoint<R: Resource>() -> Endpoint {
    post(format!("/api/{}/jsonDelete.do", R::PATH), Access::Permission(Permission::new(R::PROGRAM, Kind::Delete)), format!("{} 삭제", R::SUMMARY), delete::<R>)
}

/// What the mechanism checks of a definition before serving it: names a list request can tell
/// apart, a default sort it may answer, files it can name. A definition that fails stops the
/// server at start-up (and every test that builds the router).
pub fn check_definition<R: Resource>() {
    const PAGING: [&str; 4] = ["page", "pageSize", "sortField", "sortOrder"];
    let path = R::PATH;
    let filters: Vec<&str> = R::filters().iter().map(|f| f.name).collect();
    let sorts = R::sorts();
    for (i, name) in filters.iter().enumerate() {
        assert!(!PAGING.contains(name), "{path}: the filter {name} is a paging field");
        assert!(!filters[..i].contains(name), "{path}: two filters are named {name}");
    }
    let sort_names: Vec<&str> = sorts.iter().map(|(name, _)| *name).chain(R::sorts_beside().iter().map(|b| b.name)).collect();
    for (i, name) in sort_names.iter().enumerate() {
        assert!(!sort_names[..i].contains(name), "{path}: two sorts are named {name}");
    }
    let (default_sort, _) = R::default_sort();
    assert!(
        default_sort.as_str() == R::id_column().as_str() || sorts.iter().any(|(_, c)| c.as_str() == default_sort.as_str()),
        "{path}: the default sort {} is neither a whitelisted sort nor the id",
        default_sort.as_str()
    );
    let slots = R::file_slots();
    assert!(slots.is_empty() || !R::FILE_TYPE.is_empty(), "{path}: file slots without a FILE_TYPE to download them by");
    assert!(!R::FILES_REQUIRED || slots.iter().any(|s| !s.single()), "{path}: files required without a multi-file slot");
    assert!(!R::ID_FIELD.is_empty(), "{path}: no id field");
}

/// List and detail only, for resources nobody edits through the API (history).
pub fn read_endpoints<R: Resource>() -> Vec<Endpoint> {
    check_definition::<R>();
    let perm = |kind| Access::Permission(Permission::new(R::PROGRAM, kind));
    let filters = R::filters();
    let sorts = R::sorts();
    vec![
        post(format!("/api/{}/jsonList.do", R::PATH), perm(Kind::List), format!("{} 목록", R::SUMMARY), list::<R>)
            .with_doc(|d| d.body = Some(list_schema_beside(&filters, &sorts, &R::sorts_beside())))
            .reads(list_indexes::<R>()),
        post(format!("/api/{}/jsonDetail.do", R::PATH), perm(Kind::View), format!("{} 상세", R::SUMMARY), detail::<R>)
            .with_doc(|d| d.body = Some(id_schema(R::ID_FIELD, R::wire_id(1).is_string()))),
    ]
}

const JSON_LIMIT: usize = crate::input::JSON_BODY_LIMIT;

/// The indexes a resource's list reads in each whitelisted order, its default and its id.
pub fn list_indexes<R: Resource>() -> Vec<ListIndex> {
    let mut sorts: Vec<ColumnOf<R>> = R::sorts().into_iter().map(|(_, col)| col).collect();
    sorts.extend([R::default_sort().0, R::id_column()]);
    let covered: Vec<&str> = R::covered().iter().map(|c| c.as_str()).collect();
    let mut indexes: Vec<ListIndex> = sorts_indexes::<R::Entity>(&sorts, &R::pinned(), R::id_column()).into_iter().map(|i| i.covering(&covered)).collect();
    for filtered in R::covered() {
        let pinned: Vec<ColumnOf<R>> = R::pinned().into_iter().chain([filtered]).collect();
        let others: Vec<ColumnOf<R>> = sorts.iter().copied().filter(|c| c.as_str() != filtered.as_str()).collect();
        indexes.extend(sorts_indexes::<R::Entity>(&others, &pinned, R::id_column()));
    }
    indexes.extend(R::sorts_beside().iter().map(Beside::index));
    indexes
}

/// The indexes of a list of `E` in each sort of its whitelist (see [`sorts_indexes`]).
pub fn whitelist_indexes<E: EntityTrait>(sorts: Vec<(&'static str, E::Column)>, leading: &[E::Column], id: E::Column) -> Vec<ListIndex> {
    let cols: Vec<E::Column> = sorts.into_iter().map(|(_, col)| col).collect();
    sorts_indexes::<E>(&cols, leading, id)
}

/// The indexes of a list of `E` in each of `sorts`, after the columns its condition fixes
/// (`leading`: the soft-delete column, a month), by `id`. The primary key alone serves a list by
/// the id of a table whose condition fixes nothing.
pub fn sorts_indexes<E: EntityTrait>(sorts: &[E::Column], leading: &[E::Column], id: E::Column) -> Vec<ListIndex> {
    let table = E::default().table_name().to_string();
    let leading: Vec<&str> = leading.iter().map(|c| c.as_str()).collect();
    let key: Vec<String> = <E::PrimaryKey as Iterable>::iter().map(|k| k.into_column().as_str().to_string()).collect();
    sorts
        .iter()
        .filter(|col| {
            let index: Vec<&str> = leading.iter().copied().chain([col.as_str()]).collect();
            index != key
        })
        .map(|col| ListIndex::new(&table, &leading, col.as_str(), col.def().is_null(), id.as_str()))
        .collect()
}

/// A resource's [`Resource::related`], built once: a list's subqueries (a screen's nine) built for
/// each page were a fourteenth of its handler's time.
pub fn related_of<R: Resource>() -> std::sync::Arc<[Related]> {
    use std::any::TypeId;
    use std::collections::HashMap;
    use std::sync::{Arc, LazyLock, RwLock};
    static BUILT: LazyLock<RwLock<HashMap<TypeId, Arc<[Related]>>>> = LazyLock::new(Default::default);
    if let Some(related) = BUILT.read().expect("related lock").get(&TypeId::of::<R>()) {
        return related.clone();
    }
    BUILT.write().expect("related lock").entry(TypeId::of::<R>()).or_insert_with(|| R::related().into()).clone()
}

/// The rows a caller may see at all: live and inside scope.
pub fn visible<R: Resource>(caller: &Caller) -> sea_orm::Select<R::Entity> {
    let mut q = R::Entity::find();
    if let Some(base) = R::base() {
        q = q.filter(base);
    }
    if let Some(col) = R::deleted_at() {
        q = q.filter(col.is_null());
    }
    if let Some(scope) = R::scope(caller) {
        q = q.filter(scope);
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::entity::common_code::{ActiveModel, Column, Entity};

    /// A definition of the code table with what the test gives it.
    struct Codes<const SAME_FILTER: bool, const SORT_UNLISTED: bool>;

    impl<const SAME_FILTER: bool, const SORT_UNLISTED: bool> Resource for Codes<SAME_FILTER, SORT_UNLISTED> {
        type Entity = Entity;
        type Input = serde_json::Value;
        type Extra = ();
        const PATH: &'static str = "test/codes";
        const PROGRAM: &'static str = "system.code";
        const ID_FIELD: &'static str = "cdIdx";
        const SUMMARY: &'static str = "코드";

        fn filters() -> Vec<Filter<Column>> {
            let second = if SAME_FILTER { "cdKey" } else { "cdName" };
            vec![filter("cdKey", Column::CdKey, Match::Text), filter(second, Column::CdName, Match::Contains)]
        }
        fn sorts() -> Vec<(&'static str, Column)> {
            vec![("cdOrder", Column::CdOrder)]
        }
        fn default_sort() -> (Column, Order) {
            if SORT_UNLISTED { (Column::CdName, Order::Asc) } else { (Column::CdOrder, Order::Asc) }
        }
        fn input_id(_: &serde_json::Value) -> Option<i64> {
            None
        }
        fn build<'a>(
            _: &'a DatabaseTransaction,
            _: serde_json::Value,
            _: Option<&'a crate::db::entity::common_code::Model>,
            _: &'a SaveContext<'a>,
        ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
            Box::pin(async { Err(crate::error::ApiError::Forbidden) })
        }
    }

    #[test]
    fn a_sound_definition_passes_and_takes_the_defaults() {
        check_definition::<Codes<false, false>>();
        assert_eq!(Codes::<false, false>::id_column().as_str(), "cd_idx");
        assert_eq!(Codes::<false, false>::deleted_at().map(|c| c.as_str()), Some("deleted_at"));
    }

    #[test]
    #[should_panic(expected = "two filters are named cdKey")]
    fn two_filters_of_one_name_stop_the_server() {
        check_definition::<Codes<true, false>>();
    }

    #[test]
    #[should_panic(expected = "neither a whitelisted sort nor the id")]
    fn a_default_sort_outside_the_whitelist_stops_the_server() {
        check_definition::<Codes<false, true>>();
    }
}
