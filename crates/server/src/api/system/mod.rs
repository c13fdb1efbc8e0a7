//! The System area.

pub mod authrole;
pub mod code;
pub mod env;
pub mod history;
pub mod menu;
pub mod news_providers;
pub mod newsfeed;
pub mod notice;
pub mod program;
