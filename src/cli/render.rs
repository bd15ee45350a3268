//! `ludeme render FILE --svg OUT`: an SVG picture of a position.

use super::replay::load_record;
use super::view::spacing;
use super::{SelectArgs, EXIT_USAGE};
use crate::board::SiteType;
use crate::engine::{Game, State};
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// The description (.lud); with --record, the record's game and options are used.
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Draw a position of this game record.
    #[arg(long, value_name = "RECORD")]
    pub record: Option<PathBuf>,
    /// The position after this many moves of the record (default: the last).
    #[arg(long)]
    pub ply: Option<usize>,
    /// Where to write the SVG.
    #[arg(long, value_name = "OUT")]
    pub svg: PathBuf,
}

/// Fill colours by player, player 1 first.
const FILLS: [&str; 4] = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e"];

/// A player's fill colour (0: neutral).
pub fn fill(owner: usize) -> &'static str {
    if owner == 0 {
        "#777"
    } else {
        FILLS[(owner - 1) % FILLS.len()]
    }
}

/// The SVG of a position, for `render`: a title band (the game, whose turn or the result,
/// the scores), the board, the hands, and a key of the pieces.
pub fn svg(game: &Game, state: &State) -> String {
    let (w, h, board) = board_body(game, state);
    let unit = UNIT;
    let top = unit * 1.3;
    let kinds = game.piece_kinds();
    let letters = super::view::kind_letters(&kinds);
    let players = game.num_players();
    let key_h = unit * 0.9;
    let (width, height) = (w.max(unit * 2.6 * players as f64 + unit), top + h + key_h);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}">"#
    );
    let _ = writeln!(out, r##"<rect width="100%" height="100%" fill="#f4ecd8"/>"##);
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" font-weight="bold" fill="#222">{}</text>"##,
        unit * 0.3,
        unit * 0.55,
        unit * 0.4,
        escape(game.name())
    );
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" fill="#333">{}</text>"##,
        unit * 0.3,
        unit * 1.05,
        unit * 0.28,
        escape(&super::view::status_text(game, state, &[]))
    );
    let _ = writeln!(out, r#"<g transform="translate(0 {top:.1})">"#);
    out.push_str(&board);
    out.push_str("</g>\n");
    // the key: each player's pieces, one of each kind
    let y = top + h + key_h / 2.0;
    let mut x = unit * 0.5;
    for p in 1..=players {
        for k in 0..kinds.len() {
            let _ = writeln!(out, "{}", piece_shape(&kinds, &letters, k, x, y, unit * 0.2, p));
            x += unit * 0.5;
        }
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" fill="#333">Player {p}</text>"##,
            y + unit * 0.1,
            unit * 0.28
        );
        x += unit * 2.0;
    }
    out.push_str("</svg>\n");
    out
}

/// The side of a site's cell, in SVG units.
pub const UNIT: f64 = 48.0;

