//! Board posts, one definition for three boards: image boards (`/board/image`), video boards
//! (`/board/material`, a board video material) and all-screen boards (`/board/adImage`, images on
//! every screen, posted by managers and operators). A post runs on its groups from its first to
//! its last day unless stopped; a group runs at most its board slot count of posts on any day.

use super::kinds::BoardKind;
use super::rules::{FILE_TYPE, of_status, on_group, targeted_scope, with_status};
use crate::api::dated;
use crate::api::material::kind::MaterialKind;
use crate::api::material::kinds::BoardVideoMaterial;
use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::board_post::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{board_post_group, material, media_group, user};
use crate::error::{ApiError, ApiResult, ok};
use crate::files::{FileSlot, IMAGES};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::NaiveDate;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::{BTreeMap, HashMap};
use std::marker::PhantomData;
use townboard_domain::board::{first_full_day, period_error, status};

pub struct BoardPosts<K>(PhantomData<K>);

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PostInput {
    bi_idx: Option<i64>,
    title: String,
    /// HTML, kept safe-sanitised.
    #[serde(default)]
    body: String,
    /// `YYYY-MM-DD`
    from_date: String,
    /// `YYYY-MM-DD`
    to_date: String,
    /// The media groups (image and video boards).
    mg_ids: Option<Vec<i64>>,
    /// The board video material (video boards).
    mat_id: Option<i64>,
}

const IMAGE_FILES: &[FileSlot] = &[FileSlot { part: "files", max_bytes: 10 * 1024 * 1024, max_count: 10, kinds: IMAGES }];
pub const MAX_BODY: usize = 100_000;
pub const MAX_GROUPS: usize = 500;

impl<K: BoardKind> Resource for BoardPosts<K> {
    type Entity = Entity;
    type Input = PostInput;
    type Extra = Vec<i64>;
    const PATH: &'static str = K::PATH;
    const PROGRAM: &'static str = K::PROGRAM;
    const ID_FIELD: &'static str = "biIdx";
    const SUMMARY: &'static str = K::SUMMARY;
    const FILE_TYPE: &'static str = FILE_TYPE;
    const FILES_REQUIRED: bool = K::IMAGES;

