//! The Media area: sites, devices, screens, groups, players, operation status and usage reports.

pub mod device;
pub mod mediagroup;
pub mod operation;
pub mod player;
pub mod poi;
pub mod report;
pub mod screen;
