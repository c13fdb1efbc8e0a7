//! Six weeks of the network, day by day: who did what and when. Days are counted from today
//! (-45 is six and a half weeks ago); each day starts with the daily jobs of that morning.

use super::cast::{ADVERTISER, MANAGER, SITE_MANAGER};
use super::notices::{ImagePost, answer, ask, footer_notice, head_office_notice, image_post, photos, stop_post, stop_urgent, urgent, video_post};
use super::world::Demo;
use super::{campaigns, cast, materials, money, network, notices, playback};
use crate::plans::generate::Scope;
use serde_json::json;

/// The day the network was set up.
const OPENING: i64 = -45;

pub async fn play(demo: &mut Demo) -> Result<(), String> {
    setup(demo).await?;
    tracing::info!("demo: the network is set up");
    first_campaigns(demo).await?;
    weeks_before(demo).await?;
    last_ten_days(demo).await?;
    tracing::info!("demo: six weeks have passed");
    today(demo).await
}

/// Opening day: the people, the screens, the catalogue, points and materials.
async fn setup(demo: &mut Demo) -> Result<(), String> {
    demo.dawn(OPENING).await?;
    demo.time.go(OPENING, 9, 0);
    cast::gather(demo).await?;
    network::build(demo, OPENING).await?;
    network::player_builds(demo).await?;
    money::catalogue(demo).await?;
    money::fees(demo).await?;
    money::points(demo).await?;
    tracing::info!("demo: people, screens and money are in place");
    materials::upload_and_review(demo).await?;
    tracing::info!("demo: materials are encoded and reviewed");
    materials::contents(demo, OPENING).await?;
    head_office_notice(
        demo,
        "타운보드 백오피스 새 단장 안내",
        "<p>캠페인, 매체, 정산 화면이 새로워졌습니다. 이용 중 불편한 점은 Q&amp;A 게시판에 남겨 주세요.</p>",
    )
    .await
}

/// The next morning the agencies bring in their first campaigns; the operator approves them.
async fn first_campaigns(demo: &mut Demo) -> Result<(), String> {
    demo.dawn(OPENING + 1).await?;
    demo.time.go(OPENING + 1, 10, 0);
    let first = ["dental-anniversary", "clinic-immunity", "bakery-menu", "motors-ev", "dental-implant", "clinic-acupuncture"];
    for key in first {
        campaigns::submit(demo, key).await?;
    }
    demo.time.go(OPENING + 1, 14, 0);
    for key in first {
        campaigns::approve(demo, key).await?;
    }
    demo.run_jobs().await;
    Ok(())
}

/// From a month ago to ten days ago.
async fn weeks_before(demo: &mut Demo) -> Result<(), String> {
    demo.dawn(-30).await?;
    demo.time.go(-30, 11, 0);
    head_office_notice(demo, "월 정산 마감 일정 안내", "<p>매월 정산은 다음 달 초에 마감합니다. 마감 후에는 해당 월 캠페인 금액을 바꿀 수 없습니다.</p>")
        .await?;

    demo.dawn(-25).await?;
    demo.time.go(-25, 9, 30);
    footer_notice(demo, true, "분리수거 요일이 화·금에서 월·목으로 바뀝니다.", -25, -15).await?;

    demo.dawn(-23).await?;
    demo.time.go(-23, 10, 0);
    campaigns::submit(demo, "dental-whitening").await?;
    demo.dawn(-22).await?;
    demo.time.go(-22, 11, 0);
    campaigns::approve(demo, "dental-whitening").await?;

    demo.dawn(-20).await?;
    demo.time.go(-20, 9, 0);
    let parking = ImagePost {
        who: SITE_MANAGER,
        title: "지하 주차장 바닥 도색 공사 안내",
        body: "<p>지하 1층 주차장 바닥 도색 공사가 진행됩니다. 공사 구역에는 주차할 수 없습니다.</p>",
        from: -20,
        to: -12,
        groups: &["daechi-main"],
        colour: "0x8d6e63",
    };
    image_post(demo, parking).await?;

    demo.dawn(-15).await?;
    demo.time.go(-15, 14, 0);
    urgent(
        demo,
        "[지진 정보] 부산 인근 해역 규모 3.1 지진: 흔들림에 유의하세요.",
        (-15, 14),
        (-15, 16),
        json!({ "targetType": "sido", "rgnCds": ["2600000000"] }),
    )
    .await?;

    demo.dawn(-12).await?;
    demo.time.go(-12, 16, 0);
    campaigns::stop(demo, "dental-implant", "광고주 요청: 임플란트 상담 예약이 마감되어 조기 중지").await?;
    demo.run_jobs().await;
    Ok(())
}

