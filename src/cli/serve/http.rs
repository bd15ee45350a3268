//! The page's HTTP server: hyper (HTTP/1.1) on a tokio runtime. Every connection is served
//! on a task of its own, with time limits on its head and body, so a slow or half-sent
//! request holds only itself; each whole request goes to the game's thread ([`Job`]), which
//! answers them in turn. Only this machine's browser, on the page itself, may drive the game
//! ([`refusal`]).

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderMap, HeaderName, HeaderValue, CONTENT_TYPE, HOST, ORIGIN};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;
use tokio::sync::oneshot;

/// The largest request head (request line and headers) read (hyper's buffer, at least 8 KiB).
const MAX_HEAD: usize = 16 * 1024;
/// The largest request body read: a description or a record, with room to spare.
pub const MAX_BODY: usize = 8 * 1024 * 1024;
/// The time a client has to send a request's head, and then its body.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; one more is closed at once.
const MAX_CONNECTIONS: usize = 64;

pub struct Request {
    pub method: String,
    /// The path, without the query.
    pub path: String,
    pub body: Vec<u8>,
}

pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// Extra headers (name, value), e.g. `Content-Disposition`.
    pub headers: Vec<(&'static str, String)>,
}

impl Response {
    pub fn ok(content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status: 200,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    pub fn status(status: u16, text: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: text.as_bytes().to_vec(),
            headers: Vec::new(),
        }
    }

    fn into_hyper(self) -> hyper::Response<Full<Bytes>> {
        let mut r = hyper::Response::new(Full::new(Bytes::from(self.body)));
        *r.status_mut() = hyper::StatusCode::from_u16(self.status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
        let h = r.headers_mut();
        h.insert(CONTENT_TYPE, HeaderValue::from_static(self.content_type));
        h.insert("cache-control", HeaderValue::from_static("no-store"));
        h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
        for (name, value) in self.headers {
            if let Ok(v) = HeaderValue::from_str(&value) {
                h.insert(name, v);
            }
        }
        r
    }
}

/// The names this server answers to: a page on this machine (a DNS name of another site
/// resolved to 127.0.0.1 is refused, so no other page can rebind to it).
const LOCAL_HOSTS: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// Why a request must not reach the game (`None`: it may):
/// - its `Host` is not this machine at the port served (421);
/// - it changes state (any method but `GET` and `HEAD`) and comes from another origin
///   (`Origin` or `Sec-Fetch-Site` say so), or is not JSON, the one kind of body a page of
///   another site cannot send without asking first (403).
pub fn refusal(method: &str, headers: &HeaderMap, port: u16) -> Option<Response> {
    let text = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok());
    let local = |host: &str| LOCAL_HOSTS.iter().any(|h| host == format!("{h}:{port}"));
    if !text(HOST).is_some_and(local) {
        return Some(Response::status(
            421,
            &format!("this server answers only to 127.0.0.1:{port} or localhost:{port}"),
        ));
    }
    if matches!(method, "GET" | "HEAD") {
        return None;
    }
    let same_origin = text(ORIGIN).is_none_or(|o| o.strip_prefix("http://").is_some_and(local))
        && text(HeaderName::from_static("sec-fetch-site")).is_none_or(|s| matches!(s, "same-origin" | "none"));
    if !same_origin {
        return Some(Response::status(
            403,
            "a request of another site may not change the game",
        ));
    }
    if !text(CONTENT_TYPE).is_some_and(|t| t.trim_start().to_ascii_lowercase().starts_with("application/json")) {
        return Some(Response::status(415, "send JSON (Content-Type: application/json)"));
    }
    None
}

/// A whole request for the game's thread, and where its answer goes.
pub type Job = (Request, oneshot::Sender<Response>);

/// Serves `listener` until the game's thread stops taking jobs (or the listener fails).
pub fn serve(listener: std::net::TcpListener, jobs: mpsc::Sender<Job>) -> std::io::Result<()> {
    let port = listener.local_addr()?.port();
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let open = Arc::new(AtomicUsize::new(0));
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                open.fetch_sub(1, Ordering::SeqCst);
                continue;
            }
            let (jobs, open) = (jobs.clone(), open.clone());
            tokio::spawn(async move {
                let service = service_fn(move |req| answer(req, port, jobs.clone()));
                let _ = http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(REQUEST_TIMEOUT)
                    .max_buf_size(MAX_HEAD)
                    .keep_alive(false)
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
                open.fetch_sub(1, Ordering::SeqCst);
            });
        }
    })
}

/// One request: refused, or its body read (bounded in size and time) and handed to the game.
async fn answer(
    req: hyper::Request<Incoming>,
    port: u16,
    jobs: mpsc::Sender<Job>,
) -> Result<hyper::Response<Full<Bytes>>, Infallible> {
    if let Some(r) = refusal(req.method().as_str(), req.headers(), port) {
        return Ok(r.into_hyper());
    }
    let (parts, body) = req.into_parts();
    let body = match tokio::time::timeout(REQUEST_TIMEOUT, Limited::new(body, MAX_BODY).collect()).await {
        Ok(Ok(b)) => b.to_bytes().to_vec(),
        Ok(Err(_)) => return Ok(Response::status(413, "request body too large").into_hyper()),
        Err(_) => return Ok(Response::status(408, "the request's body came too slowly").into_hyper()),
    };
    let request = Request {
        method: parts.method.as_str().to_string(),
        path: parts.uri.path().to_string(),
        body,
    };
    let (reply, answer) = oneshot::channel();
    let response = match jobs.send((request, reply)) {
        Ok(()) => answer
            .await
            .unwrap_or_else(|_| Response::status(500, "the request failed")),
        Err(_) => Response::status(503, "the game has stopped"),
    };
    Ok(response.into_hyper())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (n, v) in pairs {
            h.insert(*n, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn only_this_machine_at_this_port_and_the_page_itself_may_change_the_game() {
        let page = [
            ("host", "127.0.0.1:8020"),
            ("origin", "http://127.0.0.1:8020"),
            ("content-type", "application/json"),
        ];
        assert!(refusal("POST", &headers(&page), 8020).is_none());
        assert!(refusal("GET", &headers(&[("host", "localhost:8020")]), 8020).is_none());
        // no Origin (a tool, not a browser): allowed
        assert!(refusal("POST", &headers(&[page[0], page[2]]), 8020).is_none());
        let status = |m, h: &[(&'static str, &str)]| refusal(m, &headers(h), 8020).map(|r| r.status);
        assert_eq!(status("GET", &[("host", "evil.example:8020")]), Some(421));
        assert_eq!(status("GET", &[("host", "127.0.0.1:8021")]), Some(421));
        assert_eq!(status("GET", &[]), Some(421));
        assert_eq!(
            status("POST", &[page[0], ("origin", "http://evil.example"), page[2]]),
            Some(403)
        );
        assert_eq!(
            status("POST", &[page[0], ("sec-fetch-site", "cross-site"), page[2]]),
            Some(403)
        );
        assert_eq!(
            status("POST", &[page[0], page[1], ("content-type", "text/plain")]),
            Some(415)
        );
    }
}
