//! Every code list of the spec as a common-code group (`cdKey`), so the browser reads labels
//! from `system/code/jsonCodeKey.do` and the server validates codes against the same table.

pub struct CodeGroup {
    pub key: &'static str,
    pub name: &'static str,
    pub items: &'static [(&'static str, &'static str)],
}

const fn g(key: &'static str, name: &'static str, items: &'static [(&'static str, &'static str)]) -> CodeGroup {
    CodeGroup { key, name, items }
}

pub const CODE_GROUPS: &[CodeGroup] = &[
    g("USE_YN", "사용 여부", &[("Y", "사용"), ("N", "미사용")]),
    g("YN", "예/아니오", &[("Y", "예"), ("N", "아니오")]),
    g(
        "ROLE_CD",
        "역할",
        &[
            ("10001", "관리자"),
            ("10002", "운영자"),
            ("10003", "광고영업 대행사"),
            ("10004", "매체관리 대행사"),
            ("10005", "현장영업 대행사"),
            ("10006", "광고주"),
            ("10007", "설치기사"),
            ("10008", "아파트 관리사무소"),
            ("10009", "검수업체"),
            ("10010", "총판 대행사"),
        ],
    ),
    g(
        "CMPG_STATUS",
        "캠페인 상태",
        &[
            ("0", "삭제"),
            ("3", "임시저장"),
            ("21", "승인요청"),
            ("24", "반려"),
            ("27", "재요청"),
            ("30", "승인"),
            ("40", "승인취소"),
            ("50", "방송중"),
            ("60", "중도중지"),
            ("99", "정상종료"),
            ("100", "방송대기"),
            ("110", "종료예정"),
            ("120", "방송취소"),
        ],
    ),
    g("CMPG_WRITE_TYPE", "캠페인 작성 유형", &[("0", "신규"), ("1", "대상 변경"), ("2", "소재 변경"), ("3", "중도 해지")]),
    g("MG_STATUS", "매체그룹 상태", &[("0", "운영"), ("1", "중지"), ("2", "철거"), ("3", "철거예정"), ("-1", "알수없음")]),
    g("CORP_STATUS", "사업자 상태", &[("0", "요청"), ("1", "승인"), ("2", "중지"), ("5", "반려")]),
    g("USER_STATUS", "사용자 상태", &[("0", "요청"), ("1", "승인"), ("2", "중지"), ("5", "반려"), ("50", "휴면")]),
    g("CORP_TYPE", "사업자 유형", &[("1", "일반"), ("2", "소상공인")]),
    g("PAY_TYPE", "결제 유형", &[("1", "선불"), ("2", "후불")]),
    g("AUTH_TYPE", "팀 권한 유형", &[("1", "본인 정보"), ("2", "팀 정보"), ("3", "회사 정보")]),
    g(
        "PRG_KIND",
        "프로그램 권한 종류",
        &[("list", "목록"), ("write", "등록"), ("view", "조회"), ("update", "수정"), ("delete", "삭제"), ("download", "다운로드"), ("other", "기타")],
    ),
    g("PLATFORM_ACCESS", "플랫폼 접근 유형", &[("ALL", "전체"), ("PRO", "PRO"), ("SME", "SME")]),
    g("PLATFORM", "플랫폼", &[("1", "PRO"), ("2", "SME")]),
    g("MAT_STATUS", "소재 상태", &[("0", "요청"), ("1", "승인"), ("2", "반려")]),
    g("ENC_STATUS", "인코딩 상태", &[("0", "미완료"), ("1", "완료"), ("2", "인코딩중"), ("3", "실패")]),
    g("QNA_STATUS", "Q&A 상태", &[("0", "답변대기"), ("1", "답변완료")]),
    g("MEDIA_STATUS", "매체 상태", &[("0", "정상"), ("1", "꺼짐"), ("2", "이상감지"), ("3", "비정상"), ("4", "장애")]),
    g("DEVICE_STATUS", "디바이스 상태", &[("0", "대기"), ("1", "사용중"), ("2", "중지")]),
    g("POI_STATUS", "사이트 상태", &[("0", "대기"), ("1", "운영중"), ("2", "중지")]),
    g("BOARD_AD_STATUS", "게시판 광고 상태", &[("0", "대기"), ("1", "진행중"), ("90", "중지"), ("99", "종료")]),
    g("NOTI_TIME_STATUS", "공지 기간 상태", &[("0", "진행중"), ("1", "예정"), ("2", "종료")]),
    g("VIDEO_TYPE", "영상 파일 유형", &[("sd", "SD"), ("hd", "HD"), ("fhd", "FHD"), ("poster", "포스터"), ("thumb", "썸네일")]),
    g("MAT_PLAYTIME", "소재 재생 시간", &[("15", "15초"), ("30", "30초")]),
    g("DURATION", "노출 시간", &[("15", "15초"), ("30", "30초"), ("60", "60초"), ("300", "300초")]),
    g(
        "TEMPLATE_TYPE",
        "템플릿 유형",
        &[
            ("0", "디스플레이 2560 (V, 1080x2560)"),
            ("1", "디스플레이 1750 분할"),
            ("2", "디스플레이 1920 (B, 1080x1920)"),
            ("3", "디스플레이 2480 (A, 1080x2480)"),
            ("4", "가로형 1920 (H, 2560x1080)"),
        ],
    ),
    g(
        "LAYOUT_CODE",
        "레이아웃 코드",
        &[
            ("104", "단독"),
            ("100", "단독 A"),
            ("101", "단독 B"),
            ("102", "단독 C"),
            ("105", "단독 D"),
            ("214", "상단"),
            ("210", "상단 A"),
            ("211", "상단 B"),
            ("212", "상단 C"),
            ("224", "중단"),
            ("220", "중단 A"),
            ("221", "중단 B"),
            ("222", "중단 C"),
            ("234", "하단"),
            ("230", "하단 A"),
            ("231", "하단 B"),
            ("232", "하단 C"),
            ("244", "상하단"),
            ("240", "상하단 A"),
            ("241", "상하단 B"),
            ("242", "상하단 C"),
        ],
    ),
    g("SCHD_RATE", "편성 비율", &[("100", "기본"), ("50", "절반")]),
    g("SCHD_GROUP", "편성 그룹", &[("0", "A"), ("1", "B"), ("2", "C"), ("3", "D")]),
    g("BOARD_SLOT_CNT", "게시판 슬롯 수", &[("0", "0"), ("2", "2"), ("4", "4"), ("8", "8")]),
    g("MG_LAYOUT", "매체그룹 레이아웃", &[("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"), ("6", "6")]),
    g("DEVICE_SIZE", "디바이스 크기", &[("25", "25인치"), ("50", "50인치"), ("55", "55인치")]),
    g("RESOLUTION", "해상도", &[("HD", "HD"), ("FHD", "FHD"), ("UHD", "UHD"), ("SHD", "SHD"), ("ETC", "기타")]),
    g("SLOT_TYPE", "슬롯 유형", &[("1", "광고"), ("2", "자체광고"), ("3", "콘텐츠"), ("4", "공지")]),
    g("CONTENT_TYPE", "콘텐츠 유형", &[("10", "이미지"), ("20", "동영상"), ("30", "텍스트")]),
    g("INDUSTRY_DEPTH", "업종 코드 단계", &[("1", "1단계"), ("2", "2단계"), ("3", "3단계"), ("4", "4단계"), ("5", "5단계")]),
    g("POINT_DIST_TYPE", "포인트 배분 유형", &[("D", "배분"), ("C", "회수")]),
    g("POINT_USE_TYPE", "포인트 사용 유형", &[("S", "적립"), ("U", "사용")]),
    g("EXTRA_TYPE", "추가 할인/할증 단위", &[("KRW", "원"), ("PCT", "%")]),
    g("PRD_STATUS", "상품 상태", &[("0", "판매중지"), ("1", "판매중")]),
    g("PKG_STATUS", "패키지 상태", &[("0", "판매중지"), ("1", "판매중")]),
    g("CP_STATUS", "쿠폰 상태", &[("1", "사용"), ("0", "중지")]),
    g("POINT_TYPE", "포인트 유형", &[("distribute", "배분"), ("collect", "회수"), ("save", "적립"), ("use", "사용")]),
    g("OS_TYPE", "OS 유형", &[("AND", "안드로이드"), ("WIN", "윈도우"), ("LNX", "리눅스")]),
    g("PLY_TYPE", "플레이어 유형", &[("MAIN", "메인 플레이어"), ("LAUNCHER", "런처")]),
];

