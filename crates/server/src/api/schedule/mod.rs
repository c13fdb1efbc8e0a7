//! The Schedule area: the loop plans of media groups.

pub mod plans;
