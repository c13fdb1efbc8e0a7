//! The Account area.

pub mod advertiser;
pub mod corp;
pub mod corp_rules;
pub mod credentials;
pub mod mypage;
pub mod nodemanager;
pub mod user;
pub mod usergroup;
pub mod userteam;
