//! The connections the server accepts. HTTP/1 answers a request line or head too long to parse
//! itself, before any of our code runs, with a bare status (414 URI Too Long, 431 Request Header
//! Fields Too Large). Those answers are rewritten on their way out into the API's envelope (code
//! 10400), so every client reads one shape of error; the connection then closes, as it would have.

use axum::Router;
use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// Serves the router on the listener until `stop` resolves, with the client's address known to
/// handlers (`ConnectInfo<Peer>`).
pub fn serve(
    listener: TcpListener,
    app: Router,
    stop: impl Future<Output = ()> + Send + 'static,
) -> impl IntoFuture<Output = io::Result<()>, IntoFuture: Send + 'static> {
    axum::serve(Enveloped(listener), app.into_make_service_with_connect_info::<Peer>()).with_graceful_shutdown(stop)
}

/// The address of the client of a connection.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

impl Connected<IncomingStream<'_, Enveloped>> for Peer {
    fn connect_info(stream: IncomingStream<'_, Enveloped>) -> Self {
        Peer(*stream.remote_addr())
    }
}

/// A TCP listener whose connections answer parse errors in the envelope.
pub struct Enveloped(pub TcpListener);

impl Listener for Enveloped {
    type Io = Connection;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Connection, SocketAddr) {
        let (stream, addr) = Listener::accept(&mut self.0).await;
        (Connection { stream, replacing: None }, addr)
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.0.local_addr()
    }
}

/// The statuses HTTP/1 answers by itself, by the first bytes it writes, and what they become.
const REWRITTEN: &[(&[u8], &str, &str)] = &[
    (b"HTTP/1.1 414 ", "414 URI Too Long", "요청 주소가 너무 깁니다."),
    (b"HTTP/1.1 431 ", "431 Request Header Fields Too Large", "요청 헤더가 너무 큽니다."),
];

fn envelope(status: &str, message: &str) -> Vec<u8> {
    let body = serde_json::json!({ "code": 10400, "message": message, "data": { "fieldErrors": { "request": message } } }).to_string();
    format!("HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len()).into_bytes()
}

/// A client connection; a bare parse-error answer is replaced by its envelope as it is written.
pub struct Connection {
    stream: TcpStream,
    /// The replacement answer still to write, and how much of it is written.
    replacing: Option<(Vec<u8>, usize)>,
}

impl Connection {
    /// Writes what is left of a replacement answer; ready once all of it is written.
    fn poll_replacement(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((bytes, written)) = &mut self.replacing {
            if *written == bytes.len() {
                return Poll::Ready(Ok(()));
            }
            let n = std::task::ready!(Pin::new(&mut self.stream).poll_write(cx, &bytes[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for Connection {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.replacing.is_none()
            && let Some((_, status, message)) = REWRITTEN.iter().find(|(prefix, _, _)| buf.starts_with(prefix))
        {
            this.replacing = Some((envelope(status, message), 0));
        }
        if this.replacing.is_some() {
            // The bare answer is taken whole; the envelope goes out in its place.
            std::task::ready!(this.poll_replacement(cx))?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(self: Pin<&mut Self>, cx: &mut Context<'_>, bufs: &[io::IoSlice<'_>]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let first = bufs.iter().find(|b| !b.is_empty());
        if this.replacing.is_some() || first.is_some_and(|b| REWRITTEN.iter().any(|(prefix, _, _)| b.starts_with(prefix))) {
            // Parse-error answers are a head and no body: the first slice holds the status line.
            let whole: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            return Pin::new(this).poll_write(cx, &whole);
        }
        Pin::new(&mut this.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_replacement(cx))?;
        Pin::new(&mut this.stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_replacement(cx))?;
        Pin::new(&mut this.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_envelope_is_a_whole_answer() {
        let bytes = super::envelope("414 URI Too Long", "요청 주소가 너무 깁니다.");
        let text = String::from_utf8(bytes).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414 URI Too Long\r\n"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(value["code"], 10400);
    }
}