pub fn group(key: &str) -> Option<&'static CodeGroup> {
    CODE_GROUPS.iter().find(|g| g.key == key)
}

/// Whether `code` belongs to the group `key` of the seed lists.
pub fn is_code(key: &str, code: &str) -> bool {
    group(key).is_some_and(|g| g.items.iter().any(|(c, _)| *c == code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::role::Role;
    use std::collections::HashSet;

    #[test]
    fn keys_and_codes_are_unique() {
        let mut keys = HashSet::new();
        for group in CODE_GROUPS {
            assert!(keys.insert(group.key), "duplicate key {}", group.key);
            let mut codes = HashSet::new();
            for (code, name) in group.items {
                assert!(codes.insert(code), "duplicate {} in {}", code, group.key);
                assert!(!name.is_empty());
            }
        }
    }

    #[test]
    fn roles_match_the_role_enum() {
        let roles = group("ROLE_CD").unwrap();
        assert_eq!(roles.items.len(), Role::ALL.len());
        for role in Role::ALL {
            assert!(is_code("ROLE_CD", &role.code().to_string()));
        }
    }

    #[test]
    fn campaign_statuses_of_the_spec() {
        let codes: Vec<_> = group("CMPG_STATUS").unwrap().items.iter().map(|(c, _)| *c).collect();
        assert_eq!(codes, ["0", "3", "21", "24", "27", "30", "40", "50", "60", "99", "100", "110", "120"]);
        assert!(!is_code("CMPG_STATUS", "1"));
        assert!(!is_code("NO_SUCH", "1"));
    }
}
