//! The campaign lists and details (domain.md §5). A list holds the stored statuses of its kind
//! today (`ListKind::stored`) and filters `cmpgStatus` by the display codes it shows; the request
//! list also carries the pending change requests, one row each. Rows and details are read with the
//! effective status, so a late daily job never shows a stale one.

use super::store;
use crate::api::resource::{
    Filter, ListQuery, Match, Related, all_kept, filter, filter_text, list_query, list_schema, page_decoded, page_related, window_related,
};
use crate::auth::Caller;
use crate::db::entity::campaign::{Column, Entity, Model};
use crate::db::entity::{campaign_change, campaign_history, campaign_material, campaign_target, corp, material, media_group, package, poi, product, user};
use crate::error::{ApiError, ApiResult};
use chrono::{Duration, NaiveDate};
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, IdenStatic, Order, QueryFilter, QueryOrder};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use townboard_domain::campaign::{self as rules, Action, ListKind, Status};
use townboard_domain::validate::parse_date;

/// Rows an export reads at a time.
pub const EXPORT_CHUNK: u64 = 2_000;

pub fn filters() -> Vec<Filter<Column>> {
    vec![
        filter("cmpgTitle", Column::CmpgTitle, Match::Contains),
        filter("advertiserCId", Column::AdvertiserCId, Match::Int),
        filter("platform", Column::Platform, Match::Int),
    ]
}

pub fn sorts() -> Vec<(&'static str, Column)> {
    vec![
        ("cmpgId", Column::CmpgId),
        ("cmpgTitle", Column::CmpgTitle),
        ("startDate", Column::StartDate),
        ("endDate", Column::EndDate),
        ("createdAt", Column::CreatedAt),
        ("requestedAt", Column::RequestedAt),
        ("approvedAt", Column::ApprovedAt),
    ]
}

/// The request of a list: paging, sorts, the filters above, the status by display code and the
/// period (campaigns running on or after `startDate`, on or before `endDate`).
pub fn schema() -> schemars::Schema {
    let mut schema = list_schema(&filters(), &sorts());
    if let Some(props) = schema.as_object_mut().and_then(|o| o.get_mut("properties")).and_then(Value::as_object_mut) {
        props.insert("cmpgStatus".into(), json!({ "type": "integer" }));
        props.insert("startDate".into(), json!({ "type": "string", "format": "date" }));
        props.insert("endDate".into(), json!({ "type": "string", "format": "date" }));
    }
    schema
}

/// Today as the lists see it, and how near an end shows as "ending soon".
#[derive(Clone, Copy)]
pub struct Today {
    pub date: NaiveDate,
    pub end_soon_days: i64,
}

fn day(d: NaiveDate) -> String {
    crate::slots::day(d)
}

/// A column of the campaign as a condition names it: searched through its indexes, or only
/// checked on the rows an index walk reads in the list's order (`resource::checked`).
type Named = fn(Column) -> SimpleExpr;

fn searched(col: Column) -> SimpleExpr {
    Expr::col((Entity, col))
}

/// A status code written into the statement's text, not bound: a list's statuses are fixed by
/// the list and the filter. PostgreSQL runs a page read from a mark by its generic plan
/// (`db::literal_limits`), where `cmpg_status IN ($1, $2, $3)` builds its array again for each
/// index entry it checks; written, the array is built once (measured in the README, "Cold reads").
fn written(code: i32) -> SimpleExpr {
    Expr::Constant(code.into())
}

