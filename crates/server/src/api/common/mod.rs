//! Calls shared by every area: file downloads and the lookups behind the search popups.

pub mod file;
pub mod lookups;
