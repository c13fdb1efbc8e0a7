//! `GET /api/player/v1/events`: a screen's WebSocket (api.md "Push channel", exact). The player
//! says hello with its token within 10 s (or sent a bearer header); the server answers welcome and
//! from then on sends `urgent`, `command` and `schedule` messages, each with an id the player
//! acknowledges. Pings every 30 s keep the connection; while it is open the screen counts as heard
//! (its status stays on without a heartbeat).

use crate::db::entity::media_command;
use crate::push::held::{Outgoing, QUEUE};
use crate::state::AppState;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// How long a player has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(30);
/// How often an open channel counts as a heartbeat of its screen.
const SEEN_EVERY: Duration = Duration::from_secs(60);
/// The close code of a refused token.
const BAD_TOKEN: u16 = 4401;

/// The upgrade: small buffers, since a process holds many thousands of these.
pub async fn events(State(state): State<AppState>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty() && t.len() <= 100);
    ws.read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| hold(state, socket, bearer))
}

async fn send(socket: &mut WebSocket, message: Value) -> bool {
    socket.send(Message::Text(Utf8Bytes::from(message.to_string()))).await.is_ok()
}

async fn refuse(mut socket: WebSocket, reason: &'static str) {
    let _ = socket.send(Message::Close(Some(CloseFrame { code: BAD_TOKEN, reason: Utf8Bytes::from_static(reason) }))).await;
}

/// The first text message: the player's hello.
async fn hello(socket: &mut WebSocket) -> Option<Value> {
    loop {
        match socket.recv().await? {
            Ok(Message::Text(text)) => return serde_json::from_str::<Value>(text.as_str()).ok().filter(|v| v["type"] == "hello"),
            Ok(Message::Ping(_) | Message::Pong(_)) => continue,
            _ => return None,
        }
    }
}

/// What a message sent is acknowledged for.
enum Awaited {
    Urgent(Vec<i64>),
    Command(i64),
    Other,
}

async fn hold(state: AppState, mut socket: WebSocket, bearer: Option<String>) {
    let Ok(Some(hello)) = tokio::time::timeout(HELLO_WITHIN, hello(&mut socket)).await else {
        return refuse(socket, "hello expected").await;
    };
    let token = hello["token"].as_str().map(str::to_string).or(bearer).unwrap_or_default();
    let Ok(screen) = crate::player::device_of(&state, token.trim()).await else {
        return refuse(socket, "unknown token").await;
    };
    let now = state.clock.now();
    if !send(&mut socket, json!({ "type": "welcome", "mediaId": screen.media_id, "serverTime": crate::time::format(&now) })).await {
        return;
    }
    let (tx, mut rx) = mpsc::channel(QUEUE);
    // What the screen must know on joining, read once it has joined (a change saved meanwhile is
    // then told to it by the read or by the change): the urgent messages in force and the
    // commands waiting.
    let conn = state.push.hub.join(&screen, tx.clone());
    let urgent = crate::player::urgent::in_force(&state, screen.poi_id, now).await.unwrap_or_default();
    let urgent_ids = crate::player::urgent::ids(&urgent);
    state.push.hub.tell_joined(screen.media_id, conn, &Value::from(urgent).to_string().into(), &urgent_ids);
    // Most screens have none: the set of screens with commands waiting, read at most every
    // second or after a command is queued or heard of, spares a reconnecting crowd a read each.
    let may_wait = state.devices.commands_may_wait(&state.db, screen.media_id).await.unwrap_or(true);
    if may_wait
        && let Ok(waiting) = media_command::Entity::find()
            .filter(media_command::Column::MediaId.eq(screen.media_id))
            .filter(media_command::Column::Status.eq("pending"))
            .all(&state.db)
            .await
    {
        for cmd in waiting {
            let _ = tx.try_send(Outgoing::Command(crate::player::command_value(&cmd), cmd.cmd_idx));
        }
    }
    drop(tx);
    serve(&state, &mut socket, &screen, conn, &mut rx).await;
    state.push.hub.leave(screen.media_id, conn);
    // Heard until now: its silence is counted from the channel's end, not from the last mark, and
    // it is looked at again when that silence runs out (unless a newer channel of it is held here).
    state.beats.seen(screen.media_id, state.clock.now());
    if !state.push.hub.holds(screen.media_id) {
        state.push.closed.closed(screen.media_id, super::silence::due(&state));
    }
}

