//! Proposals ("가상 리포트") with their target groups, the grants of the sales roles on them for
//! databases seeded earlier, and an index for the dashboards' occupancy of the coming days.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use townboard_domain::role::Role;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0009_reports"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("report_temp")
                .col(big_pk_auto("rt_idx"))
                .col(string_len("title", 100))
                .col(string_len("advertiser_name", 100))
                .col(big_integer("pkg_id"))
                .col(big_integer("prd_id"))
                .col(integer("slot_cnt"))
                .col(integer("schd_rate"))
                // Dates as "YYYY-MM-DD": compared and sorted as text the same on both databases.
                .col(string_len("start_date", 10))
                .col(string_len("end_date", 10))
                .col(string_len_null("extra_type", 3))
                .col(big_integer_null("extra_value"))
                .col(string_len("memo", 2000).default(""))
                .col(big_integer("media_cnt"))
                .col(big_integer("total"))
                .col(big_integer("c_id"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("report_temp_target")
                .col(big_integer("rt_idx"))
                .col(big_integer("mg_id"))
                .primary_key(Index::create().col("rt_idx").col("mg_id"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("report_temp", &["deleted_at", "rt_idx"]),
            // Sales people read their corp's proposals, newest first.
            index("report_temp", &["deleted_at", "c_id", "rt_idx"]),
            index("report_temp", &["deleted_at", "title"]),
            index("report_temp", &["deleted_at", "advertiser_name"]),
            index("report_temp", &["deleted_at", "start_date"]),
            index("report_temp", &["deleted_at", "end_date"]),
            index("report_temp", &["deleted_at", "total"]),
            index("report_temp", &["deleted_at", "created_at"]),
            // Dashboards sum the slots sold on the coming days over every group.
            index("slot_use", &["play_date", "mg_id", "used_units"]),
        ] {
            m.create_index(idx).await?;
        }
        // A database seeded before these grants had its matrix: amend it (an empty one is seeded
        // from the current rules after the migrations).
        let seeded = m
            .get_connection()
            .query_one(&Query::select().expr(Expr::col("prg_idx").count()).from("program").to_owned())
            .await?
            .and_then(|row| row.try_get_by_index::<i64>(0).ok())
            .unwrap_or(0)
            > 0;
        if !seeded {
            return Ok(());
        }
        // Sales people write proposals for their advertisers.
        for role in [Role::AdSalesAgent, Role::SiteSalesAgent, Role::DistributorAgent] {
            for kind in townboard_domain::permission::Kind::ALL {
                m.exec_stmt(
                    Query::insert()
                        .into_table("role_permission")
                        .columns(["role_cd", "perm_code"])
                        .values_panic([role.code().into(), format!("report.temp:{}", kind.as_str()).into()])
                        .on_conflict(OnConflict::columns(["role_cd", "perm_code"]).do_nothing().to_owned())
                        .to_owned(),
                )
                .await?;
            }
        }
        Ok(())
    }
}
