//! The Product area: products and the packages they are sold in.

pub mod packages;
pub mod products;
