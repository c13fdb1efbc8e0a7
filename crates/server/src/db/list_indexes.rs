//! The indexes that read each list in each of its whitelisted orders. A list's endpoint declares
//! them (the generic mechanism from a resource's sorts, a list of its own by hand), and they are
//! made at start-up beside the migrations: a sort added to a whitelist brings its index with it.
//!
//! A list reads `WHERE <leading> = … ORDER BY <leading>, <sort>, <id>` (the soft-delete column
//! leads a list of soft-deleted rows: `deleted_at IS NULL` is its first condition and its first
//! order), so its index is those columns in that order: the page is the index's first entries
//! from the condition on, and the total counts that range of the index. A list whose condition
//! names more columns (a campaign list's statuses and dates) carries them after the id, so the
//! condition is checked in the index. A column a list filters by one value (a screen's status)
//! also leads a second index of each order after the soft-delete column, so a page of one status
//! is a range of that index however few rows hold it (but for an order every heartbeat writes). A
//! list index takes the place of any index
//! whose columns begin its own, from the sort on, which it serves as well.
//!
//! Empty values sort last in both orders (`crate::api::resource`). SQLite reads either from one
//! index. PostgreSQL reads `ASC NULLS LAST` forward and the reverse, `DESC NULLS FIRST`,
//! backward: a sort column that may be empty gets a second index there, in `DESC NULLS LAST`.

use sea_orm::{ConnectionTrait, DatabaseBackend, DbErr};
use std::collections::BTreeMap;

/// An index a list reads in one order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListIndex {
    pub table: String,
    /// Columns the list's condition fixes before its order: the soft-delete column, if any.
    pub leading: Vec<String>,
    pub sort: String,
    /// The sort column may be empty.
    pub nullable: bool,
    /// The tiebreaker (the id), unless the sort is the id.
    pub id: Option<String>,
    /// Columns of the list's own condition carried after the id, so that the condition is checked
    /// in the index as the page is read, not on each row.
    pub covering: Vec<String>,
}

impl ListIndex {
    pub fn new(table: &str, leading: &[&str], sort: &str, nullable: bool, id: &str) -> ListIndex {
        ListIndex {
            table: table.into(),
            leading: leading.iter().map(|c| c.to_string()).collect(),
            sort: sort.into(),
            nullable,
            id: (sort != id).then(|| id.to_string()),
            covering: vec![],
        }
    }

    /// The index carrying `cols` after the id (those it does not hold already).
    pub fn covering(mut self, cols: &[&str]) -> ListIndex {
        let held = |c: &str| self.leading.iter().any(|l| l == c) || self.sort == c || self.id.as_deref() == Some(c);
        self.covering = cols.iter().filter(|c| !held(c)).map(|c| c.to_string()).collect();
        self
    }

    fn columns(&self) -> Vec<&str> {
        let mut cols: Vec<&str> = self.leading.iter().map(String::as_str).collect();
        cols.push(&self.sort);
        cols.extend(self.id.as_deref());
        cols.extend(self.covering.iter().map(String::as_str));
        cols
    }

    /// The name the migrations give an index of these columns (`ix_<table>_<columns>`), shortened
    /// with a digest of the whole past PostgreSQL's 63 characters.
    fn name_of(table: &str, cols: &[&str], suffix: &str) -> String {
        let name = format!("ix_{table}_{}{suffix}", cols.join("_"));
        if name.len() <= 63 {
            return name;
        }
        let digest = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        format!("{}_{digest:016x}", &name[..46])
    }

