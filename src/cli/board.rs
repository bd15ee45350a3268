//! `ludeme board FILE`: the board a description gets, as Ludii numbers it — every site of
//! the default site type with its index, label and coordinates, the containers, and on
//! request one site's relations and named steps. The board is built even when the rules use
//! ludemes the engine cannot run yet.
//!
//! `--format json` writes one object with the fields of a trace header (`site_type`,
//! `sites`, `containers`), numbers written as Ludii's headers write them (4 decimals), so a
//! board can be compared with a trace line for line; `--format svg` draws the graph (cells
//! as their polygons, edges, vertices) with each site's index.

use super::{read_description, SelectArgs, EXIT_USAGE};
use crate::board::{Board, Circ, Dir, Direction, Graph, Lay, Relation};
use crate::engine::Game;
use crate::load::{Layout, LoadError};
use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct BoardArgs {
    /// The description (.lud).
    pub file: PathBuf,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Output format: `text`, `json` (one object, a trace header's fields) or `svg`.
    #[arg(long, default_value = "text", value_parser = ["text", "json", "svg"])]
    pub format: String,
    /// Also print this site's relations (Orthogonal, Diagonal, OffDiagonal, Adjacent, All)
    /// and its steps by direction name (text and json).
    #[arg(long, value_name = "SITE")]
    pub site: Option<usize>,
}

pub fn run(args: &BoardArgs) -> ExitCode {
    let (text, _lossy) = match read_description(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let name = args.file.display().to_string();
    let layout = match Game::load_layout(&name, &text, &args.select.selections()) {
        Ok(l) => l,
        Err(LoadError::Invalid(checked)) => {
            eprint!("{}", crate::diag::render_human(&checked.diagnostics, &checked.sources));
            eprintln!("error: {name}: the description has errors");
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return ExitCode::from(1);
        }
    };
    if let Some(s) = args.site {
        if s >= layout.board.num_sites() {
            eprintln!(
                "error: --site {s}: the board has {} sites (0 to {})",
                layout.board.num_sites(),
                layout.board.num_sites() - 1
            );
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let out = match args.format.as_str() {
        "json" => json(&layout, args.site),
        "svg" => svg(&layout),
        _ => text_form(&layout, args.site),
    };
    print!("{out}");
    ExitCode::SUCCESS
}

/// A site's relations, each as its list of sites (clockwise from N).
fn relations(board: &Board, site: u32) -> Vec<(&'static str, &[u32])> {
    Relation::ALL
        .iter()
        .map(|&r| (r.name(), board.relation(site, r)))
        .collect()
}

/// A site's steps by direction name (those it has).
fn named_steps(board: &Board, site: u32) -> Vec<(&'static str, &[u32])> {
    let compass = Dir::ALL.iter().map(|&d| (d.name(), board.steps(site, d)));
    // (the circular directions, on a board with pivots)
    let circular = Circ::ALL
        .iter()
        .map(|&c| (c.name(), board.steps_in(site, Direction::Circular(c))));
    // (and between layers, on a board in layers)
    let layers = Lay::ALL
        .iter()
        .map(|&l| (l.name(), board.steps_in(site, Direction::Layer(l))));
    compass
        .chain(circular)
        .chain(layers)
        .filter(|(_, s)| !s.is_empty())
        .collect()
}

fn join(sites: &[u32]) -> String {
    sites.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// The human form: a summary, the containers, then a line per site.
pub fn text_form(layout: &Layout, site: Option<usize>) -> String {
    let b = &layout.board;
    let g = b.graph_counts();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} sites of type {:?} (graph: {} vertices, {} edges, {} cells)",
        b.num_sites(),
        b.site_type(),
        g.vertices,
        g.edges,
        g.cells
    );
    let _ = writeln!(out, "containers:");
    for (name, from, n) in &layout.containers {
        let _ = writeln!(out, "  {name:<8} sites {from}..{} ({n})", from + n);
    }
    let _ = writeln!(out, "{:>5}  {:<6} {:>9} {:>9}", "site", "label", "x", "y");
    for i in 0..b.num_sites() as u32 {
        let (x, y) = b.xy(i);
        let _ = writeln!(out, "{i:>5}  {:<6} {x:>9.4} {y:>9.4}", b.label(i));
    }
    if let Some(s) = site {
        let s = s as u32;
        let _ = writeln!(out, "site {s} ({}):", b.label(s));
        for (name, sites) in relations(b, s) {
            let _ = writeln!(out, "{}", format!("  {name:<12} {}", join(sites)).trim_end());
        }
        let steps: Vec<String> = named_steps(b, s)
            .into_iter()
            .map(|(d, sites)| format!("{d} {}", join(sites)))
            .collect();
        let _ = writeln!(out, "  steps        {}", steps.join(", "));
    }
    out
}

/// The JSON form: a trace header's `site_type`, `sites` and `containers` (written as Ludii
/// writes them), the graph's counts, and the site asked for.
pub fn json(layout: &Layout, site: Option<usize>) -> String {
    let b = &layout.board;
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    let sites: Vec<String> = (0..b.num_sites() as u32)
        .map(|i| {
            let (x, y) = b.xy(i);
            format!(r#"{{"i":{i},"label":{},"x":{x:.4},"y":{y:.4}}}"#, q(b.label(i)))
        })
        .collect();
    let containers: Vec<String> = layout
        .containers
        .iter()
        .map(|(name, from, n)| format!(r#"{{"name":{},"from":{from},"sites":{n}}}"#, q(name)))
        .collect();
    let g = b.graph_counts();
    let mut out = format!(
        r#"{{"site_type":"{:?}","sites":[{}],"containers":[{}],"graph":{{"vertices":{},"edges":{},"cells":{}}}"#,
        b.site_type(),
        sites.join(","),
        containers.join(","),
        g.vertices,
        g.edges,
        g.cells
    );
    if let Some(s) = site {
        let s = s as u32;
        let list = |pairs: Vec<(&str, &[u32])>| {
            pairs
                .into_iter()
                .map(|(k, v)| format!("{}:[{}]", q(k), join(v).replace(' ', ",")))
                .collect::<Vec<_>>()
                .join(",")
        };
        let _ = write!(
            out,
            r#","site":{{"i":{s},"relations":{{{}}},"steps":{{{}}}}}"#,
            list(relations(b, s)),
            list(named_steps(b, s))
        );
    }
    out.push_str("}\n");
    out
}

/// The graph drawn: cells as their polygons, edges as lines, vertices as dots, each site of
/// the board's type numbered (y up, as Ludii's coordinates).
pub fn svg(layout: &Layout) -> String {
    let g: &Graph = layout.board.graph();
    let ty = layout.board.site_type();
    let pts = &g.vertices;
    let (mut minx, mut maxx, mut miny, mut maxy) = (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    for p in pts {
        minx = minx.min(p.x);
        maxx = maxx.max(p.x);
        miny = miny.min(p.y);
        maxy = maxy.max(p.y);
    }
    if pts.is_empty() {
        (minx, maxx, miny, maxy) = (0.0, 1.0, 0.0, 1.0);
    }
    // the shortest edge is drawn 60 units long
    let shortest = g
        .edges
        .iter()
        .map(|&[a, b]| pts[a as usize].dist(pts[b as usize]))
        .filter(|&d| d > 1e-9)
        .fold(f64::INFINITY, f64::min);
    let k = if shortest.is_finite() { 60.0 / shortest } else { 60.0 };
    let margin = 40.0;
    let (w, h) = ((maxx - minx) * k + 2.0 * margin, (maxy - miny) * k + 2.0 * margin);
    let at = |x: f64, y: f64| (margin + (x - minx) * k, margin + (maxy - y) * k);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.1} {h:.1}">"#
    );
    let _ = writeln!(out, r##"<rect width="100%" height="100%" fill="#f4ecd8"/>"##);
    for (i, f) in g.faces.iter().enumerate() {
        let corners: Vec<String> = f
            .iter()
            .map(|&v| {
                let (x, y) = at(pts[v as usize].x, pts[v as usize].y);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let _ = writeln!(
            out,
            r##"<polygon class="cell" data-cell="{i}" points="{}" fill="#e8d9b5" stroke="none"/>"##,
            corners.join(" ")
        );
    }
    for (i, &[a, b]) in g.edges.iter().enumerate() {
        let ((x1, y1), (x2, y2)) = (
            at(pts[a as usize].x, pts[a as usize].y),
            at(pts[b as usize].x, pts[b as usize].y),
        );
        let _ = writeln!(
            out,
            r##"<line class="edge" data-edge="{i}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="#8a7a5c" stroke-width="2"/>"##
        );
    }
    for (i, p) in pts.iter().enumerate() {
        let (x, y) = at(p.x, p.y);
        let _ = writeln!(
            out,
            r##"<circle class="vertex" data-vertex="{i}" cx="{x:.1}" cy="{y:.1}" r="3" fill="#8a7a5c"/>"##
        );
    }
    for i in 0..g.count(ty) {
        let p = g.position(ty, i);
        let (x, y) = at(p.x, p.y);
        let _ = writeln!(
            out,
            r##"<text class="site" x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="13" fill="#222" text-anchor="middle">{i}</text>"##,
            y + 4.5
        );
    }
    let _ = writeln!(out, "</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(text: &str) -> Layout {
        Game::load_layout("t.lud", text, &Default::default()).unwrap()
    }

    const HANDS: &str = r#"(game "T" (players 2) (equipment {(board (square 2)) (hand Each) (piece "Disc" Each)})
        (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))))"#;

    #[test]
    fn json_has_a_trace_headers_fields() {
        let j = json(&layout(HANDS), Some(0));
        let v: serde_json::Value = serde_json::from_str(&j).unwrap();
        assert_eq!(v["site_type"], "Cell");
        assert_eq!(v["sites"].as_array().unwrap().len(), 4);
        assert_eq!(v["sites"][3]["label"], "B2");
        assert_eq!(v["containers"][1]["name"], "Hand1");
        assert_eq!(v["containers"][2]["from"], 5);
        assert_eq!(v["site"]["relations"]["Orthogonal"], serde_json::json!([2, 1]));
        assert!(j.contains(r#""label":"B2","x":1.5000,"y":1.5000"#), "{j}");
    }

    #[test]
    fn text_and_svg_name_every_site() {
        let l = layout(HANDS);
        let t = text_form(&l, Some(3));
        assert!(
            t.starts_with("4 sites of type Cell (graph: 9 vertices, 12 edges, 4 cells)"),
            "{t}"
        );
        assert!(t.contains("Hand2    sites 5..6 (1)"), "{t}");
        assert!(t.contains("steps        S 1, SW 0, W 2"), "{t}");
        assert!(t.contains("  OffDiagonal\n"), "{t}");
        let s = svg(&l);
        assert_eq!(s.matches("<polygon").count(), 4);
        assert_eq!(s.matches("<line").count(), 12);
        assert_eq!(s.matches(r#"class="site""#).count(), 4);
    }
}
