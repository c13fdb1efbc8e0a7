//! The fields of a campaign save or quote (api.md "Campaign calls") and their checks. A draft needs
//! its title and advertiser; a quote what the price is made of (product, period, slots, groups);
//! a complete campaign (a request, an approval) everything it plays with. Every problem is told at
//! once, by field.

use crate::api::attachable;
use crate::api::promotion::coupon_rules::{self, Applied};
use crate::api::validation::Check;
use crate::auth::Caller;
use crate::auth::scope::Role;
use crate::db::entity::{campaign, campaign_material, campaign_target, corp, material, media, media_group, package, package_product, poi, product, user};
use crate::error::{ApiError, ApiResult};
use crate::slots::{self, UseDays, Used, Want};
use chrono::NaiveDate;
use sea_orm::sea_query::{Alias, Expr, Func, JoinType, Query, SelectStatement, SimpleExpr, SubQueryStatement};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, IdenStatic, Iterable, QueryFilter, QueryResult, QuerySelect};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use townboard_domain::availability::{HalfSlots, units_needed};
use townboard_domain::price::{self, Extra, Quote, QuoteInput, RegionMultipliers};
use townboard_domain::validate::parse_date;

/// The package of a new campaign (`P000000003`).
pub const DEFAULT_PACKAGE: i64 = 3;
pub const MAX_SLOT_CNT: i64 = 10;
pub const MAX_TARGETS: usize = 200;
pub const MAX_MATERIALS: usize = 20;
/// The longest period: three years of slot holds per group.
pub const MAX_DAYS: i64 = 1096;
/// A media group taken down for good sells nothing.
const DEMOLISHED: i32 = 2;
const ON_SALE: i32 = 1;
const SALES_ROLES: [i32; 3] = [10003, 10005, 10010];

/// A campaign's fields as a save or a quote sends them.
#[derive(schemars::JsonSchema, Deserialize, Default, Clone, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CampaignInput {
    pub cmpg_id: Option<i64>,
    pub cmpg_title: Option<String>,
    #[serde(rename = "advertiserCId")]
    pub advertiser_c_id: Option<i64>,
    #[serde(rename = "agentCId")]
    pub agent_c_id: Option<i64>,
    pub sales_u_idx: Option<i64>,
    pub platform: Option<i32>,
    pub pkg_id: Option<String>,
    pub prd_id: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub slot_cnt: Option<i64>,
    pub schd_rate: Option<i64>,
    pub targets: Option<Vec<TargetRef>>,
    pub materials: Option<Vec<MaterialRef>>,
    /// "KRW" or "PCT".
    pub extra_type: Option<String>,
    /// Negative is a discount, positive a surcharge.
    pub extra_value: Option<i64>,
    pub memo: Option<String>,
    /// A biz coupon (promotions): absent keeps the stored one, null (or 0) takes it off.
    #[serde(default, deserialize_with = "present")]
    pub cp_idx: Option<Option<i64>>,
}

/// A field that was sent, even as null (`Some(None)`), apart from one left out (`None`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

#[derive(schemars::JsonSchema, Deserialize, serde::Serialize, Clone, Copy, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TargetRef {
    pub mg_id: i64,
}

#[derive(schemars::JsonSchema, Deserialize, serde::Serialize, Clone, Copy, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MaterialRef {
    pub mat_id: i64,
}

/// How much of a campaign must be there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A draft: title and advertiser; the rest checked when given.
    Draft,
    /// A price: product, period, slots and groups; who it is for does not matter.
    Quote,
    /// A request or an approval: everything.
    Complete,
}

/// A target group with what the price and the audience read of it.
#[derive(Debug, Clone)]
pub struct Target {
    pub group: media_group::Model,
    pub site: Option<poi::Model>,
    /// Live screens of the group.
    pub media_cnt: i64,
}

/// A campaign's fields, checked and resolved to rows.
#[derive(Debug, Clone)]
pub struct Form {
    pub title: String,
    pub advertiser_c_id: Option<i64>,
    pub agent_c_id: Option<i64>,
    pub sales_u_idx: Option<i64>,
    pub platform: i32,
    pub package: Option<package::Model>,
    pub product: Option<product::Model>,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    pub slot_cnt: Option<i64>,
    pub schd_rate: i64,
    /// The extra charge as stored: type and value.
    pub extra: Option<(String, i64)>,
    pub memo: String,
    pub targets: Vec<Target>,
    pub materials: Vec<material::Model>,
    /// The biz coupon the campaign carries.
    pub coupon: Option<Applied>,
    /// What is sold on the groups from today to the end, the campaign's own holds left out: read
    /// with the groups for a quote, empty otherwise.
    pub used: Used,
}

