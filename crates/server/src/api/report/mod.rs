//! The Reports area.

pub mod proposal;
pub mod slot;
pub mod temp;
