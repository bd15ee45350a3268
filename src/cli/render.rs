//! `ludeme render FILE --svg OUT`: an SVG picture of a position.

use super::replay::load_record;
use super::view::spacing;
use super::{SelectArgs, EXIT_USAGE};
use crate::board::SiteType;
use crate::engine::{Game, State};
use crate::ir::looks::Rgba;
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

/// A colour as SVG writes it (`none` for a transparent one).
fn css(c: Rgba) -> String {
    if c[3] == 0 {
        "none".into()
    } else {
        format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
    }
}

/// Player `p`'s colour: the one the game's graphics metadata gives (`(player Colour P1
/// (colour Black))`), else white and black on a chess board, brown seeds on a mancala
/// board, else ours.
pub fn player_colour(game: &Game, p: usize) -> String {
    let looks = &game.ir().looks;
    let style = |name: &str| looks.style.as_deref().is_some_and(|s| s.eq_ignore_ascii_case(name));
    let chess = style("chess");
    match (looks.player(p), p) {
        (Some(c), _) => css(c),
        // a mancala board's seeds, in its pits
        (None, 0) if style("mancala") => "#9a6a3a".into(),
        // a chess board's men are white and black unless the game says otherwise
        (None, 1) if chess => "#f8f8f8".into(),
        (None, 2) if chess => "#222222".into(),
        (None, _) => fill(p).to_string(),
    }
}

/// The board's colours: cells (by phase where they alternate), lines, and the vertices'
/// dots, from the graphics metadata and the board's style.
struct BoardPaint {
    cells: [String; 2],
    /// Whether cells alternate in colour (a chess board, `(board Checkered)`).
    alternate: bool,
    lines: String,
    /// A ground under the whole board (a wooden Go, shogi or xiangqi board).
    ground: Option<String>,
    points: Points,
}

/// How the points of a board of vertices are marked.
#[derive(Clone, Copy, PartialEq)]
enum Points {
    /// A dot on every point.
    Dots,
    /// The lines alone, with a Go board's star points (on a board of this many lines).
    Stars(usize),
}

impl BoardPaint {
    /// Whether site `i` is a star point: on a square Go board of 9, 13 or 19 lines, the
    /// points on the third or fourth line from each edge and the middle lines.
    fn star(&self, i: usize, game: &Game) -> bool {
        let Points::Stars(lines) = self.points else {
            return false;
        };
        let (row, col) = (i / lines, i % lines);
        let at = match lines {
            19 => [3, 9, 15],
            13 => [3, 6, 9],
            9 => [2, 4, 6],
            _ => return false,
        };
        game.num_sites() == lines * lines && at.contains(&row) && at.contains(&col)
    }

    fn of(game: &Game) -> BoardPaint {
        let looks = &game.ir().looks;
        let style = looks.style.as_deref().map(str::to_ascii_lowercase);
        // our own defaults per style: a chess board's light and dark squares, wood for Go,
        // shogi and xiangqi
        let (light, dark, lines, alternate) = match style.as_deref() {
            Some("chess") => ("#f0d9b5", "#b58863", "#8a6a4a", true),
            Some("go") | Some("shogi") | Some("xiangqi") | Some("janggi") | Some("mancala") => {
                ("#deb86a", "#deb86a", "#3a2a1a", false)
            }
            Some("tafl") => ("#e8d9b5", "#d4c29a", "#8a7a5c", false),
            _ => ("#e8d9b5", "#cdb98f", "#8a7a5c", false),
        };
        let given = |part: &str, default: &str| looks.board(part).map_or(default.to_string(), css);
        let wooden = matches!(
            style.as_deref(),
            Some("go" | "shogi" | "xiangqi" | "janggi" | "mancala")
        );
        let side = (game.num_sites() as f64).sqrt().round() as usize;
        BoardPaint {
            // (Ludii's Phase0 is the colour of the board's first cell: a chess board's dark one)
            cells: [given("Phase1", light), given("Phase0", dark)],
            alternate: alternate || looks.checkered,
            lines: given("InnerEdges", lines),
            ground: wooden.then(|| light.to_string()),
            points: if style.as_deref() == Some("go") {
                Points::Stars(side)
            } else {
                Points::Dots
            },
        }
    }