impl Form {
    /// The price, or `None` while something it is made of is missing.
    pub fn quote(&self) -> Option<ApiResult<Quote>> {
        let (product, package, start, end, slot_cnt) = (self.product.as_ref()?, self.package.as_ref()?, self.start?, self.end?, self.slot_cnt?);
        if self.targets.is_empty() {
            return None;
        }
        let input = QuoteInput {
            unit_price: product.unit_price,
            slot_cnt,
            media_cnt: self.targets.iter().map(|t| t.media_cnt).sum(),
            start,
            end,
            schd_rate: self.schd_rate,
            extra: self.extra.as_ref().and_then(|(t, v)| Extra::from_wire(t, *v)),
            coupon: self.coupon.map(|c| c.coupon),
            price_gross: package.price_gross_yn == "Y",
        };
        Some(price::quote(&input).map_err(|(field, message)| ApiError::invalid(field, message)))
    }

    /// Half slots the campaign holds on each group and day.
    pub fn units(&self) -> HalfSlots {
        units_needed(self.slot_cnt.unwrap_or(0), self.schd_rate)
    }

    /// The holds of the campaign's groups for the days `from..=end`.
    pub fn wants(&self, from: NaiveDate) -> Vec<Want> {
        let (Some(start), Some(end)) = (self.start, self.end) else { return vec![] };
        let units = self.units();
        self.targets.iter().map(|t| Want { mg_id: t.group.mg_id, ad_slot_cnt: t.group.ad_slot_cnt.into(), from: from.max(start), to: end, units }).collect()
    }

    /// Estimated audience: households of the target sites (each site once) by their sido's multiplier.
    pub fn audience(&self, multipliers: &RegionMultipliers) -> i64 {
        let mut seen = HashSet::new();
        let sites: Vec<(&str, i64)> =
            self.targets.iter().filter_map(|t| t.site.as_ref()).filter(|s| seen.insert(s.poi_id)).map(|s| (s.rgn_cd.as_str(), i64::from(s.da_cnt))).collect();
        price::audience(&sites, multipliers)
    }
}

/// The region multipliers of env `REGION_MULTIPLIERS` (the seed values when it is unset or unreadable).
pub async fn multipliers(state: &crate::state::AppState) -> ApiResult<RegionMultipliers> {
    Ok(crate::settings::get(state, "REGION_MULTIPLIERS").await?.and_then(|v| RegionMultipliers::parse(&v).ok()).unwrap_or_default())
}

fn date_of(check: &mut Check, field: &str, text: Option<&str>) -> Option<NaiveDate> {
    let text = text.map(str::trim).filter(|t| !t.is_empty())?;
    let date = parse_date(text);
    if date.is_none() {
        check.fail(field, "날짜 형식이 올바르지 않습니다.");
    }
    date
}

/// The stored fields of a campaign as an input, to check a stored campaign again.
pub async fn input_of(db: &impl ConnectionTrait, c: &campaign::Model) -> ApiResult<CampaignInput> {
    Ok(CampaignInput {
        cmpg_id: Some(c.cmpg_id),
        cmpg_title: Some(c.cmpg_title.clone()),
        advertiser_c_id: Some(c.advertiser_c_id),
        agent_c_id: c.agent_c_id,
        sales_u_idx: c.sales_u_idx,
        platform: Some(c.platform),
        pkg_id: c.pkg_id.map(package::wire_id),
        prd_id: c.prd_id.map(product::wire_id),
        start_date: c.start_date.clone(),
        end_date: c.end_date.clone(),
        slot_cnt: c.slot_cnt.map(i64::from),
        schd_rate: Some(c.schd_rate.into()),
        targets: Some(target_ids(db, c.cmpg_id).await?.into_iter().map(|mg_id| TargetRef { mg_id }).collect()),
        materials: Some(material_ids(db, c.cmpg_id).await?.into_iter().map(|mat_id| MaterialRef { mat_id }).collect()),
        extra_type: c.extra_type.clone(),
        extra_value: c.extra_value,
        memo: Some(c.memo.clone()),
        cp_idx: Some(c.cp_idx),
    })
}