async fn serve(state: &AppState, socket: &mut WebSocket, screen: &Arc<crate::db::entity::media::Model>, conn: u64, rx: &mut mpsc::Receiver<Outgoing>) {
    let media_id = screen.media_id;
    let mut awaited: HashMap<String, Awaited> = HashMap::new();
    let mut seq = 0u64;
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    // Marked heard well within the silence the status sweep allows (three times in it).
    let silent_after = state.config.screen_silent_after.to_std().unwrap_or(SEEN_EVERY * 3);
    let seen_every = SEEN_EVERY.min(silent_after / 3).max(Duration::from_secs(1));
    let mut seen = tokio::time::interval(seen_every);
    let seen_every = chrono::Duration::from_std(seen_every).unwrap_or(chrono::Duration::seconds(60));
    loop {
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let Ok(message) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                    if message["type"] == "ack"
                        && let Some(done) = message["id"].as_str().and_then(|id| awaited.remove(id))
                    {
                        acknowledged(state, media_id, done).await;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            outgoing = rx.recv() => {
                let Some(outgoing) = outgoing else { return };
                seq += 1;
                let (id, message, what) = framed(outgoing, conn, seq);
                if socket.send(Message::Text(Utf8Bytes::from(message))).await.is_err() {
                    return;
                }
                if let Awaited::Urgent(ids) = &what {
                    state.push.reach.delivered(ids, media_id, state.clock.now());
                }
                awaited.insert(id, what);
                // A player that never acknowledges does not grow the map without end.
                if awaited.len() > 64 {
                    awaited.clear();
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
            _ = seen.tick() => state.beats.seen_unless_beaten(media_id, state.clock.now(), seen_every),
        }
    }
}

/// A server message's id and text, and what its acknowledgement confirms. An urgent set is
/// written into the frame as it was serialised once for all the screens it goes to.
fn framed(outgoing: Outgoing, conn: u64, seq: u64) -> (String, String, Awaited) {
    match outgoing {
        Outgoing::Urgent(set, ids) => {
            let id = format!("u-{conn}-{seq}");
            let text = format!(r#"{{"type":"urgent","id":"{id}","urgent":{set}}}"#);
            (id, text, Awaited::Urgent(ids))
        }
        Outgoing::Command(command, cmd_idx) => {
            let id = format!("c-{conn}-{seq}");
            let text = json!({ "type": "command", "id": id, "command": command }).to_string();
            (id, text, Awaited::Command(cmd_idx))
        }
        Outgoing::Schedule { date, version } => {
            let id = format!("s-{conn}-{seq}");
            let text = json!({ "type": "schedule", "id": id, "date": date, "version": version }).to_string();
            (id, text, Awaited::Other)
        }
    }
}

async fn acknowledged(state: &AppState, media_id: i64, done: Awaited) {
    match done {
        Awaited::Urgent(ids) => state.push.reach.acknowledged(&ids, media_id, state.clock.now()),
        // A command acknowledged here is delivered: the next heartbeat does not hand it out again.
        Awaited::Command(cmd_idx) => {
            let delivered = media_command::Entity::update_many()
                .col_expr(media_command::Column::Status, "delivered".into())
                .col_expr(media_command::Column::DeliveredAt, Some(state.clock.now()).into())
                .filter(media_command::Column::CmdIdx.eq(cmd_idx))
                .filter(media_command::Column::Status.eq("pending"))
                .exec(&state.writer)
                .await;
            if let Err(e) = delivered {
                tracing::error!(error = %e, cmd_idx, "could not record a command's delivery");
            }
        }
        Awaited::Other => {}
    }
}