    fn filters() -> Vec<Filter<Column>> {
        let mut all = vec![filter("title", Column::Title, Match::Contains)];
        if K::TARGETED {
            all.push(filter("mgId", Column::BiIdx, Match::Custom(on_group)));
        }
        all
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("biIdx", Column::BiIdx), ("title", Column::Title), ("fromDate", Column::FromDate), ("toDate", Column::ToDate), ("createdAt", Column::CreatedAt)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::BiIdx, Order::Desc)
    }
    fn base() -> Option<Condition> {
        Some(Condition::all().add(Column::BoardKind.eq(K::KIND)))
    }
    fn pinned() -> Vec<Column> {
        vec![Column::DeletedAt, Column::BoardKind]
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        if K::TARGETED { targeted_scope(caller) } else { None }
    }
    fn input_id(input: &PostInput) -> Option<i64> {
        input.bi_idx
    }
    fn file_slots() -> &'static [FileSlot] {
        if K::IMAGES { IMAGE_FILES } else { &[] }
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: PostInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, Vec<i64>)>> {
        Box::pin(async move {
            if !K::TARGETED && !ctx.caller.role.sees_all_rows() {
                return Err(ApiError::Forbidden);
            }
            let mut check = Check::new();
            let title = clean(crate::sanitize::strip(&input.title));
            check.required("title", &title, 200);
            let body = crate::sanitize::safe(&input.body);
            check.max_len("body", &body, MAX_BODY);
            let today = crate::time::today(ctx.now);
            let period = dated::period(&mut check, &input.from_date, &input.to_date);
            if let Some((from, to)) = period
                && let Some(message) = period_error(from, to, today, existing.is_none())
            {
                check.fail("toDate", message);
            }
            let mat_id = material_of::<K>(db, input.mat_id, &mut check).await?;
            let groups = groups_of::<K>(db, ctx.caller, input.mg_ids.unwrap_or_default(), &mut check).await?;
            let stopped = existing.is_some_and(|e| e.stopped_at.is_some());
            if let (Some((from, to)), false) = (period, stopped) {
                check_slots(db, &groups, existing.map(|e| e.bi_idx), (from, to), &mut check).await?;
            }
            check.finish()?;
            let Some((from, to)) = period else { unreachable!("checked above") };
            Ok((
                ActiveModel {
                    bi_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.bi_idx)),
                    board_kind: Set(K::KIND.into()),
                    title: Set(title),
                    body: Set(body),
                    from_date: Set(dated::date_text(from)),
                    to_date: Set(dated::date_text(to)),
                    mat_id: Set(mat_id),
                    stopped_at: Set(existing.and_then(|e| e.stopped_at)),
                    stop_reason: Set(existing.and_then(|e| e.stop_reason.clone())),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                groups.into_iter().map(|g| g.mg_id).collect(),
            ))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, saved: &'a Model, mg_ids: Vec<i64>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            board_post_group::Entity::delete_many().filter(board_post_group::Column::BiIdx.eq(saved.bi_idx)).exec(db).await?;
            if !mg_ids.is_empty() {
                let rows = mg_ids.into_iter().map(|mg_id| board_post_group::ActiveModel { bi_idx: Set(saved.bi_idx), mg_id: Set(mg_id) });
                board_post_group::Entity::insert_many(rows).exec_without_returning(db).await?;
            }
            Ok(())
        })
    }
    fn related() -> Vec<Related> {
        let mut all = vec![Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "uName")];
        if K::TARGETED {
            all.push(Related::count::<board_post_group::Entity>(Column::BiIdx, board_post_group::Column::BiIdx, Condition::all(), "mgCnt"));
        }
        if !K::IMAGES {
            all.push(Related::label::<material::Entity>(Column::MatId, material::Column::MatId, material::Column::MatName, "matName"));
        }
        all
    }
}

/// The board video material of a video post: live, approved and encoded; none for image posts.
async fn material_of<K: BoardKind>(db: &DatabaseTransaction, mat_id: Option<i64>, check: &mut Check) -> ApiResult<Option<i64>> {
    match (K::IMAGES, mat_id) {
        (true, None) => Ok(None),
        (true, Some(_)) => {
            check.fail("matId", "이미지 게시판에는 소재를 지정하지 않습니다.");
            Ok(None)
        }
        (false, None) => {
            check.fail("matId", "필수 항목입니다.");
            Ok(None)
        }
        (false, Some(mat_id)) => {
            let playable = material::Entity::find_by_id(mat_id)
                .filter(crate::api::attachable::playable())
                .filter(material::Column::MatKind.eq(BoardVideoMaterial::KIND))
                .filter(material::Column::DeletedAt.is_null())
                .one(db)
                .await?
                .is_some();
            if !playable {
                check.fail("matId", "승인되고 인코딩이 끝난 게시판 동영상 소재가 아닙니다.");
            }
            Ok(Some(mat_id))
        }
    }
}

/// The live groups of a targeted post, each in the caller's reach; none for all-screen posts.
async fn groups_of<K: BoardKind>(db: &DatabaseTransaction, caller: &Caller, mut mg_ids: Vec<i64>, check: &mut Check) -> ApiResult<Vec<media_group::Model>> {
    mg_ids.sort_unstable();
    mg_ids.dedup();
    if !K::TARGETED {
        if !mg_ids.is_empty() {
            check.fail("mgIds", "전체 게시판은 모든 화면에 게시되므로 매체 그룹을 지정하지 않습니다.");
        }
        return Ok(vec![]);
    }
    if mg_ids.is_empty() || mg_ids.len() > MAX_GROUPS {
        check.fail("mgIds", format!("매체 그룹을 1~{MAX_GROUPS}개 선택하세요."));
        return Ok(vec![]);
    }
    let mut q = media_group::Entity::find().filter(media_group::Column::MgId.is_in(mg_ids.clone())).filter(media_group::Column::DeletedAt.is_null());
    if let Some(reach) = scope::media_groups(caller, media_group::Column::PoiId) {
        q = q.filter(reach);
    }
    let groups = q.all(db).await?;
    if groups.len() != mg_ids.len() {
        check.fail("mgIds", "선택할 수 없는 매체 그룹이 있습니다.");
    }
    Ok(groups)
}

