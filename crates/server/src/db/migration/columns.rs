//! Column and index shapes shared by the migrations.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

/// A point in time (timestamptz on PostgreSQL).
pub fn instant(col: &'static str) -> ColumnDef {
    timestamp_with_time_zone(col)
}

pub fn instant_null(col: &'static str) -> ColumnDef {
    timestamp_with_time_zone_null(col)
}

/// A `Y`/`N` flag, `N` by default.
pub fn yn(col: &'static str) -> ColumnDef {
    string_len(col, 1).default("N").take()
}

/// An index over `cols` named after the table and columns. Lists of soft-deleted rows filter on
/// `deleted_at IS NULL`, so their indexes lead with `deleted_at`: the filter, the sort and the
/// count then come from the index alone.
pub fn index(table: &'static str, cols: &[&'static str]) -> IndexCreateStatement {
    let mut idx = Index::create();
    idx.name(format!("ix_{}_{}", table, cols.join("_"))).table(table);
    for col in cols {
        idx.col(*col);
    }
    idx.take()
}

pub fn unique(table: &'static str, cols: &[&'static str]) -> IndexCreateStatement {
    let mut idx = index(table, cols);
    idx.name(format!("ux_{}_{}", table, cols.join("_"))).unique();
    idx
}
