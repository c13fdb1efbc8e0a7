//! The operators' webhook as the bench plays it: a plain HTTP/1.1 listener on loopback that takes
//! the servers' alerts (`ALERT_PROVIDER=webhook`) and remembers which screens each named silent.

use serde_json::Value;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};

/// The screens the alerts named, silent ones and recovered ones apart.
#[derive(Default)]
pub struct Alerts {
    silent: Mutex<HashSet<i64>>,
    recovered: Mutex<HashSet<i64>>,
}

impl Alerts {
    /// How many of `screens` an alert named as silent.
    pub fn silent_among(&self, screens: std::ops::RangeInclusive<i64>) -> usize {
        let silent = self.silent.lock().expect("alerts lock");
        screens.filter(|m| silent.contains(m)).count()
    }

    fn take(&self, alert: &Value) {
        let kind = if alert["kind"] == "recovered" { &self.recovered } else { &self.silent };
        let ids = alert["screens"].as_array().into_iter().flatten().filter_map(|s| s["mediaId"].as_i64());
        kind.lock().expect("alerts lock").extend(ids);
    }
}

/// Listens on a free loopback port; returns its URL and what it heard.
pub async fn listen() -> Result<(String, Arc<Alerts>), String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let url = format!("http://{}/alerts", listener.local_addr().map_err(|e| e.to_string())?);
    let alerts = Arc::new(Alerts::default());
    let heard = alerts.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let heard = heard.clone();
            tokio::spawn(async move {
                if let Ok(Some(body)) = one_request(stream).await
                    && let Ok(alert) = serde_json::from_slice::<Value>(&body)
                {
                    heard.take(&alert);
                }
            });
        }
    });
    Ok((url, alerts))
}

/// Reads one request's body (by its Content-Length) and answers 200.
async fn one_request(stream: tokio::net::TcpStream) -> std::io::Result<Option<Vec<u8>>> {
    let mut reader = BufReader::new(stream);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await? == 0 {
            return Ok(None);
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).await?;
    reader.get_mut().write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").await?;
    Ok(Some(body))
}
