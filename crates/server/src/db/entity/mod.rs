//! SeaORM entities, one table a file. Wire names are the spec's camelCase names.

pub mod access_log;
pub mod common_code;
pub mod corp;
pub mod corp_person;
pub mod env;
pub mod history;
pub mod login_failure;
pub mod login_key;
pub mod login_nonce;
pub mod menu;
pub mod news_provider;
pub mod notice;
pub mod program;
pub mod region;
pub mod role_permission;
pub mod session;
pub mod sms_outbox;
pub mod stored_file;
pub mod user;
pub mod user_group;
pub mod user_group_permission;
pub mod user_team;
