//! Whose points a point program shows: advertiser corps, sales corps or sales users.

use crate::points::Owner;

pub trait PointOwner: Send + Sync + 'static {
    /// `{area}/{resource}` of the paths.
    const PATH: &'static str;
    const PROGRAM: &'static str;
    const SUMMARY: &'static str;
    fn owner(id: i64) -> Owner;
}

pub struct Advertisers;
pub struct SalesCorps;
pub struct SalesUsers;

impl PointOwner for Advertisers {
    const PATH: &'static str = "point/advertiser";
    const PROGRAM: &'static str = "point.advertiser";
    const SUMMARY: &'static str = "광고주 포인트";
    fn owner(id: i64) -> Owner {
        Owner::Advertiser(id)
    }
}

impl PointOwner for SalesCorps {
    const PATH: &'static str = "point/sales";
    const PROGRAM: &'static str = "point.sales";
    const SUMMARY: &'static str = "영업사 포인트";
    fn owner(id: i64) -> Owner {
        Owner::Sales(id)
    }
}

impl PointOwner for SalesUsers {
    const PATH: &'static str = "point/salesuser";
    const PROGRAM: &'static str = "point.salesuser";
    const SUMMARY: &'static str = "영업사원 포인트";
    fn owner(id: i64) -> Owner {
        Owner::SalesUser(id)
    }
}

/// The roles of sales corps and their users.
pub const SALES_ROLES: [i32; 3] = [10003, 10005, 10010];
