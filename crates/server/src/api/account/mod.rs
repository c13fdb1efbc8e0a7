//! The Account area.

pub mod mypage;