pub async fn target_ids(db: &impl ConnectionTrait, cmpg_id: i64) -> ApiResult<Vec<i64>> {
    Ok(campaign_target::Entity::find()
        .select_only()
        .column(campaign_target::Column::MgId)
        .filter(campaign_target::Column::CmpgId.eq(cmpg_id))
        .into_tuple()
        .all(db)
        .await?)
}

pub async fn material_ids(db: &impl ConnectionTrait, cmpg_id: i64) -> ApiResult<Vec<i64>> {
    Ok(campaign_material::Entity::find()
        .select_only()
        .column(campaign_material::Column::MatId)
        .filter(campaign_material::Column::CmpgId.eq(cmpg_id))
        .into_tuple()
        .all(db)
        .await?)
}

/// Live groups by id with their site and live screens; groups taken down count as missing.
pub async fn groups(db: &impl ConnectionTrait, mg_ids: &[i64]) -> ApiResult<HashMap<i64, Target>> {
    Ok(groups_using(db, mg_ids, None).await?.0)
}

/// [`groups`], and what is sold on them over `days` when asked, in one statement.
pub async fn groups_using(db: &impl ConnectionTrait, mg_ids: &[i64], days: Option<UseDays>) -> ApiResult<(HashMap<i64, Target>, Used)> {
    let mut used = Used::new();
    let mut found = HashMap::with_capacity(mg_ids.len());
    if mg_ids.is_empty() {
        return Ok((found, used));
    }
    let backend = db.get_database_backend();
    let mut select = Query::select();
    select.from(media_group::Entity).join(JoinType::LeftJoin, poi::Entity, site_of_group()).cond_where(live_groups(mg_ids));
    group_columns(&mut select, backend, days);
    for row in &db.query_all_raw(backend.build(&select)).await? {
        if let Some(target) = group_of(row, days, &mut used)? {
            found.insert(target.group.mg_id, target);
        }
    }
    Ok((found, used))
}

/// The live groups among `mg_ids` (not taken down).
fn live_groups(mg_ids: &[i64]) -> Condition {
    use sea_orm::sea_query::ExprTrait;
    let col = |c: media_group::Column| Expr::col((media_group::Entity, c));
    Condition::all()
        .add(col(media_group::Column::MgId).is_in(mg_ids.iter().copied()))
        .add(col(media_group::Column::DeletedAt).is_null())
        .add(col(media_group::Column::MediaGroupStatus).ne(DEMOLISHED))
}

fn site_of_group() -> SimpleExpr {
    use sea_orm::sea_query::ExprTrait;
    Expr::col((media_group::Entity, media_group::Column::PoiId)).equals((poi::Entity, poi::Column::PoiId))
}

/// A group's columns, its site's, its live screens and, when asked, what is sold on it over
/// `days`, for a statement that joins `media_group` and `poi`.
fn group_columns(select: &mut SelectStatement, backend: DbBackend, days: Option<UseDays>) {
    use sea_orm::sea_query::ExprTrait;
    prefixed::<media_group::Entity>(select, "G_");
    prefixed::<poi::Entity>(select, "S_");
    let live_screens = Query::select()
        .expr(Func::count(Expr::col((media::Entity, media::Column::MediaId))))
        .from(media::Entity)
        .and_where(Expr::col((media::Entity, media::Column::MgId)).equals((media_group::Entity, media_group::Column::MgId)))
        .and_where(Expr::col((media::Entity, media::Column::DeletedAt)).is_null())
        .to_owned();
    select.expr_as(SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(live_screens))), Alias::new("media_cnt_"));
    if let Some(days) = days {
        select.expr_as(slots::use_of_group(backend, Expr::col((media_group::Entity, media_group::Column::MgId)), days), Alias::new("used_"));
    }
}

