//! Outbound HTTP(S): news feeds, the SMS gateway and alert webhooks. One client a process, over
//! rustls with the platform's certificate checks (nearly every real feed and every Korean SMS
//! provider is https only); `TOWNBOARD_CA_FILE` adds roots to trust (a company's own CA), it
//! never turns a check off. Answers are read up to a limit and within a time.

use std::time::Duration;

/// Redirects followed before giving up.
const MAX_REDIRECTS: usize = 3;

/// The client, trusting the platform's roots and those of `ca_file` (PEM) when given.
pub fn client(ca_file: Option<&std::path::Path>) -> Result<reqwest::Client, String> {
    let mut builder = reqwest::Client::builder()
        .user_agent("Townboard")
        .connect_timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::limited(MAX_REDIRECTS))
        .https_only(false);
    if let Some(path) = ca_file {
        let pem = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let certs = reqwest::Certificate::from_pem_bundle(&pem).map_err(|e| format!("{}: {e}", path.display()))?;
        builder = builder.tls_certs_merge(certs);
    }
    builder.build().map_err(|e| format!("outbound HTTP client: {e}"))
}

/// Only web addresses are fetched (no `file:` and the like).
fn web_address(url: &str) -> Result<(), String> {
    if url.starts_with("http://") || url.starts_with("https://") { Ok(()) } else { Err(format!("http:// 또는 https:// 주소가 아닙니다: {url}")) }
}

/// Why a request failed, in words an operator can act on.
fn failure(e: &reqwest::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        text = format!("{text}: {cause}");
        source = cause.source();
    }
    if e.is_timeout() { format!("제한 시간 안에 답하지 않았습니다 ({text})") } else { format!("연결할 수 없습니다 ({text})") }
}

/// The body of a GET, at most `max_bytes`, within `timeout`; an error for any status but 2xx.
pub async fn get(client: &reqwest::Client, url: &str, accept: &str, max_bytes: usize, timeout: Duration) -> Result<Vec<u8>, String> {
    web_address(url)?;
    let read = async {
        let mut res = client.get(url).header(reqwest::header::ACCEPT, accept).send().await.map_err(|e| failure(&e))?;
        if !res.status().is_success() {
            return Err(format!("HTTP {}로 답했습니다.", res.status().as_u16()));
        }
        let mut body = Vec::new();
        while let Some(chunk) = res.chunk().await.map_err(|e| failure(&e))? {
            if body.len() + chunk.len() > max_bytes {
                return Err(format!("답이 {} MB를 넘습니다.", max_bytes / 1024 / 1024));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    };
    tokio::time::timeout(timeout, read).await.map_err(|_| format!("{}초 안에 끝나지 않았습니다.", timeout.as_secs()))?
}

/// A JSON POST; an error for any status but 2xx.
pub async fn post_json(client: &reqwest::Client, url: &str, body: &serde_json::Value, timeout: Duration) -> Result<(), String> {
    web_address(url)?;
    let send = client.post(url).header(reqwest::header::CONTENT_TYPE, "application/json").body(body.to_string()).timeout(timeout).send();
    let res = send.await.map_err(|e| failure(&e))?;
    if res.status().is_success() { Ok(()) } else { Err(format!("HTTP {}로 답했습니다.", res.status().as_u16())) }
}