/// Text safe inside SVG and HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The board and hands of a position as SVG elements, with the width and height they take:
/// sites at their coordinates (hexagons or squares for cells, circles for vertices), labels,
/// pieces coloured by owner with stack heights, the last move ringed, then a row per hand.
/// Each site is one group `<g class="site" data-site="I">` (I: the site's number over all
/// containers), so that a page can find and click it.
pub fn board_body(game: &Game, state: &State) -> (f64, f64, String) {
    let b = game.board();
    let n = game.num_sites();
    let d = spacing(game);
    let unit = UNIT;
    let k = unit / d;
    let margin = unit;
    let pts: Vec<(f64, f64)> = (0..n).map(|i| b.xy(i as u32)).collect();
    // the board's graph: cells drawn as their polygons, vertex and edge boards with their
    // edges (its vertices bound the picture with the sites)
    let g = b.graph();
    let corners = g.vertices.iter().map(|v| (v.x, v.y));
    let all = || pts.iter().copied().chain(corners.clone());
    let minx = all().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let maxx = all().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let miny = all().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let maxy = all().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let at = |(x, y): (f64, f64)| (margin + (x - minx) * k, margin + (maxy - y) * k);
    let px = |i: usize| at(pts[i]);
    let hands = game.containers();
    let hand_w = hands
        .iter()
        .map(|h| unit * (2.5 + 1.1 * h.2 as f64))
        .fold(0.0, f64::max);
    let board_h = 2.0 * margin + (maxy - miny) * k;
    let w = (2.0 * margin + (maxx - minx) * k).max(hand_w);
    let h = board_h + unit * 1.2 * hands.len() as f64;
    let cells = b.site_type() == SiteType::Cell;
    let filler = super::view::filler(game);
    let mut out = String::new();
    if !cells {
        for &[a, c] in &g.edges {
            let v = |i: u32| at((g.vertices[i as usize].x, g.vertices[i as usize].y));
            let ((x1, y1), (x2, y2)) = (v(a), v(c));
            let _ = writeln!(
                out,
                r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#8a7a5c" stroke-width="2"/>"##
            );
        }
    }
    let last = state.last_move();
    let kinds = game.piece_kinds();
    let letters = super::view::kind_letters(&kinds);
    // a site's top piece, with its count or the height of its stack
    let piece = |out: &mut String, v: crate::engine::SiteView, x: f64, y: f64| {
        if v.height == 0 {
            return;
        }
        let kind = game.piece_kind(v.top_component);
        let _ = writeln!(
            out,
            "{}",
            piece_shape(&kinds, &letters, kind, x, y, unit * 0.32, v.top_owner)
        );
        let count = if v.height > 1 { v.height } else { v.top_count as usize };
        if count > 1 || game.counts_seeds() {
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" font-weight="bold" fill="#fff" text-anchor="middle" pointer-events="none">{count}</text>"##,
                y + unit * 0.12,
                unit * 0.34
            );
        }
    };
    let site = |out: &mut String, i: usize, x: f64, y: f64, shape: &str, label: &str| {
        let is_last = last.is_some_and(|(f, t)| f == i as i32 || t == i as i32);
        let class = if is_last { "site last" } else { "site" };
        let _ = writeln!(out, r#"<g class="{class}" data-site="{i}">"#);
        let stroke = if is_last {
            r##"stroke="#000" stroke-width="4""##
        } else {
            r##"stroke="#8a7a5c" stroke-width="1.5""##
        };
        let _ = writeln!(out, "{}", shape.replace("STROKE", &format!(r#"class="cell" {stroke}"#)));
        piece(out, super::view::shown(state.site(i), filler), x, y);
        if !label.is_empty() {
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" fill="#555" text-anchor="middle" pointer-events="none">{}</text>"##,
                y - unit * 0.36,
                unit * 0.2,
                escape(label)
            );
        }
        out.push_str("</g>\n");
    };
    for i in 0..n {
        let (x, y) = px(i);
        let shape = if cells {
            let outline: Vec<String> = g.faces[i]
                .iter()
                .map(|&v| {
                    let (x, y) = at((g.vertices[v as usize].x, g.vertices[v as usize].y));
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            format!(r##"<polygon points="{}" fill="#e8d9b5" STROKE/>"##, outline.join(" "))
        } else {
            // a vertex: a small dot, inside a larger clear circle that takes clicks
            format!(
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="transparent" stroke="none"/><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#e8d9b5" STROKE/>"##,
                unit * 0.4,
                unit * 0.12
            )
        };
        site(&mut out, i, x, y, &shape, game.site_label(i));
    }
    // pieces on sites of another type than the board's (a start position's), over the board
    for (t, i, xy, v) in state.typed_sites(game) {
        let (x, y) = at(xy);
        let _ = writeln!(out, r#"<g class="typed-site" data-type="{t:?}" data-index="{i}">"#);
        piece(&mut out, v, x, y);
        out.push_str("</g>\n");
    }
    for (row, (name, from, count)) in hands.iter().enumerate() {
        let y = board_h + unit * (0.6 + 1.2 * row as f64);
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" fill="#333">{}</text>"##,
            unit * 0.3,
            y + unit * 0.1,
            unit * 0.28,
            escape(name)
        );
        for k in 0..*count {
            let x = unit * (2.5 + 1.1 * k as f64);
            let shape = format!(
                r##"<rect x="{:.1}" y="{:.1}" width="{unit:.1}" height="{unit:.1}" rx="6" fill="#efe3c6" STROKE/>"##,
                x - unit / 2.0,
                y - unit / 2.0
            );
            site(&mut out, from + k, x, y, &shape, "");
        }
    }
    (w, h, out)
}

/// A piece's SVG: a deduction puzzle's value as the number itself, any other piece drawn by
/// its kind's name ([`super::pieces`]); `kinds` and `letters` are the game's kinds of piece
/// and their short names.
fn piece_shape(kinds: &[&str], letters: &[String], kind: usize, x: f64, y: f64, r: f64, owner: usize) -> String {
    let name = kinds.get(kind).copied().unwrap_or("");
    if let Ok(v) = name.parse::<i32>() {
        return format!(
            r##"<g class="piece" data-piece="{v}"><title>{v}</title><text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" font-weight="bold" fill="#222" text-anchor="middle" pointer-events="none">{v}</text></g>"##,
            y + r * 0.45,
            r * 1.6
        );
    }
    let short = letters.get(kind).map_or("?", |l| l.as_str());
    super::pieces::piece_svg(name, short, x, y, r, fill(owner), owner == 2)
}

pub fn run(args: &RenderArgs) -> ExitCode {
    let (game, state) = if let Some(r) = &args.record {
        let (rec, game) = match load_record(r) {
            Ok(x) => x,
            Err(code) => return code,
        };
        let ply = args.ply.unwrap_or(rec.moves.len());
        if ply > rec.moves.len() {
            eprintln!("error: --ply {ply}: the record has {} moves", rec.moves.len());
            return ExitCode::from(EXIT_USAGE);
        }
        let mut at_ply = None;
        if let Err(e) = rec.replay_each(&game, |k, s| {
            if k == ply {
                at_ply = Some(s.clone());
            }
        }) {
            eprintln!("error: {}: {e}", r.display());
            return ExitCode::from(1);
        }
        let Some(st) = at_ply else {
            return ExitCode::from(1);
        };
        (game, st)
    } else {
        let Some(file) = &args.file else {
            eprintln!("error: give a FILE or --record");
            return ExitCode::from(EXIT_USAGE);
        };
        if args.ply.is_some() {
            eprintln!("error: --ply picks a position of a game record: give --record too");
            return ExitCode::from(EXIT_USAGE);
        }
        match start_or_board(file, &args.select.selections()) {
            Ok(Drawn::Start(game, st, why)) => {
                if let Some(why) = why {
                    eprintln!("note: the engine cannot run this game's rules yet ({why}): its start position is drawn");
                }
                (*game, *st)
            }
            Ok(Drawn::Board(svg, why)) => {
                eprintln!("note: the engine cannot run this game's rules yet ({why}): the board alone is drawn");
                return write(&args.svg, &svg);
            }
            Err(code) => return code,
        }
    };
    write(&args.svg, &svg(&game, &state))
}

/// What `render FILE` draws: the start position (with why the rules cannot run, when they
/// cannot), or the board alone (with why) when not even the start can be set up.
pub enum Drawn {
    Start(Box<Game>, Box<State>, Option<String>),
    Board(String, String),
}

/// The start position of a description, or its board when the rules use a ludeme the
/// engine lacks (errors are printed: a description with errors, or a board not built). A
/// match's start is its first subgame's, whose description is looked for near it.
pub fn start_or_board(file: &std::path::Path, selections: &crate::expand::Selections) -> Result<Drawn, ExitCode> {
    draw_start(file, selections, true)
}

fn draw_start(
    file: &std::path::Path,
    selections: &crate::expand::Selections,
    match_allowed: bool,
) -> Result<Drawn, ExitCode> {
    let (text, _) = super::read_description(file).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(EXIT_USAGE)
    })?;
    let name = file.display().to_string();
    // (a match starts with its first subgame; a subgame that is a match is refused below)
    if let (true, Ok(Some(subgames))) = (match_allowed, Game::match_subgames(&name, &text, selections)) {
        let Some(crate::compile::Subgame { name: sub, option }) = subgames.first() else {
            eprintln!("error: {name}: the match names no subgame");
            return Err(ExitCode::from(1));
        };
        let Some(path) = crate::source::find_subgame(file, sub) else {
            eprintln!("error: {name}: no description \"{sub}.lud\" of its first subgame near it");
            return Err(ExitCode::from(1));
        };
        let sel = crate::expand::Selections {
            options: option.iter().cloned().collect(),
            ruleset: None,
        };
        return draw_start(&path, &sel, false);
    }
    let why = match Game::load(&name, &text, selections) {
        Ok(game) => {
            let st = game.initial_state();
            return Ok(Drawn::Start(Box::new(game), Box::new(st), None));
        }
        Err(crate::load::LoadError::Unsupported { ludeme, .. }) => ludeme,
        Err(crate::load::LoadError::Invalid(checked)) => {
            eprint!("{}", crate::diag::render_human(&checked.diagnostics, &checked.sources));
            eprintln!("error: {name}: the description has errors");
            return Err(ExitCode::from(1));
        }
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return Err(ExitCode::from(1));
        }
    };
    if let Ok(game) = Game::load_start(&name, &text, selections) {
        let st = game.initial_state();
        return Ok(Drawn::Start(Box::new(game), Box::new(st), Some(why)));
    }
    match Game::load_layout(&name, &text, selections) {
        Ok(layout) => Ok(Drawn::Board(super::board::svg(&layout), why)),
        Err(e) => {
            eprintln!("error: {name}: {e}");
            Err(ExitCode::from(1))
        }
    }
}
fn write(path: &std::path::Path, svg: &str) -> ExitCode {
    match std::fs::write(path, svg) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            ExitCode::from(EXIT_USAGE)
        }
    }
}