/// Stored rows of a list kind today.
fn kind_condition(kind: ListKind, today: NaiveDate, col: Named) -> Condition {
    use sea_orm::sea_query::ExprTrait;
    let codes = |s: &[Status]| s.iter().map(|s| written(s.code())).collect::<Vec<_>>();
    let m = kind.stored();
    let mut any = Condition::any();
    if !m.always.is_empty() {
        any = any.add(col(Column::CmpgStatus).is_in(codes(m.always)));
    }
    if !m.while_running.is_empty() {
        any = any.add(Condition::all().add(col(Column::CmpgStatus).is_in(codes(m.while_running))).add(col(Column::EndDate).gte(day(today))));
    }
    if !m.once_ended.is_empty() {
        any = any.add(Condition::all().add(col(Column::CmpgStatus).is_in(codes(m.once_ended))).add(col(Column::EndDate).lt(day(today))));
    }
    any
}

/// Stored rows that show a display code today (the inverse of `display_status`).
fn display_condition(code: i32, today: Today, col: Named) -> Option<Condition> {
    use sea_orm::sea_query::ExprTrait;
    let t = day(today.date);
    let soon = day(today.date + Duration::days(today.end_soon_days));
    let status = |s: Status| col(Column::CmpgStatus).eq(written(s.code()));
    let live = || Condition::any().add(status(Status::Live)).add(Condition::all().add(status(Status::Approved)).add(col(Column::StartDate).lte(t.clone())));
    Some(match code {
        3 | 21 | 24 | 27 | 60 => Condition::all().add(col(Column::CmpgStatus).eq(written(code))),
        rules::DISPLAY_AWAITING => Condition::all().add(status(Status::Approved)).add(col(Column::StartDate).gt(t.clone())),
        50 => Condition::all().add(live()).add(col(Column::EndDate).gt(soon)),
        rules::DISPLAY_ENDING_SOON => Condition::all().add(live()).add(col(Column::EndDate).gte(t.clone())).add(col(Column::EndDate).lte(soon)),
        rules::DISPLAY_CANCELLED_BY_OWNER => Condition::all().add(status(Status::Cancelled)).add(col(Column::CancelledByOwner).eq(true)),
        40 => Condition::all().add(status(Status::Cancelled)).add(col(Column::CancelledByOwner).eq(false)),
        99 => Condition::any().add(status(Status::Ended)).add(
            Condition::all()
                .add(col(Column::CmpgStatus).is_in([written(Status::Approved.code()), written(Status::Live.code())]))
                .add(col(Column::EndDate).lt(t.clone())),
        ),
        _ => return None,
    })
}

/// What a list request asks for.
pub struct Asked {
    pub query: ListQuery<Column>,
    /// The list kind, the status and the period.
    pub condition: Condition,
    /// The same condition as a walk along the order's index checks it (see [`Asked::walked`]).
    walk: Condition,
    /// A status was asked for: change requests (which have none of the list's) stay out.
    pub by_status: bool,
}

impl Asked {
    /// The list's query with its whole condition, for a page read along the index of its order:
    /// the statuses and dates are only checked there (each list index carries them); searched
    /// through their own indexes instead, SQLite reads every row of the list's statuses and sorts
    /// them all for a page.
    fn walked(&self) -> ListQuery<Column> {
        let q = &self.query;
        let walk = Some(self.walk.clone().add(q.condition.clone()));
        ListQuery {
            page: q.page,
            page_size: q.page_size,
            order: q.order.clone(),
            condition: self.condition.clone().add(q.condition.clone()),
            walk,
            selective: q.selective,
            with_deleted: q.with_deleted,
            marked: q.marked,
            beside: q.beside.clone(),
            id_unique: q.id_unique,
        }
    }
}

/// The columns a campaign list's condition reads, carried by each of its list indexes.
const CONDITION_COLUMNS: [&str; 4] = ["cmpg_status", "end_date", "start_date", "cancelled_by_owner"];

/// The indexes the campaign lists read in each of their orders.
pub fn indexes() -> Vec<crate::db::list_indexes::ListIndex> {
    crate::api::resource::whitelist_indexes::<Entity>(sorts(), &[Column::DeletedAt], Column::CmpgId)
        .into_iter()
        .map(|i| i.covering(&CONDITION_COLUMNS))
        .collect()
}