/// The group of a row [`group_columns`] wrote, if it holds one; what is sold on it goes to `used`.
fn group_of(row: &QueryResult, days: Option<UseDays>, used: &mut Used) -> ApiResult<Option<Target>> {
    let Some(group) = media_group::Model::from_query_result_optional(row, "G_")? else { return Ok(None) };
    let target = Target { group, site: poi::Model::from_query_result_optional(row, "S_")?, media_cnt: row.try_get::<i64>("", "media_cnt_")? };
    if days.is_some() {
        slots::add_use_of_group(used, target.group.mg_id, row.try_get::<Option<String>>("", "used_")?.as_deref().unwrap_or_default());
    }
    Ok(Some(target))
}

/// Checks the input for `purpose` and resolves it against the rows it names. `existing` is the
/// stored campaign being edited: what the input leaves out keeps its stored value.
pub async fn resolve(
    db: &impl ConnectionTrait,
    caller: &Caller,
    input: CampaignInput,
    existing: Option<&campaign::Model>,
    purpose: Purpose,
    today: NaiveDate,
) -> ApiResult<Form> {
    let mut check = Check::new();
    let needs_owner = purpose != Purpose::Quote;
    let title = input.cmpg_title.clone().or(existing.map(|e| e.cmpg_title.clone())).unwrap_or_default().trim().to_string();
    if needs_owner {
        check.required("cmpgTitle", &title, 200);
    }
    let advertiser_named = (caller.role != Role::Advertiser).then(|| input.advertiser_c_id.or(existing.map(|e| e.advertiser_c_id))).flatten();
    let (pkg_id, prd_id) = product_ids(&input, existing, &mut check);
    let (start, end) = period_fields(&input, existing, purpose, today, &mut check);
    let target_refs: Vec<i64> = match &input.targets {
        Some(t) => t.iter().map(|t| t.mg_id).collect(),
        None => stored_or_none(existing, |cmpg_id| target_ids(db, cmpg_id)).await?,
    };
    // A quote reads what is sold on its groups with them.
    let days = match (purpose, start, end) {
        (Purpose::Quote, Some(start), Some(end)) if start.max(today) <= end => {
            Some(UseDays { from: start.max(today), to: end, except: existing.map(|e| e.cmpg_id) })
        }
        _ => None,
    };
    let asked_groups = if target_refs.len() > MAX_TARGETS { &[][..] } else { &target_refs[..] };
    let named = named_rows(db, caller, Asked { advertiser: advertiser_named, pkg_id, prd_id, mg_ids: asked_groups, days }).await?;
    let advertiser_c_id = owner_fields(caller, advertiser_named, named.advertiser_in_reach, needs_owner, &mut check);
    let (agent_c_id, sales_u_idx) = sales_fields(db, caller, &input, existing, &mut check).await?;
    let platform = input.platform.or(existing.map(|e| e.platform)).unwrap_or(1);
    check.code("platform", "PLATFORM", &platform.to_string());
    let targets = target_fields(named.groups, &target_refs, purpose, &mut check);
    let used = named.used;
    let (package, product) = product_fields(named.package, named.product, pkg_id, prd_id, existing, purpose, &mut check);
    let (slot_cnt, schd_rate) = slot_fields(&input, existing, purpose, &mut check);
    let extra = extra_fields(&input, existing, &mut check);
    let memo = input.memo.clone().or(existing.map(|e| e.memo.clone())).unwrap_or_default().trim().to_string();
    check.max_len("memo", &memo, 2000);
    let coupon = coupon_field(db, &input, existing, advertiser_c_id, purpose, today, &mut check).await?;
    // A quote prices the booking: what plays in it does not matter.
    let materials = if purpose == Purpose::Quote {
        vec![]
    } else {
        let refs = match &input.materials {
            Some(m) => m.iter().map(|m| m.mat_id).collect(),
            None => stored_or_none(existing, |cmpg_id| material_ids(db, cmpg_id)).await?,
        };
        material_fields(db, advertiser_c_id, &refs, purpose == Purpose::Complete, &mut check).await?
    };
    check.finish()?;
    Ok(Form {
        title,
        advertiser_c_id,
        agent_c_id,
        sales_u_idx,
        platform,
        package,
        product,
        start,
        end,
        slot_cnt,
        schd_rate,
        extra,
        memo,
        targets,
        materials,
        coupon,
        used,
    })
}

