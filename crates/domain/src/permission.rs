//! Programs (screen families named by their route stem) and permission codes `"{program}:{kind}"`.
//! The catalogue below is the single list of programs; the seed data, the default authrole matrix
//! and every endpoint's declared permission all refer to it.

use crate::role::Role;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    List,
    Write,
    View,
    Update,
    Delete,
    Download,
    Other,
}

impl Kind {
    pub const ALL: [Kind; 7] = [Kind::List, Kind::Write, Kind::View, Kind::Update, Kind::Delete, Kind::Download, Kind::Other];
    /// Kinds that only read.
    pub const READ: [Kind; 3] = [Kind::List, Kind::View, Kind::Download];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::List => "list",
            Kind::Write => "write",
            Kind::View => "view",
            Kind::Update => "update",
            Kind::Delete => "delete",
            Kind::Download => "download",
            Kind::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    pub fn is_write(self) -> bool {
        matches!(self, Kind::Write | Kind::Update | Kind::Delete)
    }
}

/// Which platform a program belongs to (spec §6: ALL, PRO, SME).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Platform {
    #[serde(rename = "ALL")]
    All,
    #[serde(rename = "PRO")]
    Pro,
    #[serde(rename = "SME")]
    Sme,
}

impl Platform {
    pub fn as_str(self) -> &'static str {
        match self {
            Platform::All => "ALL",
            Platform::Pro => "PRO",
            Platform::Sme => "SME",
        }
    }
}

/// A permission: a program and a kind of access to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Permission {
    pub program: &'static str,
    pub kind: Kind,
}

impl Permission {
    pub const fn new(program: &'static str, kind: Kind) -> Self {
        Permission { program, kind }
    }
    pub fn code(&self) -> String {
        format!("{}:{}", self.program, self.kind.as_str())
    }
}

impl fmt::Display for Permission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.program, self.kind.as_str())
    }
}

