//! Schema migrations, written once with sea-query builders for SQLite and PostgreSQL.

use sea_orm_migration::prelude::*;

mod columns;
mod m0001_foundation;
mod m0002_notices_files_contacts;
mod m0003_media;

pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(m0001_foundation::Migration), Box::new(m0002_notices_files_contacts::Migration), Box::new(m0003_media::Migration)]
    }
}
