//! Promotions (domain.md §7): biz coupons for small-merchant advertisers, applied in a campaign's
//! price and counted once at its approval ([`coupon_rules`]), and promotion texts sent through the
//! SMS provider with what happened to each.

pub mod biz;
pub mod coupon_rules;
pub mod send;
pub mod sent;
pub mod usable;