/// Reads a list request; `kind` none is every status but removed (the campaign popup).
pub fn read(body: &Map<String, Value>, kind: Option<ListKind>, today: Today) -> ApiResult<Asked> {
    let mut rest = body.clone();
    let status = rest.remove("cmpgStatus");
    let from = rest.remove("startDate");
    let to = rest.remove("endDate");
    let mut errors = crate::error::FieldErrors::new();
    let query = match list_query(&rest, &filters(), &sorts(), (Column::CmpgId, Order::Desc)) {
        Ok(q) => Some(q),
        Err(ApiError::Invalid { field_errors, .. }) => {
            errors.extend(field_errors);
            None
        }
        Err(e) => return Err(e),
    };
    use sea_orm::sea_query::ExprTrait;
    // The condition twice: searched through indexes (the total), and only checked (a page's walk).
    let (mut condition, mut walk) = (Condition::all(), Condition::all());
    let mut add = |make: &dyn Fn(Named) -> Condition| {
        condition = std::mem::replace(&mut condition, Condition::all()).add(make(searched));
        walk = std::mem::replace(&mut walk, Condition::all()).add(make(crate::api::resource::checked));
    };
    match kind {
        Some(k) => add(&|col| kind_condition(k, today.date, col)),
        None => add(&|col| Condition::all().add(col(Column::CmpgStatus).ne(Status::Removed.code()))),
    }
    let mut by_status = false;
    let mut text = |field: &str, value: Option<Value>| match value.as_ref().map(|v| filter_text(field, v)).transpose() {
        Ok(v) => v.flatten(),
        Err(ApiError::Invalid { field_errors, .. }) => {
            errors.extend(field_errors);
            None
        }
        Err(_) => None,
    };
    let (status, from, to) = (text("cmpgStatus", status), text("startDate", from), text("endDate", to));
    if let Some(value) = status {
        let shown = value.parse::<i32>().ok().filter(|c| kind.is_none_or(|k| k.display_codes().contains(c)));
        match shown.filter(|c| display_condition(*c, today, searched).is_some()) {
            Some(code) => {
                add(&|col| display_condition(code, today, col).unwrap_or_else(Condition::all));
                by_status = true;
            }
            None => {
                errors.insert("cmpgStatus".into(), "이 목록에 없는 상태입니다.".into());
            }
        }
    }
    for (field, value, column, on_or_after) in [("startDate", from, Column::EndDate, true), ("endDate", to, Column::StartDate, false)] {
        let Some(value) = value else { continue };
        match parse_date(&value) {
            Some(d) if on_or_after => add(&|col| Condition::all().add(col(column).gte(day(d)))),
            Some(d) => add(&|col| Condition::all().add(col(column).lte(day(d)))),
            None => {
                errors.insert(field.into(), "날짜 형식이 올바르지 않습니다.".into());
            }
        }
    }
    match query {
        // Every list reads live campaigns only (`visible`).
        Some(query) if errors.is_empty() => Ok(Asked { query, condition, walk, by_status }),
        _ => Err(ApiError::invalid_fields(errors)),
    }
}

fn visible(caller: &Caller) -> sea_orm::Select<Entity> {
    let mut q = Entity::find().filter(Column::DeletedAt.is_null());
    if let Some(scope) = crate::auth::scope::campaigns(caller) {
        q = q.filter(scope);
    }
    q
}

/// One page of a list: its rows and the total count.
pub async fn page(db: &impl ConnectionTrait, caller: &Caller, asked: &Asked, kind: Option<ListKind>, today: Today) -> ApiResult<(Vec<Row>, u64)> {
    if kind == Some(ListKind::Request) {
        return request_page(db, caller, asked, today, asked.query.page, asked.query.page_size).await;
    }
    let (found, total) = page_decoded(db, visible(caller), &asked.walked(), Column::CmpgId, related(), Model::by_position).await?;
    Ok((found.into_iter().map(|(m, names)| Row::new(m, names, today)).collect(), total))
}