/// Splits `"{program}:{kind}"`, refusing unknown programs and kinds.
pub fn parse_code(code: &str) -> Option<(&'static Program, Kind)> {
    let (program, kind) = code.rsplit_once(':')?;
    Some((program_by_code(program)?, Kind::parse(kind)?))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Program {
    pub code: &'static str,
    pub name: &'static str,
    /// The screen the program opens (its list screen, or its only screen).
    pub path: &'static str,
    pub platform: Platform,
}

const fn p(code: &'static str, name: &'static str, path: &'static str) -> Program {
    Program { code, name, path, platform: Platform::All }
}

/// Every program of the product, one per route stem of the spec (and of the areas the spec names
/// only by their calls: point, promotion, fee, settlement, dashboard).
pub const PROGRAMS: &[Program] = &[
    p("dashboard.main", "대시보드", "/"),
    p("system.menu", "메뉴 관리", "/system/menu/list"),
    p("system.notice", "공지사항", "/system/notice/list"),
    p("system.program", "프로그램 관리", "/system/program/list"),
    p("system.newsmng", "뉴스 제공사 관리", "/system/newsmng/list"),
    p("system.env", "환경변수 관리", "/system/env/list"),
    p("system.code", "공통코드 관리", "/system/code/list"),
    p("system.authrole", "역할별 권한 관리", "/system/authrole/auth"),
    p("system.history", "변경 이력", "/system/history/list"),
    p("media.poi", "사이트 관리", "/media/poi/list"),
    p("media.device", "디바이스 관리", "/media/device/list"),
    p("media.media", "매체 관리", "/media/media/list"),
    p("media.report", "매체 사용 현황", "/media/report/monthList"),
    p("media.mediagroup", "매체 그룹 관리", "/media/mediagroup/list"),
    p("media.player", "플레이어 관리", "/media/player/list"),
    p("media.operation", "운영 현황", "/media/operation/list"),
    p("account.corp", "사업자 관리", "/account/corp/list"),
    p("account.user", "사용자 관리", "/account/user/list"),
    p("account.userteam", "팀 관리", "/account/userteam/list"),
    p("account.usergroup", "계정 그룹 권한", "/account/usergroup/list"),
    p("account.advertiser", "광고주 관리", "/account/advertiser/list"),
    p("account.nodemanager", "위치 관리자", "/account/nodemanager/list"),
    p("account.mypage", "내 정보", "/account/mypage/view"),
    p("campaign.regist", "캠페인 등록", "/campaign/write/write"),
    p("campaign.temp", "임시저장 캠페인", "/campaign/temp/list"),
    p("campaign.request", "승인요청 캠페인", "/campaign/request/list"),
    p("campaign.run", "진행 캠페인", "/campaign/run/list"),
    p("campaign.end", "종료 캠페인", "/campaign/end/list"),
    p("campaign.material", "캠페인 소재", "/campaign/material/list"),
    p("content.content", "콘텐츠 관리", "/content/content/list"),
    p("content.contentNoti", "콘텐츠 하단 공지", "/content/contentNoti/list"),
    p("content.urgentMsg", "긴급 메시지", "/content/urgentMsg/list"),
    p("content.manager", "하단 콘텐츠 설정", "/content/manager/view"),
    p("content.material", "콘텐츠 소재", "/content/material/list"),
    p("schedule.schedule", "편성표", "/schedule/schedule/view"),
    p("schedule.new", "신규 편성", "/schedule/new/view"),
    p("cmpgphoto.cmpgphoto", "캠페인 사진 리포트", "/cmpgphoto/cmpgphoto/list"),
    p("board.adImage", "전체화면 게시판", "/board/adImage/list"),
    p("board.material", "동영상 게시판", "/board/material/list"),
    p("board.adMaterial", "광고 소재", "/board/adMaterial/list"),
    p("board.imgMaterial", "이미지 소재", "/board/imgMaterial/list"),
    p("board.image", "이미지 게시판", "/board/image/list"),
    p("board.qna", "Q&A", "/board/qna/list"),
    p("product.package", "상품 패키지", "/product/package/list"),
    p("product.product", "상품", "/product/product/list"),
    p("report.slot", "슬롯 운영 현황", "/report/slot/list"),
    p("report.temp", "가상 리포트", "/report/temp/list"),
    p("point.advertiser", "광고주 포인트", "/point/advertiser/list"),
    p("point.sales", "영업사 포인트", "/point/sales/list"),
    p("point.salesuser", "영업사원 포인트", "/point/salesuser/list"),
    p("promotion.biz", "프로모션 쿠폰", "/promotion/biz/list"),
    p("promotion.sent", "발송 내역", "/promotion/sent/list"),
    p("fee.media", "매체 수수료", "/settlement/fee/media/list"),
    p("fee.sales", "영업 수수료", "/settlement/fee/sales/list"),
    p("settlement.closing", "월 마감", "/settlement/closing/list"),
    p("settlement.media", "매체 정산", "/settlement/media/list"),
    p("settlement.sales", "영업 정산", "/settlement/sales/list"),
];

pub fn program_by_code(code: &str) -> Option<&'static Program> {
    PROGRAMS.iter().find(|p| p.code == code)
}

/// What the owner side (sales agents, advertisers) reads to write a campaign.
pub const OWNER_SIDE_READS: [&str; 3] = ["media.mediagroup", "product.package", "product.product"];

/// Programs operators only read: menus, programs, the authrole matrix and env are the managers'
/// to write, and closing or reopening a month is a manager's decision.
pub const MANAGER_ONLY_WRITES: [&str; 5] = ["system.menu", "system.program", "system.authrole", "system.env", "settlement.closing"];

/// The money programs (fees, settlement, promotions): databases seeded before their grants were
/// amended by a migration.
pub const MONEY_PROGRAMS: [&str; 7] =
    ["fee.media", "fee.sales", "settlement.closing", "settlement.media", "settlement.sales", "promotion.biz", "promotion.sent"];

