//! A campaign's delivery: per day and group, the plays its screens reported (proof of play) beside
//! the plays its loops scheduled (screens × loops in the site's hours × the campaign's items per
//! loop, halves counted in their loops).

use super::played;
use crate::db::entity::{campaign_target, media, pop_daily};
use crate::error::ApiResult;
use crate::state::AppState;
use sea_orm::sea_query::{Alias, Expr, Func};
use sea_orm::{ColumnTrait, EntityTrait, JoinType, QueryFilter, QuerySelect};
use std::collections::{BTreeMap, HashMap};
use townboard_domain::schedule::{loops_in, scheduled_plays};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Delivery {
    pub plays: i64,
    pub seconds: i64,
    pub scheduled_plays: i64,
}

impl Delivery {
    /// Plays against scheduled plays in percent, one decimal; None when nothing was scheduled.
    pub fn rate(&self) -> Option<f64> {
        (self.scheduled_plays > 0).then(|| (self.plays as f64 * 1000.0 / self.scheduled_plays as f64).round() / 10.0)
    }

    fn add(&mut self, other: &Delivery) {
        self.plays += other.plays;
        self.seconds += other.seconds;
        self.scheduled_plays += other.scheduled_plays;
    }
}

/// A sum of a BIGINT column read as one (PostgreSQL sums BIGINTs as NUMERIC).
fn sum_of(col: pop_daily::Column) -> Expr {
    Expr::expr(Func::cast_as(Func::sum(Expr::col((pop_daily::Entity, col))), Alias::new("BIGINT")))
}

/// One row of the report.
#[derive(Debug, Clone)]
pub struct Row {
    pub date: String,
    pub mg_id: i64,
    pub mg_nm: String,
    pub delivery: Delivery,
}

/// The rows of a campaign from `from` to `to` ("YYYY-MM-DD"), by date and group name, and their sum.
pub async fn of_campaign(state: &AppState, cmpg_id: i64, from: &str, to: &str) -> ApiResult<(Vec<Row>, Delivery)> {
    state.ingestion.settle().await?;
    let targets: Vec<i64> = campaign_target::Entity::find()
        .select_only()
        .column(campaign_target::Column::MgId)
        .filter(campaign_target::Column::CmpgId.eq(cmpg_id))
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut by_key: BTreeMap<(String, i64), Delivery> = BTreeMap::new();
    // Reported plays, summed by the group of the screen that played.
    let screen = pop_daily::Entity::belongs_to(media::Entity).from(pop_daily::Column::MediaId).to(media::Column::MediaId).into();
    let reported: Vec<(String, i64, i64, i64)> = pop_daily::Entity::find()
        .select_only()
        .column(pop_daily::Column::PlayDate)
        .column(media::Column::MgId)
        .column_as(sum_of(pop_daily::Column::Plays), "plays")
        .column_as(sum_of(pop_daily::Column::Seconds), "seconds")
        .join(JoinType::InnerJoin, screen)
        .filter(pop_daily::Column::CmpgId.eq(cmpg_id))
        .filter(pop_daily::Column::PlayDate.gte(from))
        .filter(pop_daily::Column::PlayDate.lte(to))
        .filter(media::Column::MgId.is_not_null())
        .group_by(pop_daily::Column::PlayDate)
        .group_by(media::Column::MgId)
        .into_tuple()
        .all(&state.db)
        .await?;
    for (date, mg_id, plays, seconds) in reported {
        let d = by_key.entry((date, mg_id)).or_default();
        d.plays += plays;
        d.seconds += seconds;
    }
    let loops = played::of(state, &targets, from, to).await?;
    let mut mg_ids: Vec<i64> = targets.iter().copied().chain(by_key.keys().map(|k| k.1)).collect();
    mg_ids.sort_unstable();
    mg_ids.dedup();
    let placed = played::placed(state, &mg_ids).await?;
    let screens = played::screens(state, &targets).await?;
    for day in &loops {
        let per_screen =
            scheduled_plays(&day.items, loops_in(day.loop_sec, placed.get(&day.mg_id).map_or(24 * 3600, played::Placed::operating_seconds)), |i| {
                i.cmpg_id == Some(cmpg_id)
            });
        let scheduled = per_screen as i64 * screens.get(&day.mg_id).copied().unwrap_or(0);
        if scheduled > 0 {
            by_key.entry((day.date.clone(), day.mg_id)).or_default().scheduled_plays += scheduled;
        }
    }
    let names: HashMap<i64, &str> = placed.iter().map(|(id, p)| (*id, p.group.mg_nm.as_str())).collect();
    let mut rows: Vec<Row> = by_key
        .into_iter()
        .map(|((date, mg_id), delivery)| Row { date, mg_id, mg_nm: names.get(&mg_id).map_or_else(String::new, |n| (*n).to_string()), delivery })
        .collect();
    rows.sort_by(|a, b| (&a.date, &a.mg_nm, a.mg_id).cmp(&(&b.date, &b.mg_nm, b.mg_id)));
    let mut sum = Delivery::default();
    for r in &rows {
        sum.add(&r.delivery);
    }
    Ok((rows, sum))
}

#[cfg(test)]
mod tests {
    use super::Delivery;

    #[test]
    fn delivery_rate() {
        assert_eq!(Delivery { plays: 50, seconds: 0, scheduled_plays: 200 }.rate(), Some(25.0));
        assert_eq!(Delivery { plays: 1, seconds: 0, scheduled_plays: 3 }.rate(), Some(33.3));
        assert_eq!(Delivery { plays: 5, seconds: 0, scheduled_plays: 0 }.rate(), None);
        assert_eq!(Delivery { plays: 210, seconds: 0, scheduled_plays: 200 }.rate(), Some(105.0), "more than scheduled shows as such");
    }
}
