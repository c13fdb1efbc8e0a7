//! Operators on duty are told of screens gone silent or at fault: once per screen and incident,
//! and again when the screen recovers. An incident opens when a sweep finds a screen anomalous,
//! abnormal or at fault, and closes when it is on again (or off outside its hours). Env
//! `ALERT_PROVIDER` says how: `none` (the default: incidents are recorded, nobody is told), `sms`
//! (a text to each number of `ALERT_PHONES`, comma-separated, through the SMS provider) or `webhook`
//! (a JSON POST to `ALERT_WEBHOOK_URL`). A sweep's new incidents go out in one alert, naming the
//! first screens and counting the rest; an alert that fails is sent again by the next sweep.

use crate::db::entity::{media, poi, screen_incident};
use crate::error::ApiResult;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use townboard_domain::screen::{ABNORMAL, ANOMALY, FAULT};

/// Screens named in one text message; the rest are counted.
const NAMED: usize = 5;

/// What a sweep told: incidents opened and closed, and whether the operators were told.
#[derive(Debug, Default, PartialEq)]
pub struct Told {
    pub opened: usize,
    pub recovered: usize,
    pub alerted: usize,
}

/// The advisory lock that lets one process at a time reconcile.
const RECONCILING: i64 = 0x7462_616c_6572_7473;

/// Opens and closes incidents from the screens' statuses, and tells the operators. One at a time,
/// in the process and across processes: the status sweep and each process's silence check
/// reconcile, and two at once would open a screen's incident twice and tell the operators twice.
pub async fn reconcile(state: &AppState) -> ApiResult<Told> {
    static IN_PROCESS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    let _turn = IN_PROCESS.lock().await;
    let across = crate::db::hold_lock(&state.writer, RECONCILING).await?;
    let told = reconcile_held(state).await;
    if let Some(lock) = across {
        lock.commit().await?;
    }
    told
}

async fn reconcile_held(state: &AppState) -> ApiResult<Told> {
    let now = state.clock.now();
    let down: HashMap<i64, i32> = media::Entity::find()
        .select_only()
        .columns([media::Column::MediaId, media::Column::MediaStatus])
        .filter(media::Column::DeletedAt.is_null())
        .filter(media::Column::MediaStatus.is_in([ANOMALY, ABNORMAL, FAULT]))
        .into_tuple::<(i64, i32)>()
        .all(&state.db)
        .await?
        .into_iter()
        .collect();
    let open = screen_incident::Entity::find().filter(screen_incident::Column::RecoveredAt.is_null()).all(&state.db).await?;
    let open_screens: HashSet<i64> = open.iter().map(|i| i.media_id).collect();
    let mut told = Told::default();
    let new: Vec<screen_incident::ActiveModel> = down
        .iter()
        .filter(|(id, _)| !open_screens.contains(id))
        .map(|(id, status)| screen_incident::ActiveModel { media_id: Set(*id), to_status: Set(*status), started_at: Set(now), ..Default::default() })
        .collect();
    told.opened = new.len();
    for piece in new.chunks(500) {
        screen_incident::Entity::insert_many(piece.to_vec()).exec_without_returning(&state.writer).await?;
    }
    let recovered: Vec<i64> = open.iter().filter(|i| !down.contains_key(&i.media_id)).map(|i| i.inc_idx).collect();
    told.recovered = recovered.len();
    for piece in recovered.chunks(500) {
        screen_incident::Entity::update_many()
            .col_expr(screen_incident::Column::RecoveredAt, Some(now).into())
            .filter(screen_incident::Column::IncIdx.is_in(piece.to_vec()))
            .exec(&state.writer)
            .await?;
    }
    let provider = crate::settings::get(state, "ALERT_PROVIDER").await?.unwrap_or_default();
    if matches!(provider.trim(), "" | "none") {
        return Ok(told);
    }
    // What the operators have not been told yet: new incidents, and recoveries.
    let unalerted = screen_incident::Entity::find()
        .filter(screen_incident::Column::AlertedAt.is_null())
        .filter(screen_incident::Column::RecoveredAt.is_null())
        .all(&state.db)
        .await?;
    let unrecovered = screen_incident::Entity::find()
        .filter(screen_incident::Column::AlertedAt.is_not_null())
        .filter(screen_incident::Column::RecoveredAt.is_not_null())
        .filter(screen_incident::Column::RecoveryAlertedAt.is_null())
        .all(&state.db)
        .await?;
    // A screen that recovered before anyone was told needs no word either way.
    let quietly: Vec<i64> = screen_incident::Entity::find()
        .select_only()
        .column(screen_incident::Column::IncIdx)
        .filter(screen_incident::Column::AlertedAt.is_null())
        .filter(screen_incident::Column::RecoveredAt.is_not_null())
        .into_tuple()
        .all(&state.db)
        .await?;
    mark(state, &quietly, screen_incident::Column::AlertedAt, now).await?;
    mark(state, &quietly, screen_incident::Column::RecoveryAlertedAt, now).await?;
    for (incidents, recovery, column) in
        [(&unalerted, false, screen_incident::Column::AlertedAt), (&unrecovered, true, screen_incident::Column::RecoveryAlertedAt)]
    {
        if incidents.is_empty() {
            continue;
        }
        let screens = describe(state, incidents).await?;
        match send(state, provider.trim(), recovery, &screens).await {
            Ok(()) => {
                let ids: Vec<i64> = incidents.iter().map(|i| i.inc_idx).collect();
                mark(state, &ids, column, now).await?;
                told.alerted += ids.len();
            }
            Err(e) => tracing::error!(error = %e, screens = screens.len(), "could not tell the operators of screens; the next sweep tries again"),
        }
    }
    Ok(told)
}