    /// The statements that make this index on `backend`, and drop the one it replaces.
    fn statements(&self, backend: DatabaseBackend) -> Vec<String> {
        let cols = self.columns();
        let quoted = |cols: &[&str]| cols.iter().map(|c| format!(r#""{c}""#)).collect::<Vec<_>>().join(", ");
        let mut sql = vec![format!(r#"CREATE INDEX "{}" ON "{}" ({})"#, Self::name_of(&self.table, &cols, ""), self.table, quoted(&cols))];
        // An index whose columns begin this one's, from the sort on, serves nothing this one does not.
        for end in self.leading.len() + 1..cols.len() {
            sql.push(format!(r#"DROP INDEX IF EXISTS "{}""#, Self::name_of(&self.table, &cols[..end], "")));
        }
        if backend == DatabaseBackend::Postgres && self.nullable {
            let reversed: Vec<String> =
                cols.iter().map(|c| if *c == self.sort { format!(r#""{c}" DESC NULLS LAST"#) } else { format!(r#""{c}" DESC"#) }).collect();
            sql.push(format!(r#"CREATE INDEX "{}" ON "{}" ({})"#, Self::name_of(&self.table, &cols, "_nl"), self.table, reversed.join(", ")));
        }
        sql
    }
}

/// Makes every index in `indexes` that is not there yet and drops those they replace; then
/// gathers the planner's statistics of the tables that changed, so that it weighs the new indexes
/// by the rows they hold (without them SQLite takes an index it knows nothing of for a good one).
pub async fn ensure(db: &impl ConnectionTrait, indexes: impl IntoIterator<Item = ListIndex>) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let existing = existing(db).await?;
    let name = |sql: &str| sql.split('"').nth(1).unwrap_or_default().to_string();
    let (mut creates, mut drops) = (BTreeMap::new(), BTreeMap::new());
    for index in indexes {
        for sql in index.statements(backend) {
            let into = if sql.starts_with("CREATE") { &mut creates } else { &mut drops };
            into.insert(name(&sql), (index.table.clone(), sql));
        }
    }
    // Creations first: a drop never leaves a list without the index that replaces it.
    drops.retain(|name, _| existing.contains(name) && !creates.contains_key(name));
    creates.retain(|name, _| !existing.contains(name));
    let mut changed: Vec<String> = Vec::new();
    for (table, sql) in creates.values().chain(drops.values()) {
        // Processes starting together on one PostgreSQL may make the same index at once: the
        // loser of that race finds it made when it tries again.
        if db.execute_unprepared(sql).await.is_err() {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            db.execute_unprepared(&sql.replace("CREATE INDEX \"", "CREATE INDEX IF NOT EXISTS \"")).await?;
        }
        if !changed.contains(table) {
            changed.push(table.clone());
        }
    }
    for table in changed {
        db.execute_unprepared(&format!(r#"ANALYZE "{table}""#)).await?;
    }
    Ok(())
}

/// The names of the indexes the schema holds.
async fn existing(db: &impl ConnectionTrait) -> Result<std::collections::HashSet<String>, DbErr> {
    let sql = match db.get_database_backend() {
        DatabaseBackend::Postgres => "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()",
        _ => "SELECT name FROM sqlite_master WHERE type = 'index'",
    };
    let rows = db.query_all_raw(sea_orm::Statement::from_string(db.get_database_backend(), sql)).await?;
    rows.iter().map(|r| r.try_get_by_index::<String>(0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_index_leads_with_the_condition_and_ends_with_the_id() {
        let index = ListIndex::new("media", &["deleted_at"], "media_nm", false, "media_id");
        assert_eq!(
            index.statements(DatabaseBackend::Sqlite),
            vec![
                r#"CREATE INDEX "ix_media_deleted_at_media_nm_media_id" ON "media" ("deleted_at", "media_nm", "media_id")"#,
                r#"DROP INDEX IF EXISTS "ix_media_deleted_at_media_nm""#,
            ]
        );
    }

    #[test]
    fn a_covering_index_replaces_every_index_its_columns_begin_with() {
        let index = ListIndex::new("campaign", &["deleted_at"], "cmpg_title", false, "cmpg_id").covering(&["cmpg_status", "end_date"]);
        let sql = index.statements(DatabaseBackend::Sqlite);
        assert_eq!(
            sql[0],
            r#"CREATE INDEX "ix_campaign_deleted_at_cmpg_title_cmpg_id_cmpg_status_end_date" ON "campaign" ("deleted_at", "cmpg_title", "cmpg_id", "cmpg_status", "end_date")"#
        );
        let dropped: Vec<&str> = sql[1..].iter().map(|s| s.split('"').nth(1).unwrap()).collect();
        assert_eq!(
            dropped,
            ["ix_campaign_deleted_at_cmpg_title", "ix_campaign_deleted_at_cmpg_title_cmpg_id", "ix_campaign_deleted_at_cmpg_title_cmpg_id_cmpg_status"]
        );
    }

    #[test]
    fn by_the_id_alone_the_index_is_the_condition_and_the_id() {
        let index = ListIndex::new("media", &["deleted_at"], "media_id", false, "media_id");
        assert_eq!(index.statements(DatabaseBackend::Postgres), vec![r#"CREATE INDEX "ix_media_deleted_at_media_id" ON "media" ("deleted_at", "media_id")"#]);
    }

    #[test]
    fn an_empty_sort_column_gets_its_descending_index_on_postgres_only() {
        let index = ListIndex::new("media", &["deleted_at"], "last_heartbeat_at", true, "media_id");
        assert_eq!(index.statements(DatabaseBackend::Sqlite).len(), 2);
        let pg = index.statements(DatabaseBackend::Postgres);
        assert_eq!(
            pg[2],
            r#"CREATE INDEX "ix_media_deleted_at_last_heartbeat_at_media_id_nl" ON "media" ("deleted_at" DESC, "last_heartbeat_at" DESC NULLS LAST, "media_id" DESC)"#
        );
    }

    #[test]
    fn a_long_name_is_shortened_the_same_way_each_time() {
        let cols = ["deleted_at", "a_very_long_column_name_indeed", "another_long_column_name"];
        let name = ListIndex::name_of("some_table", &cols, "");
        assert!(name.len() <= 63, "{name}");
        assert_eq!(name, ListIndex::name_of("some_table", &cols, ""));
        assert_ne!(name, ListIndex::name_of("some_table", &cols, "_nl"));
    }
}
