//! Business roles (`roleCd`), carried by a corp and by each of its users.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum Role {
    Manager,
    Operator,
    AdSalesAgent,
    MediaAgent,
    SiteSalesAgent,
    Advertiser,
    Installer,
    SiteManager,
    VerificationVendor,
    DistributorAgent,
}

impl Role {
    pub const ALL: [Role; 10] = [
        Role::Manager,
        Role::Operator,
        Role::AdSalesAgent,
        Role::MediaAgent,
        Role::SiteSalesAgent,
        Role::Advertiser,
        Role::Installer,
        Role::SiteManager,
        Role::VerificationVendor,
        Role::DistributorAgent,
    ];

    pub fn code(self) -> i32 {
        10001 + Self::ALL.iter().position(|r| *r == self).unwrap_or(0) as i32
    }

    pub fn from_code(code: i32) -> Option<Role> {
        usize::try_from(code.checked_sub(10001)?).ok().and_then(|i| Self::ALL.get(i).copied())
    }

    pub fn name_ko(self) -> &'static str {
        match self {
            Role::Manager => "관리자",
            Role::Operator => "운영자",
            Role::AdSalesAgent => "광고영업 대행사",
            Role::MediaAgent => "매체관리 대행사",
            Role::SiteSalesAgent => "현장영업 대행사",
            Role::Advertiser => "광고주",
            Role::Installer => "설치기사",
            Role::SiteManager => "아파트 관리사무소",
            Role::VerificationVendor => "검수업체",
            Role::DistributorAgent => "총판 대행사",
        }
    }

    /// Managers and operators see every row; everyone else is limited by data scope.
    pub fn sees_all_rows(self) -> bool {
        matches!(self, Role::Manager | Role::Operator)
    }

    pub fn is_sales(self) -> bool {
        matches!(self, Role::AdSalesAgent | Role::SiteSalesAgent | Role::DistributorAgent)
    }
}

impl From<Role> for i32 {
    fn from(r: Role) -> i32 {
        r.code()
    }
}

impl TryFrom<i32> for Role {
    type Error = String;
    fn try_from(code: i32) -> Result<Self, Self::Error> {
        Role::from_code(code).ok_or_else(|| format!("unknown role {code}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_far_outside_the_table_are_no_role() {
        for code in [i32::MIN, -2_147_483_647, -1, 0, 10000, 10011, i32::MAX] {
            assert_eq!(Role::from_code(code), None, "{code}");
        }
    }

    #[test]
    fn codes_round_trip_and_match_the_spec() {
        let expected = [
            (10001, Role::Manager),
            (10002, Role::Operator),
            (10003, Role::AdSalesAgent),
            (10004, Role::MediaAgent),
            (10005, Role::SiteSalesAgent),
            (10006, Role::Advertiser),
            (10007, Role::Installer),
            (10008, Role::SiteManager),
            (10009, Role::VerificationVendor),
            (10010, Role::DistributorAgent),
        ];
        for (code, role) in expected {
            assert_eq!(role.code(), code);
            assert_eq!(Role::from_code(code), Some(role));
        }
        assert_eq!(Role::from_code(10000), None);
        assert_eq!(Role::from_code(10011), None);
        assert_eq!(Role::from_code(0), None);
    }

    #[test]
    fn only_manager_and_operator_see_all_rows() {
        let all: Vec<_> = Role::ALL.iter().filter(|r| r.sees_all_rows()).collect();
        assert_eq!(all, vec![&Role::Manager, &Role::Operator]);
    }

    #[test]
    fn sales_roles() {
        let sales: Vec<_> = Role::ALL.iter().filter(|r| r.is_sales()).map(|r| r.code()).collect();
        assert_eq!(sales, vec![10003, 10005, 10010]);
    }
}
