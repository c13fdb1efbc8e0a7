//! The System area.

pub mod code;
pub mod env;
pub mod menu;
