//! The System area.

pub mod authrole;
pub mod code;
pub mod env;
pub mod history;
pub mod menu;
pub mod newsfeed;
pub mod newsmng;
pub mod notice;
pub mod program;
