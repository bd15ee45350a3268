//! `ludeme serve [FILE]`: play in the browser. A local web page (served on 127.0.0.1 only,
//! from this binary: the page's files are embedded) draws the board from the same geometry
//! as `render`, and talks to one game session here through a small JSON interface:
//!
//! - `GET /api/state`: the game, its options and rulesets, the seats, the position (SVG),
//!   whose turn or the result, the scores, the moves made, and the legal choices (each with
//!   its text, the sites it starts from and goes to, and what it does in words);
//! - `POST /api/move {text}`, `/api/agent` (the agent to move plays), `/api/undo`,
//!   `/api/restart`, `/api/new {options, ruleset}`, `/api/seats {seats}`,
//!   `/api/open {name, text}` or `{builtin}`, `/api/record` (a record to replay); each
//!   answers with the new state, and an `error` when it could not be done;
//! - `GET /api/record`: the game record (JSON, as `play --record` writes it).
//!
//! The game serves one request at a time (connections are read side by side: see `http`);
//! the page waits for an agent's move before asking for the next. A record is replayed on
//! the game open, a built-in one, or the file named on the command line: no other file is
//! read from disk.

mod http;

use super::info::{info, Info};
use super::play::BudgetArgs;
use super::render::{board_body, escape, player_colour};
use super::session::{SeatArgs, SeatSpec, Session};
use super::view::{change_words, filler, status_text};
use super::{read_description, SelectArgs, EXIT_USAGE};
use crate::ai::record::{choices, Record};
use crate::ai::result_text;
use crate::check::check_source;
use crate::engine::Game;
use crate::expand::Selections;
use http::{Request, Response};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The description (.lud) to open first (default: Ex Nihilo, one of the games built in).
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub select: SelectArgs,
    /// The port on 127.0.0.1 (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8020)]
    pub port: u16,
    #[command(flatten)]
    pub seats: SeatArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Keep the game being played saved here as a Ludii trial file (written after every
    /// change; the page also offers it as a download, `/api/trial`).
    #[arg(long, value_name = "FILE")]
    pub save_trial: Option<PathBuf>,
}

/// The games built into the binary, offered by the page.
const BUILTIN: [(&str, &str); 3] = [
    ("games/ex-nihilo.lud", include_str!("../../../games/ex-nihilo.lud")),
    ("games/refugia.lud", include_str!("../../../games/refugia.lud")),
    ("games/equi.lud", include_str!("../../../games/equi.lud")),
];

const PAGE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("page.js");
const STYLE: &str = include_str!("page.css");

/// A description as loaded: its name (a path, or an uploaded file's name), its text, and
/// what `info` says of it.
struct Loaded {
    name: String,
    text: String,
    info: Info,
}

struct App {
    /// The description named on the command line (name, text): a record of it may be
    /// replayed once another game is open.
    named: Option<(String, String)>,
    /// Where the game is kept saved as a Ludii trial (`--save-trial`).
    save_trial: Option<PathBuf>,
    loaded: Loaded,
    session: Session,
    budget: BudgetArgs,
}

/// Checks and loads a description with these selections. A match's subgames are read near
/// it only when `disk` (the file named on the command line): no other file is read.
fn load(name: &str, text: &str, selections: &Selections, disk: bool) -> Result<(Info, Game), String> {
    let checked = check_source(name, text, selections).map_err(|e| e.to_string())?;
    let near = |sub: &str| crate::load::near(name, sub);
    let find: crate::load::FindSubgame = if disk { &near } else { &crate::load::no_subgames };
    let i = info(&checked, text, name, selections, find);
    if let Some(why) = &i.refused {
        return Err(format!("{name}: {why}"));
    }
    let game = Game::load_with(name, text, selections, find).map_err(|e| format!("{name}: {e}"))?;
    Ok((i, game))
}

impl App {
    /// Opens a description: a new game, keeping the seats. On error the current game stays.
    fn open(&mut self, name: String, text: String, selections: Selections) -> Result<(), String> {
        let disk = self.named.as_ref().is_some_and(|(n, _)| *n == name);
        let (i, game) = load(&name, &text, &selections, disk)?;
        let seats = self.session.seats().to_vec();
        self.session = Session::new(
            game,
            name.clone(),
            selections,
            seats,
            self.budget.seed,
            self.budget.config(),
        )?;
        self.loaded = Loaded { name, text, info: i };
        Ok(())
    }