/// The ids the stored campaign holds (its groups, its materials), none for a new one.
async fn stored_or_none<F, Fut>(existing: Option<&campaign::Model>, read: F) -> ApiResult<Vec<i64>>
where
    F: FnOnce(i64) -> Fut,
    Fut: std::future::Future<Output = ApiResult<Vec<i64>>>,
{
    match existing {
        Some(e) => read(e.cmpg_id).await,
        None => Ok(vec![]),
    }
}

/// The period: valid dates in order within [`MAX_DAYS`]; required unless a draft; a request or an
/// approval may not end in the past.
fn period_fields(
    input: &CampaignInput,
    existing: Option<&campaign::Model>,
    purpose: Purpose,
    today: NaiveDate,
    check: &mut Check,
) -> (Option<NaiveDate>, Option<NaiveDate>) {
    let date = |check: &mut Check, field: &str, asked: &Option<String>, stored: Option<&str>| match asked {
        Some(_) => date_of(check, field, asked.as_deref()),
        None => date_of(check, field, stored),
    };
    let start = date(check, "startDate", &input.start_date, existing.and_then(|e| e.start_date.as_deref()));
    let end = date(check, "endDate", &input.end_date, existing.and_then(|e| e.end_date.as_deref()));
    match (start, end) {
        (Some(s), Some(e)) if e < s => check.fail("endDate", "종료일은 시작일 이후여야 합니다."),
        (Some(s), Some(e)) if price::period_days(s, e) > MAX_DAYS => check.fail("endDate", format!("기간은 {MAX_DAYS}일 이내여야 합니다.")),
        (Some(_), Some(e)) if purpose == Purpose::Complete && e < today => check.fail("endDate", "종료일이 지났습니다."),
        _ => {}
    }
    if purpose != Purpose::Draft {
        for (field, found, asked) in [("startDate", start, &input.start_date), ("endDate", end, &input.end_date)] {
            if found.is_none() && asked.as_deref().is_none_or(|s| s.trim().is_empty()) {
                check.fail(field, "필수 항목입니다.");
            }
        }
    }
    (start, end)
}

/// Slots a loop (required unless a draft) and the share of loops (100 or 50).
fn slot_fields(input: &CampaignInput, existing: Option<&campaign::Model>, purpose: Purpose, check: &mut Check) -> (Option<i64>, i64) {
    let slot_cnt = input.slot_cnt.or(existing.and_then(|e| e.slot_cnt.map(i64::from)));
    match slot_cnt {
        Some(n) => check.range("slotCnt", n, 1, MAX_SLOT_CNT),
        None if purpose != Purpose::Draft => check.fail("slotCnt", "필수 항목입니다."),
        None => {}
    }
    let schd_rate = input.schd_rate.or(existing.map(|e| e.schd_rate.into())).unwrap_or(100);
    if !matches!(schd_rate, 50 | 100) {
        check.fail("schdRate", "편성 비율은 100 또는 50이어야 합니다.");
    }
    (slot_cnt, schd_rate)
}

/// The extra charge as stored (type and value); an edit naming neither keeps the stored one.
fn extra_fields(input: &CampaignInput, existing: Option<&campaign::Model>, check: &mut Check) -> Option<(String, i64)> {
    let (extra_type, extra_value) = if input.extra_type.is_some() || input.extra_value.is_some() || existing.is_none() {
        (input.extra_type.clone(), input.extra_value)
    } else {
        (existing.and_then(|e| e.extra_type.clone()), existing.and_then(|e| e.extra_value))
    };
    let value = extra_value.filter(|v| *v != 0)?;
    let kind = extra_type.map(|t| t.trim().to_ascii_uppercase()).filter(|t| !t.is_empty()).unwrap_or_else(|| "KRW".into());
    if Extra::from_wire(&kind, value).is_none() {
        check.fail("extraType", "KRW 또는 PCT여야 합니다.");
    }
    Some((kind, value))
}

