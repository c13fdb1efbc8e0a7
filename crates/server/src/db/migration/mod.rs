//! Schema migrations, written once with sea-query builders for SQLite and PostgreSQL.

use sea_orm_migration::prelude::*;

mod columns;
mod m0001_foundation;
mod m0002_notices_files_contacts;
mod m0003_media;
mod m0004_jobs_materials;
mod m0005_campaigns;
mod m0006_schedules;
mod m0007_content;
mod m0008_money;
mod m0009_reports;
mod m0010_boards;
mod m0011_login_rate;
mod m0012_request_title;
mod m0013_title_then_id;
mod m0014_push;
mod m0015_list_reads;
mod m0016_pop_pending;
mod m0017_channel_heard;
mod m0018_media_beat;

pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_foundation::Migration),
            Box::new(m0002_notices_files_contacts::Migration),
            Box::new(m0003_media::Migration),
            Box::new(m0004_jobs_materials::Migration),
            Box::new(m0005_campaigns::Migration),
            Box::new(m0006_schedules::Migration),
            Box::new(m0007_content::Migration),
            Box::new(m0008_money::Migration),
            Box::new(m0009_reports::Migration),
            Box::new(m0010_boards::Migration),
            Box::new(m0011_login_rate::Migration),
            Box::new(m0012_request_title::Migration),
            Box::new(m0013_title_then_id::Migration),
            Box::new(m0014_push::Migration),
            Box::new(m0015_list_reads::Migration),
            Box::new(m0016_pop_pending::Migration),
            Box::new(m0017_channel_heard::Migration),
            Box::new(m0018_media_beat::Migration),
        ]
    }
}