    /// The whole state the page draws.
    fn state(&self) -> Value {
        let s = &self.session;
        let game = &*s.game;
        let st = s.state();
        let legal = game.legal_moves(st);
        let fill_piece = filler(game);
        // (with hidden information, what the viewer's seat sees, and of each move what it
        // may know before making it)
        let viewer = s.viewer();
        let shown = game.view(st, viewer);
        let moves: Vec<Value> = if st.is_over() {
            Vec::new()
        } else {
            choices(game, st)
                .iter()
                .map(|c| {
                    let mv = &legal[c.index];
                    let (from, to) = (mv.from_site(), mv.to_site());
                    json!({
                        "text": c.text,
                        "from": if from == to { -1 } else { from },
                        "to": to,
                        "words": change_words(game, &shown, &game.view_under(&c.after(game, st), st, viewer), fill_piece),
                    })
                })
                .collect()
        };
        let (w, h, body) = board_body(game, &shown);
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.1} {h:.1}" width="{w:.0}" height="{h:.0}">{body}</svg>"#
        );
        let seats: Vec<Value> = s
            .seats()
            .iter()
            .map(|x| json!({"kind": x.kind, "think": x.think}))
            .collect();
        let players = game.num_players();
        let key: Vec<Value> = (1..=players)
            .map(|p| json!({"player": p, "colour": player_colour(game, p), "seat": s.seats().get(p - 1).map(|x| x.kind.clone())}))
            .collect();
        let i = &self.loaded.info;
        json!({
            "file": self.loaded.name,
            "name": game.name(),
            "players": players,
            "kinds": game.piece_kinds(),
            "options": i.options,
            "rulesets": i.rulesets.iter().map(|r| r.name.clone()).collect::<Vec<_>>(),
            "ruleset": s.selections.ruleset,
            "builtin": BUILTIN.iter().map(|b| b.0).collect::<Vec<_>>(),
            "seats": seats,
            "key": key,
            "svg": svg,
            "status": status_text(game, st, &[]),
            "over": st.is_over(),
            // (no legal move, and not over: a simulation at a standstill)
            "still": !st.is_over() && legal.is_empty(),
            "result": st.is_over().then(|| result_text(st, players)),
            "mover": st.mover(),
            "viewer": viewer,
            "human": s.human_to_move(),
            "scores": game.has_scores().then(|| st.scores().get(1..=players).map(|x| x.to_vec())),
            "history": s.moves(),
            "moves": moves,
        })
    }

    /// Carries out a request to the game interface.
    fn api(&mut self, req: &Request) -> Response {
        let body: Value = if req.body.is_empty() {
            Value::Null
        } else {
            match serde_json::from_slice(&req.body) {
                Ok(v) => v,
                Err(e) => return Response::status(400, &format!("not JSON: {e}")),
            }
        };
        let outcome: Result<(), String> = match (req.method.as_str(), req.path.as_str()) {
            ("GET", "/api/state") => Ok(()),
            ("GET", "/api/record") => {
                let rec = serde_json::to_string_pretty(&self.session.record()).unwrap_or_default();
                let mut r = Response::ok("application/json", rec + "\n");
                r.headers
                    .push(("content-disposition", "attachment; filename=\"game.json\"".into()));
                return r;
            }
            ("GET", "/api/trial") => {
                let mut r = Response::ok("text/plain; charset=utf-8", self.session.ludii_trial());
                r.headers
                    .push(("content-disposition", "attachment; filename=\"game.trl\"".into()));
                return r;
            }
            ("POST", "/api/move") => match body["text"].as_str() {
                Some(t) if self.session.human_to_move() => {
                    if self.session.play_text(t) {
                        Ok(())
                    } else {
                        Err(format!("`{t}` is not a legal move here"))
                    }
                }
                Some(_) => Err("it is not a human's turn".into()),
                None => Err("give the move's text".into()),
            },
            ("POST", "/api/agent") => match self.session.agent_move() {
                Some(_) => Ok(()),
                None => Err("no agent is to move".into()),
            },
            ("POST", "/api/undo") => {
                if self.session.undo() {
                    Ok(())
                } else {
                    Err("nothing to undo".into())
                }
            }
            ("POST", "/api/restart") => {
                self.session.restart();
                Ok(())
            }
            ("POST", "/api/new") => {
                let selections = Selections {
                    options: strings(&body["options"]),
                    ruleset: body["ruleset"].as_str().filter(|r| !r.is_empty()).map(String::from),
                };
                let (name, text) = (self.loaded.name.clone(), self.loaded.text.clone());
                self.open(name, text, selections)
            }
            ("POST", "/api/seats") => {
                #[derive(Deserialize)]
                struct Seat {
                    kind: String,
                    think: Option<f64>,
                }
                match serde_json::from_value::<Vec<Seat>>(body["seats"].clone()) {
                    Ok(seats) => self.session.set_seats(
                        seats
                            .into_iter()
                            .map(|s| SeatSpec {
                                kind: s.kind,
                                think: s.think,
                            })
                            .collect(),
                    ),
                    Err(e) => Err(format!("seats: {e}")),
                }
            }
            ("POST", "/api/open") => {
                if let Some(b) = body["builtin"].as_str() {
                    match BUILTIN.iter().find(|g| g.0 == b) {
                        Some((name, text)) => self.open(name.to_string(), text.to_string(), Selections::default()),
                        None => Err(format!("no built-in game {b}")),
                    }
                } else {
                    match (body["name"].as_str(), body["text"].as_str()) {
                        (Some(name), Some(text)) => {
                            self.open(name.to_string(), text.to_string(), Selections::default())
                        }
                        _ => Err("give a name and a text, or a built-in game".into()),
                    }
                }
            }
            ("POST", "/api/record") => match serde_json::from_value::<Record>(body) {
                Ok(rec) => self.load_record(rec),
                Err(e) => Err(format!("not a game record: {e}")),
            },
            (_, "/api/state" | "/api/record" | "/api/trial") => return Response::status(405, "method not allowed"),
            _ => return Response::status(404, "no such page"),
        };
        let mut state = self.state();
        if let Err(e) = outcome {
            state["error"] = Value::String(e);
        }
        if let Some(p) = &self.save_trial {
            if let Err(e) = std::fs::write(p, self.session.ludii_trial()) {
                state["error"] = Value::String(format!("cannot save the trial to {}: {e}", p.display()));
            }
        }
        Response::ok("application/json", state.to_string())
    }

    /// Replays a record: its game (the one open, a built-in one, or the file named on the
    /// command line), with its options and ruleset. Another file is not read: the page opens
    /// it first (its file chooser sends the text).
    fn load_record(&mut self, rec: Record) -> Result<(), String> {
        let (name, text) = if rec.file == self.loaded.name {
            (self.loaded.name.clone(), self.loaded.text.clone())
        } else if let Some((n, t)) = BUILTIN.iter().find(|b| b.0 == rec.file) {
            (n.to_string(), t.to_string())
        } else if let Some((n, t)) = self.named.as_ref().filter(|(n, _)| *n == rec.file) {
            (n.clone(), t.clone())
        } else {
            return Err(format!(
                "the record is of {}: open that description first, then its record",
                rec.file
            ));
        };
        self.open(name, text, rec.selections())?;
        self.session.load_moves(&rec.moves)
    }

    fn handle(&mut self, req: &Request) -> Response {
        match (req.method.as_str(), req.path.as_str()) {
            ("GET", "/") => {
                let title = escape(self.session.game.name());
                Response::ok("text/html; charset=utf-8", PAGE.replace("{{title}}", &title))
            }
            ("GET", "/page.js") => Response::ok("text/javascript; charset=utf-8", SCRIPT),
            ("GET", "/page.css") => Response::ok("text/css; charset=utf-8", STYLE),
            ("GET", "/favicon.ico") => Response::status(404, "no icon"),
            (_, p) if p.starts_with("/api/") => self.api(req),
            _ => Response::status(404, "no such page"),
        }
    }
}