/// The biz coupon named (0 drops it; leaving it out keeps the stored one), as it applies today.
async fn coupon_field(
    db: &impl ConnectionTrait,
    input: &CampaignInput,
    existing: Option<&campaign::Model>,
    advertiser_c_id: Option<i64>,
    purpose: Purpose,
    today: NaiveDate,
    check: &mut Check,
) -> ApiResult<Option<Applied>> {
    let cp_idx = match input.cp_idx {
        Some(named) => named.filter(|id| *id != 0),
        None => existing.and_then(|e| e.cp_idx),
    };
    let Some(cp_idx) = cp_idx else { return Ok(None) };
    // A pending request's uses are counted (or refused, 10409) by its approval.
    let pending = purpose == Purpose::Complete && existing.is_some_and(|e| matches!(e.cmpg_status, 21 | 27));
    Ok(match coupon_rules::for_campaign(db, cp_idx, advertiser_c_id, existing.map(|e| e.cmpg_id), today, pending).await? {
        Ok(applied) => Some(applied),
        Err(why) => {
            check.fail("cpIdx", why);
            None
        }
    })
}

/// The advertiser: advertisers write for their own corp; everyone else names one in reach.
fn owner_fields(caller: &Caller, named: Option<i64>, in_reach: bool, needed: bool, check: &mut Check) -> Option<i64> {
    if caller.role == Role::Advertiser {
        return Some(caller.user.c_id);
    }
    match named {
        Some(c_id) if in_reach => Some(c_id),
        Some(_) if needed => {
            check.fail("advertiserCId", "광고주를 찾을 수 없습니다.");
            None
        }
        None if needed => {
            check.fail("advertiserCId", "광고주를 선택하세요.");
            None
        }
        _ => None,
    }
}

/// What a booking names by id.
struct Asked<'a> {
    advertiser: Option<i64>,
    pkg_id: Option<i64>,
    prd_id: Option<i64>,
    mg_ids: &'a [i64],
    /// The days whose sold slots are read with the groups (a quote).
    days: Option<UseDays>,
}

/// The rows a booking names, read in one statement.
struct Named {
    /// The advertiser named is there and in the caller's reach.
    advertiser_in_reach: bool,
    package: Option<package::Model>,
    /// The product, with whether the package sells it.
    product: Option<(product::Model, bool)>,
    /// The live groups named, by id.
    groups: HashMap<i64, Target>,
    /// What is sold on them over the days asked.
    used: Used,
}

/// Reads the advertiser's reach, the package, the product (with whether the package sells it)
/// and the live groups with their sites, screens and sold slots together: one row a group found,
/// or one row without a group, whatever of the rest is there.
async fn named_rows(db: &impl ConnectionTrait, caller: &Caller, asked: Asked<'_>) -> ApiResult<Named> {
    use sea_orm::sea_query::ExprTrait;
    let backend = db.get_database_backend();
    let live = |id: SimpleExpr, value: Option<i64>, deleted: SimpleExpr| Condition::all().add(id.eq(value.unwrap_or(-1))).add(deleted.is_null());
    let mut select = Query::select();
    select
        .from_subquery(Query::select().expr(Expr::val(1)).to_owned(), Alias::new("ask"))
        .join(
            JoinType::LeftJoin,
            package::Entity,
            live(Expr::col((package::Entity, package::Column::PkgId)), asked.pkg_id, Expr::col((package::Entity, package::Column::DeletedAt))),
        )
        .join(
            JoinType::LeftJoin,
            product::Entity,
            live(Expr::col((product::Entity, product::Column::PrdId)), asked.prd_id, Expr::col((product::Entity, product::Column::DeletedAt))),
        );
    prefixed::<package::Entity>(&mut select, "P_");
    prefixed::<product::Entity>(&mut select, "R_");
    let in_package = Query::select()
        .expr(Expr::val(1))
        .from(package_product::Entity)
        .and_where(Expr::col((package_product::Entity, package_product::Column::PkgId)).equals((package::Entity, package::Column::PkgId)))
        .and_where(Expr::col((package_product::Entity, package_product::Column::PrdId)).equals((product::Entity, product::Column::PrdId)))
        .to_owned();
    select.expr_as(Expr::exists(in_package), Alias::new("in_package_"));
    if let Some(c_id) = asked.advertiser {
        select.expr_as(Expr::exists(crate::api::visible::advertiser_query(caller, c_id)), Alias::new("advertiser_"));
    }
    if !asked.mg_ids.is_empty() {
        select.join(JoinType::LeftJoin, media_group::Entity, live_groups(asked.mg_ids)).join(JoinType::LeftJoin, poi::Entity, site_of_group());
        group_columns(&mut select, backend, asked.days);
    }
    let rows = db.query_all_raw(backend.build(&select)).await?;
    let first = rows.first().ok_or_else(|| ApiError::internal("the booking's row is missing"))?;
    let product = match product::Model::from_query_result_optional(first, "R_")? {
        Some(p) => Some((p, first.try_get::<bool>("", "in_package_")?)),
        None => None,
    };
    let mut named = Named {
        advertiser_in_reach: asked.advertiser.is_some() && first.try_get::<bool>("", "advertiser_")?,
        package: package::Model::from_query_result_optional(first, "P_")?,
        product,
        groups: HashMap::with_capacity(rows.len()),
        used: Used::new(),
    };
    if !asked.mg_ids.is_empty() {
        for row in &rows {
            if let Some(target) = group_of(row, asked.days, &mut named.used)? {
                named.groups.insert(target.group.mg_id, target);
            }
        }
    }
    Ok(named)
}