async fn mark(state: &AppState, ids: &[i64], column: screen_incident::Column, now: DateTime<Utc>) -> ApiResult<()> {
    for piece in ids.chunks(500) {
        screen_incident::Entity::update_many()
            .col_expr(column, Some(now).into())
            .filter(screen_incident::Column::IncIdx.is_in(piece.to_vec()))
            .exec(&state.writer)
            .await?;
    }
    Ok(())
}

/// The screens of incidents with their names and sites: `{mediaId, mediaNm, poiNm, status, since}`.
async fn describe(state: &AppState, incidents: &[screen_incident::Model]) -> ApiResult<Vec<Value>> {
    let mut names: HashMap<i64, (String, i64)> = HashMap::new();
    for piece in incidents.chunks(500) {
        let rows: Vec<(i64, String, i64)> = media::Entity::find()
            .select_only()
            .columns([media::Column::MediaId, media::Column::MediaNm, media::Column::PoiId])
            .filter(media::Column::MediaId.is_in(piece.iter().map(|i| i.media_id)))
            .into_tuple()
            .all(&state.db)
            .await?;
        names.extend(rows.into_iter().map(|(id, name, poi_id)| (id, (name, poi_id))));
    }
    let sites: HashMap<i64, String> = poi::Entity::find()
        .select_only()
        .columns([poi::Column::PoiId, poi::Column::PoiNm])
        .filter(poi::Column::PoiId.is_in(names.values().map(|(_, p)| *p).collect::<HashSet<_>>()))
        .into_tuple::<(i64, String)>()
        .all(&state.db)
        .await?
        .into_iter()
        .collect();
    Ok(incidents
        .iter()
        .map(|i| {
            let (name, poi_id) = names.get(&i.media_id).cloned().unwrap_or_default();
            json!({ "mediaId": i.media_id, "mediaNm": name, "poiNm": sites.get(&poi_id), "status": i.to_status,
                "since": crate::time::format(&i.started_at), "recoveredAt": i.recovered_at.as_ref().map(crate::time::format) })
        })
        .collect())
}

fn status_name(status: i64) -> &'static str {
    match status as i32 {
        ANOMALY => "이상감지",
        ABNORMAL => "비정상",
        FAULT => "장애",
        _ => "이상",
    }
}

/// The text of an alert: the first screens by name, the rest counted.
pub fn text(recovery: bool, screens: &[Value]) -> String {
    let named: Vec<String> = screens
        .iter()
        .take(NAMED)
        .map(|s| {
            let site = s["poiNm"].as_str().map(|p| format!("{p} ")).unwrap_or_default();
            if recovery {
                format!("{site}{}", s["mediaNm"].as_str().unwrap_or(""))
            } else {
                format!("{site}{}({})", s["mediaNm"].as_str().unwrap_or(""), status_name(s["status"].as_i64().unwrap_or(0)))
            }
        })
        .collect();
    let more = screens.len().saturating_sub(NAMED);
    let rest = if more > 0 { format!(" 외 {more}대") } else { String::new() };
    let what = if recovery { "복구" } else { "응답 없음·장애" };
    format!("[타운보드] 화면 {}대 {what}: {}{rest}", screens.len(), named.join(", "))
}

async fn send(state: &AppState, provider: &str, recovery: bool, screens: &[Value]) -> Result<(), String> {
    match provider {
        "sms" => {
            let to = crate::settings::get(state, "ALERT_PHONES").await.map_err(|e| e.to_string())?.unwrap_or_default();
            let phones: Vec<&str> = to.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
            if phones.is_empty() {
                return Err("ALERT_PHONES names no phone".into());
            }
            let body = text(recovery, screens);
            for phone in phones {
                crate::sms::send(state, phone, &body).await.map_err(|e| format!("{e:?}"))?;
            }
            Ok(())
        }
        "webhook" => {
            let url = crate::settings::get(state, "ALERT_WEBHOOK_URL").await.map_err(|e| e.to_string())?.unwrap_or_default();
            let body = json!({ "kind": if recovery { "recovered" } else { "silent" }, "text": text(recovery, screens), "screens": screens });
            crate::outbound::post_json(&state.http, url.trim(), &body, Duration::from_secs(10)).await
        }
        other => Err(format!("unknown ALERT_PROVIDER {other}")),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn an_alert_names_the_first_screens_and_counts_the_rest() {
        let screens: Vec<_> = (1..=7).map(|i| json!({ "mediaNm": format!("{i}동 A"), "poiNm": "래미안", "status": 3 })).collect();
        assert_eq!(
            super::text(false, &screens),
            "[타운보드] 화면 7대 응답 없음·장애: 래미안 1동 A(비정상), 래미안 2동 A(비정상), 래미안 3동 A(비정상), 래미안 4동 A(비정상), 래미안 5동 A(비정상) 외 2대"
        );
        assert_eq!(super::text(true, &screens[..1]), "[타운보드] 화면 1대 복구: 래미안 1동 A");
    }
}