/// The strings of a JSON array (others are skipped).
fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect())
        .unwrap_or_default()
}

pub fn run(args: &ServeArgs) -> ExitCode {
    // a browser that closes a connection early must not end the server (see `cli::main`)
    #[cfg(unix)]
    // SAFETY: only restores the ignoring of one signal, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let (name, text) = match &args.file {
        Some(f) => match read_description(f) {
            Ok((t, _)) => (f.display().to_string(), t),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(EXIT_USAGE);
            }
        },
        None => (BUILTIN[0].0.to_string(), BUILTIN[0].1.to_string()),
    };
    let selections = args.select.selections();
    let (i, game) = match load(&name, &text, &selections, args.file.is_some()) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let seats = args.seats.specs();
    let session = match Session::new(
        game,
        name.clone(),
        selections,
        seats,
        args.budget.seed,
        args.budget.config(),
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let listener = match TcpListener::bind(("127.0.0.1", args.port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on 127.0.0.1:{}: {e}", args.port);
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let port = listener.local_addr().map(|a| a.port()).unwrap_or(args.port);
    // (stdout may be closed: the server goes on)
    let mut stdout = std::io::stdout();
    let name_shown = session.game.name();
    let _ = writeln!(
        stdout,
        "Playing {name_shown} at http://127.0.0.1:{port}/ (Ctrl-C to stop)"
    );
    let _ = stdout.flush();
    let mut app = App {
        named: args.file.is_some().then(|| (name.clone(), text.clone())),
        loaded: Loaded { name, text, info: i },
        session,
        budget: args.budget.clone(),
        save_trial: args.save_trial.clone(),
    };
    let (jobs, inbox) = mpsc::channel::<http::Job>();
    let server = std::thread::spawn(move || http::serve(listener, jobs));
    for (request, reply) in inbox {
        let _ = reply.send(app.handle(&request));
    }
    let why = match server.join() {
        Ok(Err(e)) => e.to_string(),
        _ => "it ended".to_string(),
    };
    eprintln!("error: the server stopped: {why}");
    ExitCode::FAILURE
}