/// Every column of `E`, named with `prefix` as a model read from a joined row expects.
fn prefixed<E: EntityTrait>(select: &mut SelectStatement, prefix: &str) {
    for column in E::Column::iter() {
        select.expr_as(Expr::col((E::default(), column)), Alias::new(format!("{prefix}{}", column.as_str())));
    }
}

/// The agency and the sales user: a sales agent writes for their own agency (and themselves unless
/// they name someone of it); advertisers keep what is stored; approvers name any sales corp and one
/// of its users.
async fn sales_fields(
    db: &impl ConnectionTrait,
    caller: &Caller,
    input: &CampaignInput,
    existing: Option<&campaign::Model>,
    check: &mut Check,
) -> ApiResult<(Option<i64>, Option<i64>)> {
    if caller.role == Role::Advertiser {
        return Ok((existing.and_then(|e| e.agent_c_id), existing.and_then(|e| e.sales_u_idx)));
    }
    let agent = if caller.role.is_sales() {
        Some(caller.user.c_id)
    } else {
        let named = if input.agent_c_id.is_some() || existing.is_none() { input.agent_c_id } else { existing.and_then(|e| e.agent_c_id) };
        if let Some(c_id) = named {
            let found = corp::Entity::find().filter(corp::Column::CId.eq(c_id)).filter(corp::Column::DeletedAt.is_null()).one(db).await?;
            if !found.is_some_and(|c| SALES_ROLES.contains(&c.role_cd)) {
                check.fail("agentCId", "영업 대행사를 찾을 수 없습니다.");
            }
        }
        named
    };
    let named = if input.sales_u_idx.is_some() || existing.is_none() { input.sales_u_idx } else { existing.and_then(|e| e.sales_u_idx) };
    let sales = match named {
        None if caller.role.is_sales() => Some(caller.user.u_idx),
        None => None,
        Some(u_idx) => {
            let found = user::Entity::find().filter(user::Column::UIdx.eq(u_idx)).filter(user::Column::DeletedAt.is_null()).one(db).await?;
            let in_reach = caller.role.sees_all_rows() || crate::api::visible::user(db, caller, u_idx).await.is_ok();
            match found {
                Some(u) if in_reach && SALES_ROLES.contains(&u.role_cd) && agent.is_none_or(|a| a == u.c_id) => Some(u_idx),
                _ => {
                    check.fail("salesUIdx", "대행사의 영업 담당자를 선택하세요.");
                    None
                }
            }
        }
    };
    Ok((agent, sales))
}

/// The package named (the default one unless named) and the product; a package that is not an
/// id fails here and names no product.
fn product_ids(input: &CampaignInput, existing: Option<&campaign::Model>, check: &mut Check) -> (Option<i64>, Option<i64>) {
    let pkg_id = match input.pkg_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => match package::parse_id(text) {
            Some(id) => id,
            None => {
                check.fail("pkgId", "패키지를 찾을 수 없습니다.");
                return (None, None);
            }
        },
        None => existing.and_then(|e| e.pkg_id).unwrap_or(DEFAULT_PACKAGE),
    };
    let prd_id = match input.prd_id.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => product::parse_id(text).or(Some(-1)),
        None => existing.and_then(|e| e.prd_id),
    };
    (Some(pkg_id), prd_id)
}