    /// The colour of the cell at `(x, y)` on a board of spacing `d` whose first cell is at
    /// `origin`: cells alternate along rows and columns, the first one in the second colour.
    fn cell(&self, (x, y): (f64, f64), origin: (f64, f64), d: f64) -> &str {
        if !self.alternate {
            return &self.cells[0];
        }
        let steps = ((x - origin.0) / d).round() + ((y - origin.1) / d).round();
        &self.cells[usize::from((steps as i64).rem_euclid(2) == 0)]
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
        for name in &kinds {
            let components = &game.ir().components;
            let c = (1..components.len())
                .find(|&c| components[c].base == *name && components[c].owner as usize == p)
                .or_else(|| (1..components.len()).find(|&c| components[c].base == *name))
                .unwrap_or(0);
            let _ = writeln!(out, "{}", piece_shape(game, (&kinds, &letters), c, x, y, unit * 0.2, p));
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

pub use super::pieces::escape;

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
    let paint = BoardPaint::of(game);
    let mut out = String::new();
    if let Some(wood) = &paint.ground {
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="6" fill="{wood}"/>"##,
            margin * 0.45,
            margin * 0.45,
            (maxx - minx) * k + margin * 1.1,
            (maxy - miny) * k + margin * 1.1
        );
    }
    // coordinates along the edges of a board larger than 5x5 whose labels are columns and
    // rows (`C3`), instead of a label on every site
    let marks = if n > 25 {
        super::view::edge_marks(game, 0.7)
    } else {
        Vec::new()
    };
    for (xy, text) in &marks {
        let (x, y) = at(*xy);
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" fill="#555" text-anchor="middle" pointer-events="none">{}</text>"##,
            y + unit * 0.08,
            unit * 0.26,
            escape(text)
        );
    }
    if !cells {
        for &[a, c] in &g.edges {
            let v = |i: u32| at((g.vertices[i as usize].x, g.vertices[i as usize].y));
            let ((x1, y1), (x2, y2)) = (v(a), v(c));
            let _ = writeln!(
                out,
                r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{}" stroke-width="2"/>"##,
                paint.lines
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
        let _ = writeln!(
            out,
            "{}",
            piece_shape(
                game,
                (&kinds, &letters),
                v.top_component,
                x,
                y,
                unit * 0.32,
                v.top_owner
            )
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
            r##"stroke="#000" stroke-width="4""##.to_string()
        } else {
            format!(r##"stroke="{}" stroke-width="1.5""##, paint.lines)
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
            format!(
                r##"<polygon points="{}" fill="{}" STROKE/>"##,
                outline.join(" "),
                paint.cell(pts[i], pts[0], d)
            )
        } else {
            // a vertex: a small dot, inside a larger clear circle that takes clicks
            format!(
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="transparent" stroke="none"/><circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{}" STROKE/>"##,
                unit * 0.4,
                match paint.points {
                    Points::Dots => unit * 0.12,
                    Points::Stars(_) if paint.star(i, game) => unit * 0.1,
                    Points::Stars(_) => 0.0,
                },
                match paint.points {
                    Points::Dots => &paint.cells[0],
                    Points::Stars(_) => &paint.lines,
                }
            )
        };
        let label = if marks.is_empty() { game.site_label(i) } else { "" };
        site(&mut out, i, x, y, &shape, label);
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
/// its kind's name ([`super::pieces`]) in the colours the graphics metadata gives it (else
/// its owner's); `kinds` and `letters` are the game's kinds of piece and their short names.
#[allow(clippy::too_many_arguments)]
fn piece_shape(
    game: &Game,
    (kinds, letters): (&[&str], &[String]),
    component: usize,
    x: f64,
    y: f64,
    r: f64,
    owner: usize,
) -> String {
    if component == 0 {
        // a piece the viewer cannot tell (hidden information): its back, in its owner's
        // colour where the owner shows
        let fill = if owner > 0 {
            player_colour(game, owner)
        } else {
            "#8a8a8a".to_string()
        };
        return format!(
            r##"<g class="piece hidden" data-piece="hidden"><title>hidden</title><circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="#222" stroke-width="2"/><text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" font-weight="bold" fill="#fff" text-anchor="middle" pointer-events="none">?</text></g>"##,
            y + r * 0.45,
            r * 1.3
        );
    }
    let kind = game.piece_kind(component);
    let name = kinds.get(kind).copied().unwrap_or("");
    if let Ok(v) = name.parse::<i32>() {
        return format!(
            r##"<g class="piece" data-piece="{v}"><title>{v}</title><text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" font-weight="bold" fill="#222" text-anchor="middle" pointer-events="none">{v}</text></g>"##,
            y + r * 0.45,
            r * 1.6
        );
    }
    let short = letters.get(kind).map_or("?", |l| l.as_str());
    let full = game.ir().components.get(component).map_or(name, |c| c.name.as_str());
    let (fill, stroke) = game.ir().looks.piece(full, name, owner);
    let fill = fill.map_or_else(|| player_colour(game, owner), css);
    let stroke = stroke.map_or_else(|| "#222".to_string(), css);
    super::pieces::piece_svg(name, short, x, y, r, (&fill, &stroke), owner == 2)
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
