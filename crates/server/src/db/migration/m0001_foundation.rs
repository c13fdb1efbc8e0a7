//! Accounts, permissions, menu, codes, env, sessions, login defence, history.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0001_foundation"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("corp")
                .col(big_pk_auto("c_id"))
                .col(big_integer_null("created_by"))
                .col(string_len("c_name", 100))
                .col(string_len("c_rep", 50))
                .col(string_len("c_biz_no", 10))
                .col(integer("c_status"))
                .col(integer("c_type"))
                .col(integer("c_pay_type"))
                .col(integer("role_cd"))
                .col(integer("platform").default(1))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("user_team")
                .col(big_pk_auto("team_id"))
                .col(string_len("team_nm", 100))
                .col(big_integer("c_id"))
                .col(instant("created_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("user_group")
                .col(big_pk_auto("group_id"))
                .col(string_len("group_nm", 100))
                .col(string_len("group_desc", 500).default(""))
                .col(instant("created_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("users")
                .col(big_pk_auto("u_idx"))
                .col(string_len("u_id", 50))
                .col(string_len("u_id_key", 50))
                .col(string_len("u_name", 50))
                .col(string_len("u_pw", 200))
                .col(big_integer("c_id"))
                .col(integer("role_cd"))
                .col(integer("u_status"))
                .col(yn("init_pwd_yn"))
                .col(integer("auth_type").default(1))
                .col(big_integer_null("team_id"))
                .col(big_integer_null("group_id"))
                .col(string_len("phone", 20).default(""))
                .col(string_len("email", 100).default(""))
                .col(yn("show_content_menu"))
                .col(yn("show_board_menu"))
                .col(yn("show_img_board"))
                .col(yn("show_mov_board"))
                .col(integer("platform").default(1))
                .col(instant_null("last_login_at"))
                .col(instant_null("last_access_at"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("user_group_permission")
                .col(big_integer("group_id"))
                .col(string_len("perm_code", 80))
                .primary_key(Index::create().col("group_id").col("perm_code"))
                .take(),
            Table::create()
                .table("role_permission")
                .col(integer("role_cd"))
                .col(string_len("perm_code", 80))
                .primary_key(Index::create().col("role_cd").col("perm_code"))
                .take(),
            Table::create()
                .table("program")
                .col(big_pk_auto("prg_idx"))
                .col(string_len("prg_code", 60))
                .col(string_len("prg_name", 100))
                .col(string_len("prg_path", 200))
                .col(string_len("platform", 3))
                .col(string_len("prg_kinds", 100))
                .col(integer("sort_order"))
                .take(),
            Table::create()
                .table("menu")
                .col(big_pk_auto("mn_id"))
                .col(big_integer_null("parent_id"))
                .col(string_len("mn_name", 100))
                .col(string_len("mn_dir", 200))
                .col(string_len("link", 200))
                .col(string_len_null("prg_code", 60))
                .col(string_len("mn_icon", 100).default(""))
                .col(integer("sort_order"))
                .col(yn("use_yn"))
                .take(),
            Table::create()
                .table("common_code")
                .col(big_pk_auto("cd_idx"))
                .col(string_len("cd_key", 50))
                .col(string_len("cd_dist", 100))
                .col(string_len("cd_code", 50))
                .col(string_len("cd_name", 100))
                .col(string_len("cd_detail", 500).default(""))
                .col(integer("cd_order").default(0))
                .col(yn("use_yn"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("env")
                .col(big_pk_auto("env_idx"))
                .col(string_len("env_key", 100))
                .col(string_len("env_value", 2000))
                .col(string_len("env_desc", 500).default(""))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("session")
                .col(string_len("id", 64).primary_key())
                .col(big_integer_null("u_idx"))
                .col(text("data"))
                .col(instant("created_at"))
                .col(instant("last_access_at"))
                .take(),
            Table::create()
                .table("login_failure")
                .col(string_len("u_id_key", 50).primary_key())
                .col(integer("fail_cnt"))
                .col(instant("last_failed_at"))
                .col(instant_null("locked_at"))
                .take(),
            Table::create().table("login_nonce").col(string_len("digest", 64).primary_key()).col(instant("created_at")).take(),
            Table::create().table("login_key").col(string_len("key_id", 40).primary_key()).col(text("private_der")).col(instant("created_at")).take(),
            Table::create()
                .table("sms_outbox")
                .col(big_pk_auto("id"))
                .col(string_len("phone", 20))
                .col(string_len("body", 500))
                .col(instant("created_at"))
                .take(),
            Table::create()
                .table("history")
                .col(big_pk_auto("h_idx"))
                .col(string_len("target", 60))
                .col(string_len("target_id", 60))
                .col(string_len("action", 30))
                .col(string_len("u_id", 50))
                .col(instant("created_at"))
                .col(text_null("before"))
                .col(text_null("after"))
                .take(),
            Table::create().table("access_log").col(big_pk_auto("id")).col(big_integer("u_idx")).col(string_len("path", 300)).col(instant("created_at")).take(),
            Table::create()
                .table("region")
                .col(string_len("rgn_cd", 10).primary_key())
                .col(string_len("rgn_nm", 50))
                .col(string_len_null("parent_cd", 10))
                .col(integer("level"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        let indexes = [
            index("corp", &["deleted_at", "c_biz_no"]),
            index("corp", &["deleted_at", "c_name"]),
            index("corp", &["deleted_at", "role_cd", "c_status"]),
            index("corp", &["deleted_at", "created_at"]),
            index("corp", &["deleted_at", "created_by"]),
            unique("program", &["prg_code"]),
            unique("users", &["u_id_key"]),
            index("users", &["deleted_at", "c_id"]),
            index("users", &["deleted_at", "team_id"]),
            index("users", &["deleted_at", "u_name"]),
            index("users", &["deleted_at", "role_cd", "u_status"]),
            index("users", &["deleted_at", "created_at"]),
            index("user_team", &["deleted_at", "c_id"]),
            index("menu", &["parent_id", "sort_order"]),
            index("common_code", &["deleted_at", "cd_key", "cd_order"]),
            index("common_code", &["deleted_at", "cd_key", "cd_code"]),
            index("common_code", &["deleted_at", "cd_name"]),
            index("common_code", &["deleted_at", "updated_at"]),
            index("env", &["deleted_at", "env_key"]),
            index("env", &["deleted_at", "updated_at"]),
            index("session", &["u_idx"]),
            index("session", &["last_access_at"]),
            index("login_nonce", &["created_at"]),
            index("history", &["target", "target_id"]),
            index("history", &["u_id"]),
            index("history", &["created_at"]),
            index("access_log", &["u_idx", "created_at"]),
            index("region", &["parent_cd"]),
        ];
        for idx in indexes {
            m.create_index(idx).await?;
        }
        Ok(())
    }
}