/// The package and a product of it, as read. A package or product no longer on sale stays only on
/// a campaign that already had it.
fn product_fields(
    package: Option<package::Model>,
    product: Option<(product::Model, bool)>,
    pkg_id: Option<i64>,
    prd_id: Option<i64>,
    existing: Option<&campaign::Model>,
    purpose: Purpose,
    check: &mut Check,
) -> (Option<package::Model>, Option<product::Model>) {
    if pkg_id.is_none() {
        return (None, None);
    }
    let kept_package = existing.and_then(|e| e.pkg_id);
    let package = match package {
        Some(p) if p.pkg_status == ON_SALE || kept_package == Some(p.pkg_id) => p,
        _ => {
            check.fail("pkgId", "판매 중인 패키지를 선택하세요.");
            return (None, None);
        }
    };
    if prd_id.is_none() {
        if purpose != Purpose::Draft {
            check.fail("prdId", "상품을 선택하세요.");
        }
        return (Some(package), None);
    }
    match product {
        Some((p, true)) if (p.prd_status == ON_SALE || existing.and_then(|e| e.prd_id) == Some(p.prd_id)) => (Some(package), Some(p)),
        _ => {
            check.fail("prdId", "패키지에서 판매 중인 상품을 선택하세요.");
            (Some(package), None)
        }
    }
}

/// The groups named, in order, checked against the live groups read.
fn target_fields(mut found: HashMap<i64, Target>, refs: &[i64], purpose: Purpose, check: &mut Check) -> Vec<Target> {
    if refs.len() > MAX_TARGETS {
        check.fail("targets", format!("매체 그룹은 {MAX_TARGETS}개까지 선택할 수 있습니다."));
        return vec![];
    }
    if refs.is_empty() && purpose != Purpose::Draft {
        check.fail("targets", "매체 그룹을 하나 이상 선택하세요.");
    }
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for (i, mg_id) in refs.iter().enumerate() {
        if !seen.insert(*mg_id) {
            check.fail(&format!("targets[{i}].mgId"), "같은 매체 그룹이 두 번 있습니다.");
            continue;
        }
        match found.remove(mg_id) {
            Some(t) => out.push(t),
            None => check.fail(&format!("targets[{i}].mgId"), "운영 중인 매체 그룹이 아닙니다."),
        }
    }
    out
}

async fn material_fields(db: &impl ConnectionTrait, advertiser: Option<i64>, refs: &[i64], full: bool, check: &mut Check) -> ApiResult<Vec<material::Model>> {
    if refs.len() > MAX_MATERIALS {
        check.fail("materials", format!("소재는 {MAX_MATERIALS}개까지 선택할 수 있습니다."));
        return Ok(vec![]);
    }
    if refs.is_empty() && full {
        check.fail("materials", "소재를 하나 이상 선택하세요.");
    }
    let found = match advertiser {
        Some(c_id) => attachable::find(db, c_id, refs).await?,
        None => vec![],
    };
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for (i, mat_id) in refs.iter().enumerate() {
        if !seen.insert(*mat_id) {
            check.fail(&format!("materials[{i}].matId"), "같은 소재가 두 번 있습니다.");
            continue;
        }
        match found.iter().find(|m| m.mat_id == *mat_id) {
            Some(m) => out.push(m.clone()),
            None => check.fail(&format!("materials[{i}].matId"), "광고주의 승인·인코딩 완료 소재가 아닙니다."),
        }
    }
    Ok(out)
}

/// The holds a stored campaign needs on its stored groups for the days `from..=end` (a revert,
/// a resume): only the slots are checked again, nothing else of the campaign.
pub async fn stored_wants(db: &impl ConnectionTrait, c: &campaign::Model, from: NaiveDate) -> ApiResult<Vec<Want>> {
    let (Some(start), Some(end)) = (c.start_date.as_deref().and_then(parse_date), c.end_date.as_deref().and_then(parse_date)) else {
        return Ok(vec![]);
    };
    let units = units_needed(c.slot_cnt.unwrap_or(0).into(), c.schd_rate.into());
    let found = groups(db, &target_ids(db, c.cmpg_id).await?).await?;
    let mut wants: Vec<Want> =
        found.values().map(|t| Want { mg_id: t.group.mg_id, ad_slot_cnt: t.group.ad_slot_cnt.into(), from: from.max(start), to: end, units }).collect();
    wants.sort_by_key(|w| w.mg_id);
    Ok(wants)
}