/// Refuses a period on which a group would run more posts than its board slots. The groups' rows
/// are written first, so that two posts saved at once for the same group take turns.
async fn check_slots(
    db: &DatabaseTransaction,
    groups: &[media_group::Model],
    this: Option<i64>,
    (from, to): (NaiveDate, NaiveDate),
    check: &mut Check,
) -> ApiResult<()> {
    if groups.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = groups.iter().map(|g| g.mg_id).collect();
    media_group::Entity::update_many()
        .col_expr(media_group::Column::MgId, Expr::col(media_group::Column::MgId))
        .filter(media_group::Column::MgId.is_in(ids.clone()))
        .exec(db)
        .await?;
    let running = |q: sea_orm::Select<Entity>| {
        let mut q = q
            .filter(Column::DeletedAt.is_null())
            .filter(Column::StoppedAt.is_null())
            .filter(Column::FromDate.lte(dated::date_text(to)))
            .filter(Column::ToDate.gte(dated::date_text(from)));
        if let Some(id) = this {
            q = q.filter(Column::BiIdx.ne(id));
        }
        q
    };
    // Posts on every screen take a slot of each group too.
    let everywhere: Vec<(String, String)> = running(Entity::find())
        .select_only()
        .columns([Column::FromDate, Column::ToDate])
        .filter(Column::BoardKind.eq(super::kinds::AllScreenBoard::KIND))
        .into_tuple()
        .all(db)
        .await?;
    let on_groups = Query::select()
        .column(board_post_group::Column::BiIdx)
        .from(board_post_group::Entity)
        .and_where(board_post_group::Column::MgId.is_in(ids.clone()))
        .to_owned();
    let posts: Vec<(i64, String, String)> = running(Entity::find())
        .select_only()
        .columns([Column::BiIdx, Column::FromDate, Column::ToDate])
        .filter(Column::BiIdx.in_subquery(on_groups))
        .into_tuple()
        .all(db)
        .await?;
    let links: Vec<(i64, i64)> = if posts.is_empty() {
        vec![]
    } else {
        board_post_group::Entity::find()
            .select_only()
            .columns([board_post_group::Column::BiIdx, board_post_group::Column::MgId])
            .filter(board_post_group::Column::MgId.is_in(ids))
            .filter(board_post_group::Column::BiIdx.is_in(posts.iter().map(|p| p.0)))
            .into_tuple()
            .all(db)
            .await?
    };
    let periods: HashMap<i64, (String, String)> = posts.into_iter().map(|(id, f, t)| (id, (f, t))).collect();
    let per_group = links.into_iter().filter_map(|(bi_idx, mg_id)| periods.get(&bi_idx).map(|(f, t)| (mg_id, f.clone(), t.clone())));
    let period = |(f, t): &(String, String)| Some((dated::date(f)?, dated::date(t)?));
    let shared: Vec<(NaiveDate, NaiveDate)> = everywhere.iter().filter_map(period).collect();
    let mut by_group: HashMap<i64, Vec<(NaiveDate, NaiveDate)>> = HashMap::new();
    for (mg_id, f, t) in per_group {
        if let Some(p) = period(&(f, t)) {
            by_group.entry(mg_id).or_default().push(p);
        }
    }
    let mut full = BTreeMap::new();
    for group in groups {
        let mut running = shared.clone();
        running.extend(by_group.remove(&group.mg_id).unwrap_or_default());
        if let Some(day) = first_full_day(group.board_slot_cnt, &running, (from, to)) {
            full.insert(group.mg_nm.clone(), (day, group.board_slot_cnt));
        }
    }
    if let Some((name, (day, slots))) = full.into_iter().next() {
        let message = if slots <= 0 {
            format!("{name}: 게시판 슬롯이 없는 매체 그룹입니다.")
        } else {
            format!("{name}: {day}에 게시판 슬롯({slots}개)이 모두 찼습니다.")
        };
        check.fail("mgIds", message);
    }
    Ok(())
}

