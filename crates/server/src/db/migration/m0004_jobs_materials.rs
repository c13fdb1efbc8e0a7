//! The job queue every background task runs on, and materials (campaign, house and board ads) with
//! their renditions. Owner-side roles lose the material approval permission they were seeded with.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0004_jobs_materials"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("job")
                .col(big_pk_auto("job_id"))
                .col(string_len("kind", 40))
                .col(text("payload"))
                // queued, running, done, failed
                .col(string_len("state", 10))
                .col(integer("attempts").default(0))
                .col(integer("max_attempts"))
                .col(instant("run_after"))
                .col(instant_null("lease_until"))
                .col(string_len_null("leased_by", 64))
                .col(text_null("last_error"))
                // Periodic jobs carry their period ("status_sweep:2026-11-23T10:01"): enqueued once
                // however many processes ask.
                .col(string_len_null("unique_key", 100))
                .col(integer("progress").default(0))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("done_at"))
                .take(),
            Table::create()
                .table("material")
                .col(big_pk_auto("mat_id"))
                // campaign (advertisers' ads), content (house ads and content), board (board posts)
                .col(string_len("mat_kind", 10))
                .col(string_len("mat_name", 100))
                .col(big_integer_null("advertiser_c_id"))
                .col(integer("slot_type"))
                .col(integer("template_type"))
                .col(integer("mat_playtime"))
                .col(string_len("mat_type", 10))
                .col(integer("mat_status"))
                .col(integer("encoding_status"))
                .col(text_null("encoding_error"))
                .col(string_len_null("reject_reason", 500))
                .col(integer("width"))
                .col(integer("height"))
                .col(big_integer("duration_ms"))
                .col(big_integer("file_size"))
                .col(string_len("file_name", 200))
                .col(string_len("source_name", 64))
                .col(string_len("source_type", 50))
                .col(big_integer_null("created_by"))
                .col(big_integer_null("approved_by"))
                .col(instant_null("approved_at"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("material_file")
                .col(big_integer("mat_id"))
                // sd, hd, fhd, poster, thumb
                .col(string_len("rendition", 10))
                .col(string_len("stored_name", 64))
                .col(string_len("content_type", 50))
                .col(integer("width"))
                .col(integer("height"))
                .col(big_integer("bytes"))
                .col(big_integer("duration_ms"))
                .primary_key(Index::create().col("mat_id").col("rendition"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("job", &["state", "run_after"]),
            index("job", &["kind", "state"]),
            unique("job", &["unique_key"]),
            index("material", &["deleted_at", "mat_kind", "mat_id"]),
            index("material", &["deleted_at", "mat_kind", "mat_name"]),
            index("material", &["deleted_at", "mat_kind", "advertiser_c_id"]),
            index("material", &["deleted_at", "mat_kind", "mat_status"]),
            index("material", &["deleted_at", "mat_kind", "encoding_status"]),
            index("material", &["deleted_at", "mat_kind", "template_type"]),
            index("material", &["deleted_at", "mat_kind", "created_at"]),
            index("material", &["deleted_at", "created_by"]),
            // Heartbeats ask which screens have commands waiting.
            index("media_command", &["status", "media_id"]),
        ] {
            m.create_index(idx).await?;
        }
        // A database seeded before these rules had its matrix: amend it (an empty one is seeded
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
        // Approving materials is the approvers' (domain.md §1): the owner side edits with `update`.
        let owner_side = [10003, 10005, 10006, 10010];
        m.exec_stmt(
            Query::delete()
                .from_table("role_permission")
                .and_where(Expr::col("perm_code").eq("campaign.material:other"))
                .and_where(Expr::col("role_cd").is_in(owner_side))
                .to_owned(),
        )
        .await?;
        // ... and reads the media groups and packages a campaign is written with.
        for role in owner_side {
            for program in townboard_domain::permission::OWNER_SIDE_READS {
                for kind in ["list", "view"] {
                    m.exec_stmt(
                        Query::insert()
                            .into_table("role_permission")
                            .columns(["role_cd", "perm_code"])
                            .values_panic([role.into(), format!("{program}:{kind}").into()])
                            .on_conflict(OnConflict::columns(["role_cd", "perm_code"]).do_nothing().to_owned())
                            .to_owned(),
                    )
                    .await?;
                }
            }
        }
        Ok(())
    }
}
