//! The Reports area.

pub mod proposal_figures;
pub mod proposals;
pub mod slot;