/// `POST /api/{board}/jsonList.do`: filters `title`, `mgId` and `status` (derived from today).
pub async fn list<K: BoardKind>(State(state): State<AppState>, caller: Caller, Input(mut body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let today = crate::time::today(state.clock.now());
    let only = dated::take_status(&mut body, "status", &status::ALL)?.map(|s| of_status(s, &dated::date_text(today)));
    dated::page::<BoardPosts<K>>(&state, &caller, &body, only, with_status(today)).await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ById {
    bi_idx: i64,
}

/// `POST /api/{board}/jsonDetail.do`: the post with its status, groups and images.
pub async fn detail<K: BoardKind>(State(state): State<AppState>, caller: Caller, Input(body): Input<ById>) -> ApiResult<Response> {
    let today = crate::time::today(state.clock.now());
    let (post, mut value) = dated::one::<BoardPosts<K>>(&state, &caller, body.bi_idx, with_status(today)).await?;
    let groups: Vec<(i64, String, i32)> = media_group::Entity::find()
        .select_only()
        .columns([media_group::Column::MgId, media_group::Column::MgNm, media_group::Column::BoardSlotCnt])
        .filter(
            media_group::Column::MgId.in_subquery(
                Query::select()
                    .column(board_post_group::Column::MgId)
                    .from(board_post_group::Entity)
                    .and_where(board_post_group::Column::BiIdx.eq(post.bi_idx))
                    .to_owned(),
            ),
        )
        .order_by_asc(media_group::Column::MgId)
        .into_tuple()
        .all(&state.db)
        .await?;
    value["mgIds"] = json!(groups.iter().map(|g| g.0).collect::<Vec<_>>());
    value["groups"] = json!(groups.iter().map(|(mg_id, mg_nm, slots)| json!({ "mgId": mg_id, "mgNm": mg_nm, "boardSlotCnt": slots })).collect::<Vec<_>>());
    let files = crate::files::of_row(&state.db, FILE_TYPE, post.bi_idx).await?;
    let files: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(index, f)| {
            let mut v = json!(f);
            v["url"] = json!(format!("/api/board/image.do?biIdx={}&index={index}", post.bi_idx));
            v
        })
        .collect();
    value["files"] = json!(files);
    Ok(ok(value))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StopInput {
    bi_idx: i64,
    reason: String,
}

/// `POST /api/{board}/jsonStop.do`: stops a waiting or running post, with the reason.
pub async fn stop<K: BoardKind>(State(state): State<AppState>, caller: Caller, Input(body): Input<StopInput>) -> ApiResult<Response> {
    let reason = clean(crate::sanitize::strip(&body.reason));
    let mut check = Check::new();
    check.required("reason", &reason, 500);
    check.finish()?;
    let now = state.clock.now();
    let today = crate::time::today(now);
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = find_visible::<BoardPosts<K>>(&txn, &caller, body.bi_idx).await?;
    if !K::TARGETED && !caller.role.sees_all_rows() {
        return Err(ApiError::Forbidden);
    }
    let running = match (dated::date(&before.from_date), dated::date(&before.to_date)) {
        (Some(from), Some(to)) => {
            matches!(townboard_domain::board::status(from, to, before.stopped_at.is_some(), today), status::WAITING | status::IN_PROGRESS)
        }
        _ => false,
    };
    if !running {
        return Err(ApiError::conflict("이미 중지되었거나 끝난 게시물입니다."));
    }
    let after =
        ActiveModel { bi_idx: Set(before.bi_idx), stopped_at: Set(Some(now)), stop_reason: Set(Some(reason)), updated_at: Set(now), ..Default::default() }
            .update(&txn)
            .await?;
    record(&txn, &caller, now, K::PROGRAM, before.bi_idx, "stop", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "biIdx": after.bi_idx, "status": status::STOPPED })))
}
