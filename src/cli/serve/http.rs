//! Just enough HTTP/1.1 for a page served to one browser on this machine: one request per
//! connection (`Connection: close`), bounded in size and time.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The largest request head (request line and headers) read.
const MAX_HEAD: usize = 16 * 1024;
/// The largest request body read: a description or a record, with room to spare.
pub const MAX_BODY: usize = 8 * 1024 * 1024;

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
    /// Extra header lines, e.g. `Content-Disposition: ...`.
    pub headers: Vec<String>,
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
}

/// Reads one request; `Err` holds the response to send instead (a malformed or too large
/// request), or nothing when the client went away.
pub fn read_request(stream: &TcpStream) -> Result<Request, Option<Response>> {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(stream);
    let mut head = Vec::new();
    loop {
        let mut line = Vec::new();
        let n = (&mut reader)
            .take((MAX_HEAD + 1 - head.len().min(MAX_HEAD)) as u64)
            .read_until(b'\n', &mut line)
            .map_err(|_| None)?;
        if n == 0 {
            return Err(None);
        }
        head.extend_from_slice(&line);
        if head.len() > MAX_HEAD {
            return Err(Some(Response::status(431, "request head too large")));
        }
        if line == b"\r\n" || line == b"\n" {
            break;
        }
    }
    let head = String::from_utf8_lossy(&head);
    let mut lines = head.lines();
    let mut first = lines.next().unwrap_or("").split_whitespace();
    let (Some(method), Some(target)) = (first.next(), first.next()) else {
        return Err(Some(Response::status(400, "bad request line")));
    };
    let mut length = 0usize;
    for l in lines {
        if let Some((name, value)) = l.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value
                    .trim()
                    .parse()
                    .map_err(|_| Some(Response::status(400, "bad Content-Length")))?;
            }
        }
    }
    if length > MAX_BODY {
        return Err(Some(Response::status(413, "request body too large")));
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).map_err(|_| None)?;
    let path = target.split('?').next().unwrap_or("/").to_string();
    Ok(Request {
        method: method.to_string(),
        path,
        body,
    })
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        _ => "Error",
    }
}

/// Writes a response; a client that went away is no error of ours.
pub fn write_response(mut stream: &TcpStream, r: &Response) {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n",
        r.status,
        reason(r.status),
        r.content_type,
        r.body.len()
    );
    for h in &r.headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&r.body);
    let _ = stream.flush();
}