/// The rows of a list in its order from `offset`, at most `limit` (an Excel export reads the
/// whole list a chunk at a time).
pub async fn chunk(
    db: &impl ConnectionTrait,
    caller: &Caller,
    asked: &Asked,
    kind: Option<ListKind>,
    today: Today,
    offset: u64,
    limit: u64,
) -> ApiResult<Vec<Value>> {
    if kind == Some(ListKind::Request) {
        // Chunks are whole pages of the chunk's size.
        return request_page(db, caller, asked, today, offset / limit.max(1) + 1, limit.max(1)).await?.0.iter().map(Row::value).collect();
    }
    let (col, order) = (asked.query.order.0, asked.query.order.1.clone());
    let mut select = visible(caller).filter(asked.condition.clone()).filter(asked.query.condition.clone()).order_by(col, order.clone());
    if col.as_str() != Column::CmpgId.as_str() {
        select = select.order_by(Column::CmpgId, order);
    }
    use sea_orm::QuerySelect;
    let models = select.offset(offset).limit(limit).all(db).await?;
    rows(db, models, today).await?.iter().map(Row::value).collect()
}

/// The request list's order: without a sort of its own, newest request first.
fn request_order(query: &ListQuery<Column>) -> (Column, Order) {
    if query.order.0.as_str() == Column::CmpgId.as_str() && query.order.1 == Order::Desc {
        (Column::RequestedAt, Order::Desc)
    } else {
        (query.order.0, query.order.1.clone())
    }
}

/// A pending change request as a row of the request list, with the campaign it changes.
struct ChangeRow {
    campaign: Model,
    change: campaign_change::Model,
}

impl ChangeRow {
    /// The row's value of the list's sort column: the change's own time for `requestedAt`.
    fn key(&self, col: Column) -> sea_orm::Value {
        use sea_orm::ModelTrait;
        if col.as_str() == Column::RequestedAt.as_str() { Some(self.change.created_at).into() } else { self.campaign.get(col) }
    }
}

/// Pending change requests of campaigns in the caller's scope that meet the list's filters.
async fn pending_changes(db: &impl ConnectionTrait, caller: &Caller, asked: &Asked) -> ApiResult<Vec<ChangeRow>> {
    if asked.by_status {
        return Ok(vec![]);
    }
    let changes = all_kept(db, campaign_change::Entity::find().filter(campaign_change::Column::ChgStatus.eq(campaign_change::PENDING))).await?;
    if changes.is_empty() {
        return Ok(vec![]);
    }
    let ids: Vec<i64> = changes.iter().map(|c| c.cmpg_id).collect();
    let owners: HashMap<i64, Model> =
        visible(caller).filter(Column::CmpgId.is_in(ids)).filter(asked.query.condition.clone()).all(db).await?.into_iter().map(|m| (m.cmpg_id, m)).collect();
    Ok(changes.into_iter().filter_map(|change| owners.get(&change.cmpg_id).cloned().map(|campaign| ChangeRow { campaign, change })).collect())
}

/// Campaigns of the list that sort before a change row (ties by cmpgId; a change comes before its
/// own campaign; empty values last).
fn before(col: Column, desc: bool, key: &sea_orm::Value, cmpg_id: i64) -> Condition {
    let id_before = if desc { Column::CmpgId.gt(cmpg_id) } else { Column::CmpgId.lt(cmpg_id) };
    let empty = !key.is_some();
    if empty {
        return Condition::any().add(col.is_not_null()).add(Condition::all().add(col.is_null()).add(id_before));
    }
    let key_before = if desc { col.gt(key.clone()) } else { col.lt(key.clone()) };
    Condition::any().add(key_before).add(Condition::all().add(col.eq(key.clone())).add(id_before))
}

