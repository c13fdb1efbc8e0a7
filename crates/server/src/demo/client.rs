//! The demo talks to the application the way the browser and the players do: every business
//! step is a call of the API through the real router, in process, as the user who would make it.
//! The rows then pass the same checks, scopes, histories, slot holds and point moves as anyone's.

use crate::db::entity::session;
use crate::session::{PreLogin, cookie_name, issue};
use crate::state::AppState;
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, header};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;
use tower::ServiceExt;

/// A session is used while the demo clock stays this close to its start: the clock jumps days
/// ahead between scenes and a session left behind would have expired.
const SESSION_REUSE: Duration = Duration::minutes(20);

/// A file sent in a multipart save: its part name, file name and bytes.
pub struct Part<'a> {
    pub name: &'a str,
    pub file_name: String,
    pub bytes: &'a [u8],
}

pub struct Api {
    state: AppState,
    router: Router,
    /// The session of each acting user: its token and when it began on the demo clock.
    sessions: Mutex<HashMap<i64, (String, DateTime<Utc>)>>,
}

impl Api {
    pub fn new(state: &AppState) -> Api {
        Api { state: state.clone(), router: crate::app::router(state.clone()), sessions: Mutex::new(HashMap::new()) }
    }

    /// A session of `u_idx` valid at the demo clock's present time.
    async fn token(&self, u_idx: i64) -> Result<String, String> {
        let now = self.state.clock.now();
        if let Some((token, since)) = self.sessions.lock().expect("sessions lock").get(&u_idx).cloned()
            && since <= now
            && now - since < SESSION_REUSE
        {
            return Ok(token);
        }
        let token = issue(&self.state, &self.state.writer, None, Some(u_idx), &PreLogin::default()).await.map_err(|e| format!("demo session: {e:?}"))?;
        self.sessions.lock().expect("sessions lock").insert(u_idx, (token.clone(), now));
        Ok(token)
    }

    /// A JSON call of the back office as `u_idx`; its `data`, or why it failed.
    pub async fn call(&self, u_idx: i64, path: &str, body: Value) -> Result<Value, String> {
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .map_err(|e| e.to_string())?;
        self.send(Some(u_idx), request, path).await
    }

    /// A multipart save (`data` plus files) as `u_idx`.
    pub async fn upload(&self, u_idx: i64, path: &str, data: Value, files: &[Part<'_>]) -> Result<Value, String> {
        let boundary = format!("townboard-demo-{}", crate::crypto::random_token());
        let mut body = Vec::new();
        let mut part = |headers: String, content: &[u8]| {
            body.extend_from_slice(format!("--{boundary}\r\n{headers}\r\n\r\n").as_bytes());
            body.extend_from_slice(content);
            body.extend_from_slice(b"\r\n");
        };
        part("Content-Disposition: form-data; name=\"data\"\r\nContent-Type: application/json".into(), data.to_string().as_bytes());
        for file in files {
            part(
                format!("Content-Disposition: form-data; name=\"{}\"; filename=\"{}\"\r\nContent-Type: application/octet-stream", file.name, file.file_name),
                file.bytes,
            );
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
            .body(Body::from(body))
            .map_err(|e| e.to_string())?;
        self.send(Some(u_idx), request, path).await
    }

    /// A call of the player API with a device token (`None` for `register`).
    pub async fn player(&self, token: Option<&str>, path: &str, body: Value) -> Result<Value, String> {
        let mut request = Request::builder().method(Method::POST).uri(path).header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        self.send(None, request.body(Body::from(body.to_string())).map_err(|e| e.to_string())?, path).await
    }

    async fn send(&self, u_idx: Option<i64>, mut request: Request<Body>, path: &str) -> Result<Value, String> {
        let headers = request.headers_mut();
        headers.insert(header::HOST, header::HeaderValue::from_static("localhost"));
        headers.insert("x-requested-with", header::HeaderValue::from_static("XMLHttpRequest"));
        if let Some(u_idx) = u_idx {
            let cookie = format!("{}={}", cookie_name(&self.state), self.token(u_idx).await?);
            headers.insert(header::COOKIE, header::HeaderValue::from_str(&cookie).map_err(|e| e.to_string())?);
        }
        let response = self.router.clone().oneshot(request).await.map_err(|e| format!("{path}: {e}"))?;
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.map_err(|e| format!("{path}: {e}"))?;
        let answer: Value = serde_json::from_slice(&bytes).map_err(|_| format!("{path}: HTTP {status} {}", String::from_utf8_lossy(&bytes)))?;
        match answer["code"].as_i64() {
            Some(0) => Ok(answer["data"].clone()),
            _ => Err(format!("{path}: {} {} {}", answer["code"], answer["message"], answer["data"])),
        }
    }

    /// Ends the sessions the demo opened: nobody is left logged in.
    pub async fn close(&self) -> Result<(), String> {
        let users: Vec<i64> = self.sessions.lock().expect("sessions lock").keys().copied().collect();
        session::Entity::delete_many().filter(session::Column::UIdx.is_in(users)).exec(&self.state.writer).await.map_err(|e| e.to_string())?;
        Ok(())
    }
}

/// The id a save answered (`{cId: 3}`, `{prdId: "PR00000002"}`...).
pub fn id_of(data: &Value, field: &str) -> Result<i64, String> {
    data[field].as_i64().ok_or_else(|| format!("the answer carries no {field}: {data}"))
}