/// The last ten days before today.
async fn last_ten_days(demo: &mut Demo) -> Result<(), String> {
    demo.dawn(-10).await?;
    demo.time.go(-10, 10, 0);
    let vacation = ImagePost {
        who: super::cast::OPERATOR,
        title: "장기 외출 시 빈집 안전 점검 신청 안내",
        body: "<p>장기간 집을 비우실 때 관리사무소에 빈집 안전 점검을 신청하세요.</p>",
        from: -10,
        to: 10,
        groups: &[],
        colour: "0x00838f",
    };
    let vacation = image_post(demo, vacation).await?;

    demo.dawn(-9).await?;
    demo.time.go(-9, 10, 30);
    let swap =
        ask(demo, ADVERTISER, "광고 소재 교체는 어떻게 하나요?", "<p>진행 중인 캠페인의 영상을 새 버전으로 바꾸고 싶습니다. 절차를 알려 주세요.</p>").await?;
    campaigns::draft(demo, "bakery-test").await?;

    demo.dawn(-8).await?;
    demo.time.go(-8, 9, 40);
    answer(
        demo,
        swap,
        "<p>캠페인 상세에서 '소재 변경'을 요청하시면 승인 다음 날부터 새 소재가 송출됩니다. 새 소재는 먼저 소재 관리에서 등록과 승인을 받아 주세요.</p>",
    )
    .await?;
    campaigns::discard(demo, "bakery-test").await?;
    campaigns::submit(demo, "motors-used").await?;

    demo.dawn(-7).await?;
    demo.time.go(-7, 11, 0);
    campaigns::submit(demo, "clinic-diet").await?;

    demo.dawn(-6).await?;
    demo.time.go(-6, 10, 0);
    campaigns::approve(demo, "motors-used").await?;
    campaigns::submit(demo, "bakery-class").await?;
    let size =
        ask(demo, SITE_MANAGER, "게시판 이미지 권장 크기가 궁금합니다", "<p>엘리베이터 화면 게시판에 올릴 안내문 이미지는 어떤 크기로 만들면 되나요?</p>")
            .await?;

    demo.dawn(-5).await?;
    demo.time.go(-5, 10, 0);
    campaigns::approve(demo, "clinic-diet").await?;
    campaigns::reject(demo, "bakery-class", "행사 일정 표기가 소재와 다릅니다. 확인 후 다시 요청해 주세요.").await?;
    answer(demo, size, "<p>세로형 화면은 1080×1920 픽셀을 권장합니다. PNG 또는 JPEG로 올려 주세요.</p>").await?;
    video_post(demo, "안전한 단지 만들기 캠페인", -5, 25, &["daechi-main", "jamsil-main"]).await?;
    head_office_notice(demo, "개인정보 처리방침 개정 안내", "<p>개인정보 보관 기간 조항이 개정되었습니다. 자세한 내용은 첨부 안내를 확인해 주세요.</p>")
        .await?;

    demo.dawn(-4).await?;
    demo.time.go(-4, 10, 0);
    campaigns::cancel(demo, "motors-used", true, "광고주 요청: 매입 행사 일정 연기").await?;
    campaigns::submit(demo, "motors-tire").await?;
    notices::proposal(demo).await?;

    demo.dawn(-3).await?;
    demo.time.go(-3, 10, 0);
    campaigns::cancel(demo, "clinic-diet", false, "광고 심의 결과 보완 필요로 승인 취소").await?;
    campaigns::reject(demo, "motors-tire", "분할형 화면 소재의 글자가 작아 잘 보이지 않습니다.").await?;
    campaigns::submit(demo, "bakery-fruit").await?;
    let tank = ImagePost {
        who: SITE_MANAGER,
        title: "단지 내 물탱크 청소 안내",
        body: "<p>물탱크 청소로 오전 10시부터 12시까지 단수됩니다. 미리 물을 받아 두세요.</p>",
        from: -3,
        to: 4,
        groups: &["daechi-main"],
        colour: "0x0277bd",
    };
    image_post(demo, tank).await?;
    photos(demo, "bakery-menu", "bundang", 2).await?;

    demo.dawn(-2).await?;
    demo.time.go(-2, 10, 0);
    campaigns::approve(demo, "bakery-fruit").await?;
    campaigns::revise(demo, "bakery-class", "밀과보리 베이킹 클래스 모집 (일정 수정)", "행사 일정 표기 수정").await?;
    campaigns::request(demo, "bakery-class").await?;
    stop_post(demo, vacation, "신청이 마감되어 게시를 중지합니다.").await?;
    campaigns::draft(demo, "clinic-tonic").await?;
    let drill = urgent(
        demo,
        "[훈련] 지진 대피 훈련: 안내 방송에 따라 계단으로 대피해 주세요.",
        (-1, 14),
        (-1, 16),
        json!({ "targetType": "sigungu", "rgnCds": ["1168000000"] }),
    )
    .await?;
    footer_notice(demo, true, "엘리베이터 정기 점검: 101동부터 차례로 30분씩 운행이 멈춥니다.", -2, 5).await?;
    photos(demo, "motors-ev", "haeundae", 1).await?;

    demo.dawn(-1).await?;
    demo.time.go(-1, 10, 0);
    campaigns::submit(demo, "dental-scaling").await?;
    campaigns::ask_early_end(demo, "bakery-menu", 30, "예산 조정으로 종료일을 앞당깁니다.").await?;
    ask(demo, ADVERTISER, "세금계산서 발행 요청", "<p>지난달 집행분 세금계산서를 담당자 이메일로 보내 주세요.</p>").await?;
    urgent(demo, "[미세먼지 경보] 외출 시 마스크를 쓰고 창문을 닫아 주세요.", (-1, 10), (-1, 12), json!({ "targetType": "all" })).await?;
    demo.time.go(-1, 15, 0);
    stop_urgent(demo, drill).await?;
    urgent(
        demo,
        "[정전 안내] 변압기 교체 공사로 오전 9시부터 12시까지 정전됩니다.",
        (3, 9),
        (3, 12),
        json!({ "targetType": "poi", "poiIds": [demo.site("bundang")?] }),
    )
    .await?;
    footer_notice(demo, false, "전기 절약 캠페인: 빈 방의 조명과 대기 전력을 꺼 주세요.", 3, 20).await?;
    let recruit = ImagePost {
        who: super::cast::OPERATOR,
        title: "타운보드 신규 광고주 모집",
        body: "<p>우리 단지 엘리베이터 화면에 가게를 알려 보세요. 소상공인 첫 광고 10% 할인.</p>",
        from: 2,
        to: 16,
        groups: &["jamsil-main"],
        colour: "0x6a1b9a",
    };
    image_post(demo, recruit).await?;
    let privacy = ImagePost {
        who: super::cast::OPERATOR,
        title: "개인정보 보호 캠페인",
        body: "<p>택배 송장의 개인정보는 지우고 버려 주세요.</p>",
        from: -1,
        to: 6,
        groups: &[],
        colour: "0x37474f",
    };
    image_post(demo, privacy).await?;
    notices::announce_coupon(demo).await?;
    network::schedule_demolition(demo, 30).await?;
    demo.run_jobs().await;
    Ok(())
}

/// Back to the present: the morning's jobs, the loops of the last thirty days and this week,
/// the screens reporting in with their proof of play, and last month closed.
async fn today(demo: &mut Demo) -> Result<(), String> {
    demo.time.present();
    crate::jobs::schedule_periodic(&demo.state).await.map_err(|e| format!("periodic jobs: {e}"))?;
    let history = Scope { mg_ids: None, from: demo.time.day(-30), to: demo.time.day(crate::jobs::plans::DAYS_AHEAD) };
    crate::jobs::plans::start(&demo.state, "편성 생성 (최근 30일과 이번 주)", &history, Some(demo.user(MANAGER)?)).await.map_err(|e| format!("plans: {e}"))?;
    demo.run_jobs().await;
    playback::report_in(demo).await?;
    let rows = playback::proof_of_play(demo).await?;
    tracing::info!(rows, "proof of play of the last 30 days");
    money::close_last_month(demo).await?;
    demo.api.close().await
}