/// A page of the request list: campaigns asking for approval, paged by the database, merged with
/// the pending change requests (few at any time) at their places in the order.
async fn request_page(db: &impl ConnectionTrait, caller: &Caller, asked: &Asked, today: Today, page: u64, size: u64) -> ApiResult<(Vec<Row>, u64)> {
    use sea_orm::PaginatorTrait;
    let (col, order) = request_order(&asked.query);
    let desc = order == Order::Desc;
    let listed = || visible(caller).filter(asked.condition.clone()).filter(asked.query.condition.clone());
    let mut changes = pending_changes(db, caller, asked).await?;
    // Each change's place: the campaigns before it, then the changes before it.
    let mut placed = Vec::with_capacity(changes.len());
    for ch in changes.drain(..) {
        let ahead = listed().filter(before(col, desc, &ch.key(col), ch.campaign.cmpg_id)).count(db).await?;
        placed.push((ahead, ch));
    }
    placed.sort_by(|(a, x), (b, y)| a.cmp(b).then(x.campaign.cmpg_id.cmp(&y.campaign.cmpg_id).then(x.change.chg_idx.cmp(&y.change.chg_idx))));
    let k = placed.len() as u64;
    let offset = (page - 1) * size;
    // Campaign r lands at r plus the changes placed at or before it: within the window only if
    // r lies in [offset - k, offset + size).
    let from = offset.saturating_sub(k);
    let walked = asked.walked();
    let window = ListQuery { page: 1, page_size: size + (offset - from), order: (col, order.clone()), ..walked };
    let (shifted, total) = window_related(db, visible(caller), &window, Column::CmpgId, (from, Model::by_position), related()).await?;
    let mut merged: Vec<(u64, Row)> = Vec::new();
    for (i, (m, names)) in shifted.into_iter().enumerate() {
        let rank = from + i as u64;
        let at = rank + placed.iter().filter(|(ahead, _)| *ahead <= rank).count() as u64;
        merged.push((at, Row::new(m, names, today)));
    }
    // A change row shows its campaign as requested when the change was.
    let changed = placed.iter().map(|(_, ch)| Model { requested_at: Some(ch.change.created_at), ..ch.campaign.clone() }).collect();
    for (i, ((ahead, ch), mut row)) in placed.iter().zip(rows(db, changed, today).await?).enumerate() {
        row.write_type = ch.change.write_type;
        row.chg_idx = Some(ch.change.chg_idx);
        row.names.insert("reason".into(), json!(ch.change.reason));
        merged.push((ahead + i as u64, row));
    }
    merged.sort_by_key(|(at, _)| *at);
    let page = merged.into_iter().filter(|(at, _)| *at >= offset && *at < offset + size).map(|(_, row)| row).collect();
    Ok((page, total + k))
}

async fn names<E: EntityTrait>(
    db: &impl ConnectionTrait,
    key: E::Column,
    ids: Vec<i64>,
    name: fn(&E::Model) -> (i64, String),
) -> ApiResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(E::find().filter(key.is_in(ids)).all(db).await?.iter().map(name).collect())
}

/// The names a campaign row shows, read with the row: built once (five subqueries, built for each
/// page, were a fiftieth of a cold page's handler time).
fn related() -> &'static [Related] {
    static RELATED: std::sync::LazyLock<Vec<Related>> = std::sync::LazyLock::new(|| {
        vec![
            Related::label::<corp::Entity>(Column::AdvertiserCId, corp::Column::CId, corp::Column::CName, "advertiserCName"),
            Related::label::<corp::Entity>(Column::AgentCId, corp::Column::CId, corp::Column::CName, "agentCName"),
            Related::label::<user::Entity>(Column::SalesUIdx, user::Column::UIdx, user::Column::UName, "salesUName"),
            Related::label::<package::Entity>(Column::PkgId, package::Column::PkgId, package::Column::PkgNm, "pkgNm"),
            Related::label::<product::Entity>(Column::PrdId, product::Column::PrdId, product::Column::PrdNm, "prdNm"),
        ]
    });
    &RELATED
}

