//! The player's side of the push channel, for `simulate-players`, the tests and the benchmark: it
//! opens the channel, says hello, and hands over the server's messages one by one.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// An open channel, welcomed.
pub struct Channel {
    socket: Socket,
    /// The screen the server took the token for.
    pub media_id: i64,
}

/// The channel's address on a server (`http://host:port`).
pub fn address(server: &str) -> String {
    format!("{}/api/player/v1/events", server.trim_end_matches('/').replacen("http", "ws", 1))
}

/// A small read buffer, as the server's side has: the codec zeroes the whole buffer before each
/// read, and the default (128 kB) made zeroing most of what a process playing thousands of screens
/// did with each message.
fn config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(4 * 1024)
}

/// Opens the channel over `stream` (a connection made by the caller, from the source address it
/// chose) or a new connection, and says hello; the server's welcome, or why not.
pub async fn open(server: &str, token: &str, stream: Option<tokio::net::TcpStream>) -> Result<Channel, String> {
    let url = address(server);
    let (mut socket, _) = match stream {
        Some(stream) => tokio_tungstenite::client_async_with_config(url.as_str(), tokio_tungstenite::MaybeTlsStream::Plain(stream), Some(config()))
            .await
            .map_err(|e| e.to_string())?,
        None => tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config()), false).await.map_err(|e| e.to_string())?,
    };
    let hello = json!({ "type": "hello", "token": token, "scheduleVersion": "", "playerVersion": "sim-1.0" });
    socket.send(Message::Text(hello.to_string().into())).await.map_err(|e| e.to_string())?;
    let mut channel = Channel { socket, media_id: 0 };
    match tokio::time::timeout(Duration::from_secs(15), channel.next()).await {
        Ok(Some(welcome)) if welcome["type"] == "welcome" => {
            channel.media_id = welcome["mediaId"].as_i64().unwrap_or(0);
            Ok(channel)
        }
        Ok(other) => Err(format!("no welcome: {other:?}")),
        Err(_) => Err("no welcome within 15 s".into()),
    }
}

impl Channel {
    /// The server's next message; `None` once the channel closed (a refused token closes it with
    /// code 4401).
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            match self.socket.next().await? {
                Ok(Message::Text(text)) => return serde_json::from_str(text.as_str()).ok(),
                Ok(Message::Close(frame)) => {
                    let code = frame.map(|f| u16::from(f.code)).unwrap_or(1005);
                    return Some(json!({ "type": "closed", "code": code }));
                }
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }

    /// Acknowledges a message by its id.
    pub async fn ack(&mut self, id: &str) -> Result<(), String> {
        self.socket.send(Message::Text(json!({ "type": "ack", "id": id }).to_string().into())).await.map_err(|e| e.to_string())
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
