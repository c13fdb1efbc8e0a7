//! Money: fee rates with their history, monthly settlement (months, their close and reopen history,
//! the stored rows per site, sales owner and campaign), biz coupons with their uses, and sent
//! promotions. Databases seeded before these grants get the money permissions of the current rules.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0008_money"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            // A media fee rate of a media owner corp, or of one of its sites (`poi_id`; 0 for the
            // corp's own rate), from a date on. Rates are hundredths of a percent.
            Table::create()
                .table("fee_media")
                .col(big_pk_auto("fee_idx"))
                .col(big_integer("c_id"))
                .col(big_integer("poi_id").default(0))
                .col(integer("rate"))
                .col(string_len("from_date", 10))
                // The corp's name when saved: what the list sorts by.
                .col(string_len("sort_c_name", 100).default(""))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .take(),
            // A sales fee rate of a sales corp, or of one of its users (`u_idx`; 0 for the corp's).
            Table::create()
                .table("fee_sales")
                .col(big_pk_auto("fee_idx"))
                .col(big_integer("c_id"))
                .col(big_integer("u_idx").default(0))
                .col(integer("rate"))
                .col(string_len("from_date", 10))
                .col(string_len("sort_c_name", 100).default(""))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .take(),
            // A month that was ever closed: 0 open, 1 closed; `closing` while its job runs.
            Table::create()
                .table("settlement_month")
                .col(string_len("month", 7).primary_key())
                .col(integer("status"))
                .col(boolean("closing").default(false))
                .col(integer("progress").default(0))
                .col(text_null("error"))
                .col(big_integer_null("job_id"))
                .col(big_integer("campaigns").default(0))
                .col(big_integer("revenue").default(0))
                .col(instant_null("closed_at"))
                .col(big_integer_null("closed_by"))
                .col(instant("updated_at"))
                .take(),
            Table::create()
                .table("settlement_log")
                .col(big_pk_auto("sl_idx"))
                .col(string_len("month", 7))
                // close, reopen
                .col(string_len("action", 10))
                .col(string_len_null("reason", 500))
                .col(big_integer_null("u_idx"))
                .col(big_integer("campaigns"))
                .col(big_integer("revenue"))
                .col(instant("created_at"))
                .take(),
            // The stored rows of a closed month.
            Table::create()
                .table("settlement_site")
                .col(string_len("month", 7))
                .col(big_integer("poi_id"))
                .col(big_integer("c_id"))
                .col(big_integer("screens"))
                .col(big_integer("revenue"))
                .col(integer("rate"))
                .col(big_integer("fee"))
                .primary_key(Index::create().col("month").col("poi_id"))
                .take(),
            Table::create()
                .table("settlement_sales")
                .col(string_len("month", 7))
                .col(big_integer("c_id"))
                // 0 on the corp's own row.
                .col(big_integer("u_idx"))
                .col(big_integer("revenue"))
                .col(integer("rate"))
                .col(big_integer("fee"))
                .primary_key(Index::create().col("month").col("c_id").col("u_idx"))
                .take(),
            Table::create()
                .table("settlement_campaign")
                .col(string_len("month", 7))
                .col(big_integer("cmpg_id"))
                .col(big_integer("live_days"))
                .col(big_integer("period_days"))
                .col(big_integer("supply"))
                .col(big_integer("revenue"))
                .primary_key(Index::create().col("month").col("cmpg_id"))
                .take(),
            Table::create()
                .table("coupon")
                .col(big_pk_auto("cp_idx"))
                .col(string_len("cp_nm", 100))
                // KRW, PCT
                .col(string_len("discount_type", 3))
                .col(big_integer("discount_value"))
                .col(string_len("from_date", 10))
                .col(string_len("to_date", 10))
                .col(integer("max_uses"))
                // Taken by a conditional update (`used < max_uses`) at a campaign's approval.
                .col(integer("used").default(0))
                .col(integer("cp_status"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            // One use per campaign, whatever happens to it after its approval.
            Table::create()
                .table("coupon_use")
                .col(big_integer("cmpg_id").primary_key())
                .col(big_integer("cp_idx"))
                .col(string_len("u_id", 100))
                .col(instant("created_at"))
                .take(),
            Table::create()
                .table("promotion_sent")
                .col(big_pk_auto("sp_idx"))
                .col(big_integer("cp_idx"))
                .col(big_integer("c_id"))
                .col(string_len("phone", 20))
                .col(string_len("message", 2000))
                // queued, sent, failed
                .col(string_len("status", 10))
                .col(instant_null("sent_at"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            // Two rates of one owner from the same day are one too many.
            unique("fee_media", &["c_id", "poi_id", "from_date"]),
            index("fee_media", &["poi_id", "from_date"]),
            index("fee_media", &["from_date"]),
            index("fee_media", &["sort_c_name"]),
            index("fee_media", &["rate"]),
            index("fee_media", &["created_at"]),
            unique("fee_sales", &["c_id", "u_idx", "from_date"]),
            index("fee_sales", &["u_idx", "from_date"]),
            index("fee_sales", &["from_date"]),
            index("fee_sales", &["sort_c_name"]),
            index("fee_sales", &["rate"]),
            index("fee_sales", &["created_at"]),
            index("settlement_month", &["status", "month"]),
            index("settlement_log", &["month", "sl_idx"]),
            index("settlement_site", &["month", "c_id"]),
            index("settlement_site", &["month", "revenue"]),
            index("settlement_site", &["month", "fee"]),
            index("settlement_site", &["month", "screens"]),
            index("settlement_sales", &["month", "u_idx"]),
            index("settlement_sales", &["month", "revenue"]),
            index("settlement_sales", &["month", "fee"]),
            index("settlement_campaign", &["month", "revenue"]),
            index("settlement_campaign", &["month", "live_days"]),
            index("settlement_campaign", &["cmpg_id"]),
            index("coupon", &["deleted_at", "cp_idx"]),
            index("coupon", &["deleted_at", "cp_nm"]),
            index("coupon", &["deleted_at", "cp_status", "from_date", "to_date"]),
            index("coupon", &["deleted_at", "from_date", "to_date"]),
            index("coupon", &["deleted_at", "discount_value"]),
            index("coupon", &["deleted_at", "used"]),
            index("coupon", &["deleted_at", "created_at"]),
            index("coupon_use", &["cp_idx"]),
            index("promotion_sent", &["cp_idx", "sp_idx"]),
            index("promotion_sent", &["c_id", "sp_idx"]),
            index("promotion_sent", &["status", "sp_idx"]),
            index("promotion_sent", &["created_at"]),
            // Settlement reads every stop and resume of a month's campaigns at once.
            index("campaign_history", &["action", "cmpg_id"]),
        ] {
            m.create_index(idx).await?;
        }
        amend_seeded_grants(m).await
    }
}

/// A database seeded before the money grants had its matrix: its roles get the money permissions
/// of the current rules, and operators no longer close or reopen months (an empty database is
/// seeded from the current rules after the migrations).
async fn amend_seeded_grants(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    use townboard_domain::permission::{MONEY_PROGRAMS, default_permissions};
    use townboard_domain::role::Role;
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
    m.exec_stmt(
        Query::delete()
            .from_table("role_permission")
            .and_where(Expr::col("role_cd").eq(Role::Operator.code()))
            .and_where(Expr::col("perm_code").is_in([
                "settlement.closing:write",
                "settlement.closing:update",
                "settlement.closing:delete",
                "settlement.closing:other",
            ]))
            .to_owned(),
    )
    .await?;
    for role in Role::ALL {
        for perm in default_permissions(role).into_iter().filter(|p| MONEY_PROGRAMS.contains(&p.program)) {
            m.exec_stmt(
                Query::insert()
                    .into_table("role_permission")
                    .columns(["role_cd", "perm_code"])
                    .values_panic([role.code().into(), perm.code().into()])
                    .on_conflict(OnConflict::columns(["role_cd", "perm_code"]).do_nothing().to_owned())
                    .to_owned(),
            )
            .await?;
        }
    }
    Ok(())
}