/// A campaign as every read shows it: its stored fields with the status derived for today
/// (`cmpgStatus` 30 reads 50 from its start date, 50 reads 99 after its end date, as the daily job
/// will store them), the status to display, and the names of who and what it is for. Written out
/// as it is: a page's rows are not first built as JSON values (each a map of some forty fields).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    #[serde(flatten)]
    campaign: Model,
    display_status: i32,
    /// 0 for a campaign; a change request's kind on the request list's change rows.
    write_type: i32,
    chg_idx: Option<i64>,
    #[serde(flatten)]
    names: Map<String, Value>,
}

impl Row {
    pub fn new(mut campaign: Model, names: Map<String, Value>, today: Today) -> Row {
        let display_status = store::display(&campaign, today.date, today.end_soon_days);
        campaign.cmpg_status = store::effective(&campaign, today.date).code();
        Row { campaign, display_status, write_type: 0, chg_idx: None, names }
    }

    /// The row as a JSON value, for what adds to it (a detail) or reads it by field (an export).
    pub fn value(&self) -> ApiResult<Value> {
        serde_json::to_value(self).map_err(ApiError::internal)
    }
}

/// List rows of campaigns, with the names of who and what they are for.
pub async fn rows(db: &impl ConnectionTrait, models: Vec<Model>, today: Today) -> ApiResult<Vec<Row>> {
    let corp_ids: Vec<i64> = models.iter().flat_map(|m| [Some(m.advertiser_c_id), m.agent_c_id]).flatten().collect();
    let corps = names::<corp::Entity>(db, corp::Column::CId, corp_ids, |c| (c.c_id, c.c_name.clone())).await?;
    let users = names::<user::Entity>(db, user::Column::UIdx, models.iter().filter_map(|m| m.sales_u_idx).collect(), |u| (u.u_idx, u.u_name.clone())).await?;
    let packages =
        names::<package::Entity>(db, package::Column::PkgId, models.iter().filter_map(|m| m.pkg_id).collect(), |p| (p.pkg_id, p.pkg_nm.clone())).await?;
    let products =
        names::<product::Entity>(db, product::Column::PrdId, models.iter().filter_map(|m| m.prd_id).collect(), |p| (p.prd_id, p.prd_nm.clone())).await?;
    Ok(models
        .into_iter()
        .map(|m| {
            let names = [
                ("advertiserCName", json!(corps.get(&m.advertiser_c_id))),
                ("agentCName", json!(m.agent_c_id.and_then(|id| corps.get(&id)))),
                ("salesUName", json!(m.sales_u_idx.and_then(|id| users.get(&id)))),
                ("pkgNm", json!(m.pkg_id.and_then(|id| packages.get(&id)))),
                ("prdNm", json!(m.prd_id.and_then(|id| products.get(&id)))),
            ];
            Row::new(m, names.into_iter().map(|(k, v)| (k.to_string(), v)).collect(), today)
        })
        .collect())
}

