//! Products and packages, campaigns with their targets, materials, history and change requests, the
//! slot inventory (per group and day, and what each campaign holds) and the point ledgers. Seeds
//! the default package `P000000003` with one product.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0005_campaigns"
    }
}

/// The default package of a new campaign and its one product (ids 3 and 1 on the wire
/// `P000000003`, `PR00000001`).
const DEFAULT_PACKAGE: i64 = 3;
const DEFAULT_PRODUCT: i64 = 1;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("product")
                .col(big_pk_auto("prd_id"))
                .col(string_len("prd_nm", 100))
                .col(integer("slot_type"))
                .col(integer("playtime"))
                .col(big_integer("unit_price"))
                .col(integer("platform"))
                .col(integer("prd_status"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("package")
                .col(big_pk_auto("pkg_id"))
                .col(string_len("pkg_nm", 100))
                .col(yn("price_gross_yn"))
                .col(integer("pkg_status"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("package_product")
                .col(big_integer("pkg_id"))
                .col(big_integer("prd_id"))
                .col(integer("qty").default(1))
                .primary_key(Index::create().col("pkg_id").col("prd_id"))
                .take(),
            Table::create()
                .table("campaign")
                .col(big_pk_auto("cmpg_id"))
                .col(string_len("cmpg_title", 200))
                .col(big_integer("advertiser_c_id"))
                .col(big_integer_null("agent_c_id"))
                .col(big_integer_null("sales_u_idx"))
                .col(integer("platform"))
                .col(big_integer_null("pkg_id"))
                .col(big_integer_null("prd_id"))
                // Dates as "YYYY-MM-DD": compared and sorted as text the same on both databases.
                .col(string_len_null("start_date", 10))
                .col(string_len_null("end_date", 10))
                .col(integer_null("slot_cnt"))
                .col(integer("schd_rate").default(100))
                .col(string_len_null("extra_type", 3))
                .col(big_integer_null("extra_value"))
                .col(big_integer_null("cp_idx"))
                .col(string_len("memo", 2000).default(""))
                .col(integer("cmpg_status"))
                // A cancel by the owner side shows as 120 (broadcast cancelled).
                .col(boolean("cancelled_by_owner").default(false))
                // The price as last saved or approved (null while it cannot be told).
                .col(yn("price_gross_yn"))
                .col(big_integer_null("days"))
                .col(big_integer_null("media_cnt"))
                .col(big_integer_null("unit_price"))
                .col(big_integer_null("base"))
                .col(big_integer_null("slot_discount"))
                .col(big_integer_null("period_discount"))
                .col(big_integer_null("net"))
                .col(big_integer_null("adjusted"))
                .col(big_integer_null("coupon"))
                .col(big_integer_null("supply"))
                .col(big_integer_null("vat"))
                .col(big_integer_null("total"))
                .col(big_integer_null("audience"))
                // Points the campaign paid and has not had back (prepaid corps).
                .col(big_integer("paid_points").default(0))
                .col(instant_null("requested_at"))
                .col(instant_null("approved_at"))
                .col(big_integer_null("approved_by"))
                .col(string_len_null("reject_reason", 500))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("campaign_target")
                .col(big_integer("cmpg_id"))
                .col(big_integer("mg_id"))
                .primary_key(Index::create().col("cmpg_id").col("mg_id"))
                .take(),
            Table::create()
                .table("campaign_material")
                .col(big_integer("cmpg_id"))
                .col(big_integer("mat_id"))
                .primary_key(Index::create().col("cmpg_id").col("mat_id"))
                .take(),
            Table::create()
                .table("campaign_history")
                .col(big_pk_auto("ch_idx"))
                .col(big_integer("cmpg_id"))
                .col(integer_null("from_status"))
                .col(integer("to_status"))
                .col(string_len("action", 20))
                .col(string_len_null("reason", 500))
                .col(string_len("u_id", 100))
                .col(instant("created_at"))
                .take(),
            Table::create()
                .table("campaign_change")
                .col(big_pk_auto("chg_idx"))
                .col(big_integer("cmpg_id"))
                .col(integer("write_type"))
                // 0 pending, 1 approved, 2 rejected
                .col(integer("chg_status"))
                // {targets?, materials?, endDate?}
                .col(text("payload"))
                .col(big_integer_null("price_diff"))
                .col(big_integer_null("refund"))
                .col(string_len_null("reason", 500))
                .col(string_len_null("reject_reason", 500))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant_null("decided_at"))
                .col(big_integer_null("decided_by"))
                .take(),
            // Half slots sold per group and day; a conditional update takes them, so the sum never
            // passes the capacity whatever the number of approvals at once.
            Table::create()
                .table("slot_use")
                .col(big_integer("mg_id"))
                .col(string_len("play_date", 10))
                .col(integer("used_units"))
                .col(integer("capacity_units"))
                .primary_key(Index::create().col("mg_id").col("play_date"))
                .take(),
            // What each campaign holds, so that a release gives back exactly what was taken.
            Table::create()
                .table("slot_hold")
                .col(big_integer("cmpg_id"))
                .col(big_integer("mg_id"))
                .col(string_len("play_date", 10))
                .col(integer("units"))
                .primary_key(Index::create().col("cmpg_id").col("mg_id").col("play_date"))
                .take(),
            Table::create()
                .table("point_balance")
                // advertiser (corp), sales (corp), salesuser (user)
                .col(string_len("owner_type", 10))
                .col(big_integer("owner_id"))
                .col(big_integer("balance"))
                .col(instant("updated_at"))
                .primary_key(Index::create().col("owner_type").col("owner_id"))
                .take(),
            Table::create()
                .table("point_ledger")
                .col(big_pk_auto("pt_idx"))
                .col(string_len("owner_type", 10))
                .col(big_integer("owner_id"))
                .col(string_len("pt_type", 10))
                .col(big_integer("amount"))
                .col(big_integer("balance"))
                // The business event an entry belongs to (none for manual entries).
                .col(string_len_null("ref_type", 20))
                .col(string_len_null("ref_id", 50))
                .col(string_len("memo", 500).default(""))
                .col(string_len("u_id", 100))
                .col(instant("created_at"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("product", &["deleted_at", "prd_id"]),
            index("product", &["deleted_at", "prd_nm"]),
            index("product", &["deleted_at", "slot_type"]),
            index("product", &["deleted_at", "platform"]),
            index("product", &["deleted_at", "prd_status"]),
            index("product", &["deleted_at", "created_at"]),
            index("package", &["deleted_at", "pkg_id"]),
            index("package", &["deleted_at", "pkg_nm"]),
            index("package", &["deleted_at", "pkg_status"]),
            index("package", &["deleted_at", "created_at"]),
            index("package_product", &["prd_id"]),
            index("campaign", &["deleted_at", "cmpg_id"]),
            index("campaign", &["deleted_at", "cmpg_status", "end_date"]),
            // Sorted by title, the list's status test is answered from the index itself.
            index("campaign", &["deleted_at", "cmpg_title", "cmpg_status", "end_date"]),
            index("campaign", &["deleted_at", "cmpg_status", "requested_at"]),
            index("campaign", &["deleted_at", "advertiser_c_id"]),
            index("campaign", &["deleted_at", "platform"]),
            index("campaign", &["deleted_at", "start_date"]),
            index("campaign", &["deleted_at", "end_date"]),
            index("campaign", &["deleted_at", "created_at"]),
            index("campaign", &["deleted_at", "requested_at"]),
            index("campaign", &["deleted_at", "approved_at"]),
            index("campaign", &["deleted_at", "created_by"]),
            index("campaign", &["deleted_at", "sales_u_idx"]),
            index("campaign", &["deleted_at", "agent_c_id"]),
            // The daily job: approved campaigns whose start came, live ones whose end passed.
            index("campaign", &["cmpg_status", "start_date"]),
            index("campaign_target", &["mg_id"]),
            index("campaign_material", &["mat_id"]),
            index("campaign_history", &["cmpg_id", "ch_idx"]),
            index("campaign_change", &["chg_status", "chg_idx"]),
            index("campaign_change", &["cmpg_id", "chg_idx"]),
            index("slot_hold", &["mg_id", "play_date"]),
            index("point_ledger", &["owner_type", "owner_id", "pt_idx"]),
            // Each business event is applied once.
            unique("point_ledger", &["owner_type", "owner_id", "ref_type", "ref_id", "pt_type"]),
        ] {
            m.create_index(idx).await?;
        }
        seed_default_package(m).await
    }
}

async fn seed_default_package(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    let now = chrono::Utc::now();
    m.exec_stmt(
        Query::insert()
            .into_table("product")
            .columns(["prd_id", "prd_nm", "slot_type", "playtime", "unit_price", "platform", "prd_status", "created_at", "updated_at"])
            .values_panic([
                DEFAULT_PRODUCT.into(),
                "15초 광고 (기본)".into(),
                1.into(),
                15.into(),
                300_000_i64.into(),
                1.into(),
                1.into(),
                now.into(),
                now.into(),
            ])
            .to_owned(),
    )
    .await?;
    m.exec_stmt(
        Query::insert()
            .into_table("package")
            .columns(["pkg_id", "pkg_nm", "price_gross_yn", "pkg_status", "created_at", "updated_at"])
            .values_panic([DEFAULT_PACKAGE.into(), "기본 패키지".into(), "N".into(), 1.into(), now.into(), now.into()])
            .to_owned(),
    )
    .await?;
    m.exec_stmt(
        Query::insert()
            .into_table("package_product")
            .columns(["pkg_id", "prd_id", "qty"])
            .values_panic([DEFAULT_PACKAGE.into(), DEFAULT_PRODUCT.into(), 1.into()])
            .to_owned(),
    )
    .await?;
    // Ids given by hand: the next product or package continues after them.
    crate::db::catch_up_sequences(m.get_connection(), &[("product", "prd_id"), ("package", "pkg_id")]).await?;
    Ok(())
}