/// The default permission set of a role: the seed of the authrole matrix (domain.md §1).
pub fn default_permissions(role: Role) -> Vec<Permission> {
    let mut out = Vec::new();
    let mut grant = |program: &'static str, kinds: &[Kind]| {
        debug_assert!(program_by_code(program).is_some(), "unknown program {program}");
        out.extend(kinds.iter().map(|k| Permission::new(program, *k)));
    };
    let all = &Kind::ALL[..];
    let read = &Kind::READ[..];
    let read_write = &[Kind::List, Kind::View, Kind::Download, Kind::Write, Kind::Update][..];
    // Everyone keeps their own account and the home dashboard.
    grant("account.mypage", &[Kind::View, Kind::Update]);
    grant("dashboard.main", read);
    let owner_side_campaigns = |grant: &mut dyn FnMut(&'static str, &[Kind])| {
        grant("campaign.regist", all);
        grant("campaign.temp", all);
        grant("campaign.request", &[Kind::List, Kind::View, Kind::Download, Kind::Write]);
        grant("campaign.run", &[Kind::List, Kind::View, Kind::Download, Kind::Other]);
        grant("campaign.end", read);
        // The owner side edits its materials; approving them (`other`) is the approvers'.
        grant("campaign.material", &[Kind::List, Kind::View, Kind::Download, Kind::Write, Kind::Update, Kind::Delete]);
        // Writing a campaign picks media groups and a package: reading them is part of selling.
        for program in OWNER_SIDE_READS {
            grant(program, &[Kind::List, Kind::View]);
        }
    };
    match role {
        Role::Manager => {
            for program in PROGRAMS {
                grant(program.code, all);
            }
        }
        Role::Operator => {
            for program in PROGRAMS {
                if MANAGER_ONLY_WRITES.contains(&program.code) {
                    grant(program.code, &[Kind::List, Kind::View, Kind::Download]);
                } else {
                    grant(program.code, all);
                }
            }
        }
        Role::AdSalesAgent | Role::SiteSalesAgent | Role::DistributorAgent => {
            owner_side_campaigns(&mut grant);
            grant("account.advertiser", read_write);
            grant("point.advertiser", read);
            grant("point.sales", read);
            grant("point.salesuser", read);
            // Proposals for their advertisers (a sales agent reads their corp's).
            grant("report.temp", all);
            // Their corp's sales fees (the rows are scoped to the corp).
            grant("settlement.sales", read);
        }
        Role::MediaAgent => {
            for program in ["media.poi", "media.device", "media.media", "media.mediagroup", "media.report", "media.operation"] {
                grant(program, all);
            }
            // Their corp's sites' settlement (the rows are scoped to the corp).
            grant("settlement.media", read);
        }
        Role::Advertiser => {
            owner_side_campaigns(&mut grant);
            grant("point.advertiser", read);
            grant("board.qna", all);
            grant("cmpgphoto.cmpgphoto", read);
        }
        Role::Installer => {
            grant("media.device", read_write);
            grant("media.media", read_write);
            grant("media.operation", read);
        }
        Role::SiteManager => {
            for program in ["board.adImage", "board.material", "board.adMaterial", "board.imgMaterial", "board.image", "board.qna"] {
                grant(program, all);
            }
            grant("content.contentNoti", all);
        }
        Role::VerificationVendor => {
            grant("cmpgphoto.cmpgphoto", all);
            grant("campaign.run", &[Kind::List, Kind::View]);
        }
    }
    out.sort_by(|a, b| (a.program, a.kind).cmp(&(b.program, b.kind)));
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn codes(role: Role) -> HashSet<String> {
        default_permissions(role).iter().map(Permission::code).collect()
    }

    #[test]
    fn program_codes_are_unique_and_follow_their_route() {
        let mut seen = HashSet::new();
        for program in PROGRAMS {
            assert!(seen.insert(program.code), "duplicate {}", program.code);
            assert!(program.path.starts_with('/'));
            let area = program.code.split('.').next().unwrap();
            if area != "dashboard" && area != "fee" {
                assert!(program.path.starts_with(&format!("/{area}/")), "{} vs {}", program.code, program.path);
            }
        }
    }

    #[test]
    fn parse_code_accepts_known_and_refuses_unknown() {
        let (program, kind) = parse_code("campaign.request:update").unwrap();
        assert_eq!((program.code, kind), ("campaign.request", Kind::Update));
        assert!(parse_code("campaign.request:approve").is_none());
        assert!(parse_code("nothing.here:list").is_none());
        assert!(parse_code("campaign.request").is_none());
        assert_eq!(Permission::new("system.code", Kind::Write).code(), "system.code:write");
    }

    #[test]
    fn manager_holds_every_permission() {
        assert_eq!(codes(Role::Manager).len(), PROGRAMS.len() * Kind::ALL.len());
    }

    #[test]
    fn operator_cannot_write_menus_programs_authrole_or_env() {
        let op = codes(Role::Operator);
        for program in ["system.menu", "system.program", "system.authrole", "system.env"] {
            assert!(op.contains(&format!("{program}:list")));
            for kind in ["write", "update", "delete"] {
                assert!(!op.contains(&format!("{program}:{kind}")), "{program}:{kind}");
            }
        }
        assert!(op.contains("system.code:write"));
        assert!(op.contains("campaign.request:update"));
    }

    #[test]
    fn only_approvers_can_approve_or_stop() {
        for role in Role::ALL {
            let set = codes(role);
            let approver = matches!(role, Role::Manager | Role::Operator);
            assert_eq!(set.contains("campaign.request:update"), approver, "{role:?}");
            assert_eq!(set.contains("campaign.run:update"), approver, "{role:?}");
            assert_eq!(set.contains("campaign.request:delete"), approver, "{role:?}");
            assert_eq!(set.contains("campaign.material:other"), approver, "{role:?} approves materials");
        }
    }

    #[test]
    fn roles_get_their_areas() {
        let table: &[(Role, &[&str], &[&str])] = &[
            (Role::AdSalesAgent, &["campaign.regist:write", "account.advertiser:write", "point.sales:list"], &["media.poi:list", "system.code:list"]),
            (Role::MediaAgent, &["media.poi:write", "media.operation:list", "media.report:download"], &["campaign.temp:list", "account.user:list"]),
            (Role::Advertiser, &["campaign.regist:write", "board.qna:write", "point.advertiser:list"], &["account.advertiser:list", "media.media:list"]),
            (Role::Installer, &["media.device:update", "media.operation:list"], &["media.device:delete", "campaign.run:list"]),
            (Role::SiteManager, &["board.image:write", "content.contentNoti:write"], &["content.content:list", "campaign.run:list"]),
            (Role::VerificationVendor, &["cmpgphoto.cmpgphoto:write", "campaign.run:list"], &["campaign.run:update", "account.corp:list"]),
            // Proposals are the sales side's: every sales role writes them, nobody else.
            (Role::DistributorAgent, &["report.temp:list", "report.temp:write", "report.temp:delete"], &["report.slot:list"]),
            (Role::SiteSalesAgent, &["report.temp:update"], &[]),
            (Role::MediaAgent, &[], &["report.temp:list"]),
            (Role::Advertiser, &[], &["report.temp:list"]),
        ];
        for (role, has, lacks) in table {
            let set = codes(*role);
            for code in *has {
                assert!(set.contains(*code), "{role:?} should hold {code}");
            }
            for code in *lacks {
                assert!(!set.contains(*code), "{role:?} should not hold {code}");
            }
        }
    }

    #[test]
    fn money_is_managed_by_managers_and_read_by_its_owners() {
        let (manager, operator) = (codes(Role::Manager), codes(Role::Operator));
        for program in MONEY_PROGRAMS {
            assert!(manager.contains(&format!("{program}:update")), "{program}");
            assert!(operator.contains(&format!("{program}:list")), "{program}");
        }
        assert!(!operator.contains("settlement.closing:update"), "closing and reopening are the managers'");
        assert!(operator.contains("settlement.closing:download") && operator.contains("fee.media:write") && operator.contains("promotion.sent:write"));
        for role in Role::ALL {
            let set = codes(role);
            let reads = |program: &str| Kind::READ.iter().all(|k| set.contains(&format!("{program}:{}", k.as_str())));
            let writes = |program: &str| ["write", "update", "delete"].iter().any(|k| set.contains(&format!("{program}:{k}")));
            let head_office = matches!(role, Role::Manager | Role::Operator);
            assert_eq!(reads("settlement.media"), head_office || role == Role::MediaAgent, "{role:?}");
            assert_eq!(reads("settlement.sales"), head_office || role.is_sales(), "{role:?}");
            assert_eq!(reads("settlement.closing"), head_office, "{role:?}");
            for program in ["fee.media", "fee.sales", "promotion.biz", "promotion.sent"] {
                assert_eq!(reads(program), head_office, "{role:?} {program}");
            }
            if !head_office {
                assert!(!MONEY_PROGRAMS.iter().any(|p| writes(p)), "{role:?} writes no money");
            }
        }
    }

    #[test]
    fn everyone_keeps_mypage_and_every_default_is_a_known_program() {
        for role in Role::ALL {
            let perms = default_permissions(role);
            assert!(perms.contains(&Permission::new("account.mypage", Kind::Update)));
            for perm in perms {
                assert!(parse_code(&perm.code()).is_some());
            }
        }
    }
}