/// A campaign's detail, when in the caller's scope: its row with target groups, materials, price,
/// history, change requests and the actions the caller may take on it today. Each part is one
/// statement: the row with its names, the groups with their sites and screens, the materials, the
/// history, the changes.
pub async fn detail(db: &impl ConnectionTrait, caller: &Caller, cmpg_id: i64, today: Today) -> ApiResult<Value> {
    use sea_orm::sea_query::Query;
    let one = ListQuery::row(Column::CmpgId, cmpg_id);
    let (mut found, _) = page_decoded(db, visible(caller), &one, Column::CmpgId, related(), Model::by_position).await?;
    let (c, names) = found.pop().ok_or(ApiError::NotFound)?;
    let c = &c;
    let mut value = Row::new(c.clone(), names, today).value()?;
    // Groups taken down since still show, by their stored row.
    let of_campaign = |table_col: campaign_target::Column| {
        Query::select().column(table_col).from(campaign_target::Entity).and_where(campaign_target::Column::CmpgId.eq(c.cmpg_id)).to_owned()
    };
    let groups = ListQuery {
        page: 1,
        page_size: 1000,
        order: (media_group::Column::MgId, Order::Asc),
        condition: Condition::all().add(media_group::Column::MgId.in_subquery(of_campaign(campaign_target::Column::MgId))),
        walk: None,
        selective: false,
        with_deleted: true,
        marked: true,
        beside: None,
        id_unique: false,
    };
    let screens_live = Condition::all().add(crate::db::entity::media::Column::DeletedAt.is_null());
    let group_related = [
        Related::label::<poi::Entity>(media_group::Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm"),
        Related::count::<crate::db::entity::media::Entity>(media_group::Column::MgId, crate::db::entity::media::Column::MgId, screens_live, "mediaCnt"),
    ];
    let (groups, _) = page_related(db, media_group::Entity::find(), &groups, media_group::Column::MgId, &group_related).await?;
    let targets: Vec<Value> = groups
        .iter()
        .map(|(g, extra)| {
            // A group taken down counts no screens for the campaign.
            let live = g.deleted_at.is_none() && g.media_group_status != 2;
            json!({ "mgId": g.mg_id, "mgNm": g.mg_nm, "poiId": g.poi_id, "poiNm": extra["poiNm"], "templateType": g.template_type,
                "mediaCnt": if live { extra["mediaCnt"].clone() } else { json!(0) }, "adSlotCnt": g.ad_slot_cnt })
        })
        .collect();
    value["targets"] = json!(targets);
    let attached = Query::select()
        .column(campaign_material::Column::MatId)
        .from(campaign_material::Entity)
        .and_where(campaign_material::Column::CmpgId.eq(c.cmpg_id))
        .to_owned();
    let materials: Vec<Value> = material::Entity::find()
        .filter(material::Column::MatId.in_subquery(attached))
        .order_by_asc(material::Column::MatId)
        .all(db)
        .await?
        .iter()
        .map(|m| {
            let encoded = m.encoding_status == townboard_domain::material::encoding::ENCODED;
            json!({ "matId": m.mat_id, "matName": m.mat_name, "templateType": m.template_type, "matPlaytime": m.mat_playtime, "matType": m.mat_type,
                "matStatus": m.mat_status, "thumbUrl": encoded.then(|| format!("/api/material/image.do?matId={}", m.mat_id)) })
        })
        .collect();
    value["materials"] = json!(materials);
    let history =
        campaign_history::Entity::find().filter(campaign_history::Column::CmpgId.eq(c.cmpg_id)).order_by_asc(campaign_history::Column::ChIdx).all(db).await?;
    value["history"] = json!(history);
    let changes =
        campaign_change::Entity::find().filter(campaign_change::Column::CmpgId.eq(c.cmpg_id)).order_by_desc(campaign_change::Column::ChgIdx).all(db).await?;
    let pending = changes.iter().any(|ch| ch.chg_status == campaign_change::PENDING);
    value["changes"] = json!(changes.iter().map(change_value).collect::<Vec<_>>());
    let (start, end) = store::dates(c, today.date);
    let actions: Vec<&str> = rules::allowed_actions(store::status_of(c), &store::rights(caller), start, end, today.date)
        .into_iter()
        .filter(|a| !(pending && *a == Action::Change))
        .map(Action::as_str)
        .collect();
    value["actions"] = json!(actions);
    Ok(value)
}

/// A change request as details show it: its row with what it changes.
pub fn change_value(change: &campaign_change::Model) -> Value {
    let mut value = serde_json::to_value(change).unwrap_or_default();
    if let (Some(obj), Ok(Value::Object(payload))) = (value.as_object_mut(), serde_json::from_str::<Value>(&change.payload)) {
        obj.extend(payload);
    }
    value
}
