//! Drawing a position as text: each site's content placed on a character grid scaled from
//! the sites' coordinates.

use crate::engine::{Game, SiteView, State};

/// Colours by player (ANSI), player 1 first.
const COLOURS: [&str; 4] = ["31", "34", "32", "33"];

/// A player's letter: `a` for player 1, `b` for player 2, …; `n` for neutral pieces.
pub fn owner_letter(p: usize) -> char {
    if p == 0 {
        'n'
    } else {
        (b'a' + ((p - 1) % 26) as u8) as char
    }
}

/// A piece's letter: its owner's letter, in upper case for the game's second kind of piece
/// (Equi's hexes beside its discs), followed by `'` for each further kind.
pub fn piece_letter(owner: usize, kind: usize) -> String {
    let l = owner_letter(owner);
    match kind {
        0 => l.to_string(),
        1 => l.to_ascii_uppercase().to_string(),
        k => format!("{l}{}", "'".repeat(k - 1)),
    }
}

/// A site's token: empty `None`; one piece its letter; a stack (or a counted piece) its
/// height then the top piece's letter, e.g. `3b`.
pub fn token(game: &Game, v: SiteView) -> Option<String> {
    if v.height == 0 {
        return None;
    }
    if game.counts_seeds() {
        return Some(v.top_count.max(1).to_string());
    }
    let n = if v.height > 1 { v.height } else { v.top_count as usize };
    let l = piece_letter(v.top_owner, game.piece_kind(v.top_component));
    Some(if n > 1 { format!("{n}{l}") } else { l })
}

/// What the letters mean, when the game has more than one kind of piece: e.g.
/// `pieces: a b Disc, A B Hex`.
pub fn legend_text(game: &Game) -> Option<String> {
    let kinds = game.piece_kinds();
    if kinds.len() < 2 {
        return None;
    }
    let parts: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let letters: Vec<String> = (1..=game.num_players()).map(|p| piece_letter(p, k)).collect();
            format!("{} {name}", letters.join(" "))
        })
        .collect();
    Some(format!("pieces: {}", parts.join(", ")))
}

/// The smallest distance between two distinct site positions (1 when there are none): a
/// sweep over the sites sorted by x, comparing only those closer in x than the best so far.
pub fn spacing(game: &Game) -> f64 {
    let b = game.board();
    let mut pts: Vec<(f64, f64)> = (0..game.num_sites()).map(|i| b.xy(i as u32)).collect();
    pts.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut d = f64::INFINITY;
    for (i, p) in pts.iter().enumerate() {
        for q in &pts[i + 1..] {
            if q.0 - p.0 >= d {
                break;
            }
            let e = (q.0 - p.0).hypot(q.1 - p.1);
            if e > 1e-9 && e < d {
                d = e;
            }
        }
    }
    if d.is_finite() {
        d
    } else {
        1.0
    }
}

/// The board: occupied sites show their token, empty ones their label.
/// Where each site goes on the character grid: computed once per game (it needs the
/// board's spacing), then used for every position.
pub struct Layout {
    /// Per site: (row, column).
    at: Vec<(usize, usize)>,
}

impl Layout {
    pub fn new(game: &Game) -> Layout {
        let b = game.board();
        let n = game.num_sites();
        let d = spacing(game);
        let pts: Vec<(f64, f64)> = (0..n).map(|i| b.xy(i as u32)).collect();
        let minx = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let maxy = pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        let at = pts
            .iter()
            .map(|&(x, y)| {
                (
                    ((maxy - y) / d * 2.0).round() as usize,
                    ((x - minx) / d * 4.0).round() as usize,
                )
            })
            .collect();
        Layout { at }
    }

    /// The board: occupied sites show their token, empty ones their label; in a sowing game
    /// every site shows its label and its count (`B1:4`, `C1:0`). Then the hands' contents.
    pub fn text(&self, game: &Game, state: &State, colour: bool) -> String {
        if self.at.is_empty() {
            return String::new();
        }
        let last = state.last_move();
        // (row, col, visible text, escape code)
        let mut cells: Vec<(usize, usize, String, Option<String>)> = Vec::new();
        for (i, &(row, col)) in self.at.iter().enumerate() {
            let v = state.site(i);
            let is_last = last.is_some_and(|(f, t)| f == i as i32 || t == i as i32);
            let seeds = game.counts_seeds();
            let (text, code) = match token(game, v) {
                Some(t) if seeds => (
                    format!("{}:{t}", game.site_label(i)),
                    Some(if is_last { "1;4".into() } else { "1".into() }),
                ),
                None if seeds => (
                    format!("{}:0", game.site_label(i)),
                    Some(if is_last { "2;4".into() } else { "2".into() }),
                ),
                Some(t) => {
                    let c = if v.top_owner == 0 {
                        "1".to_string()
                    } else {
                        format!("1;{}", COLOURS[(v.top_owner - 1) % COLOURS.len()])
                    };
                    (t, Some(if is_last { format!("{c};4") } else { c }))
                }
                None => (
                    game.site_label(i).to_string(),
                    Some(if is_last { "2;4".into() } else { "2".into() }),
                ),
            };
            cells.push((row, col, text, code));
        }
        cells.sort_by_key(|c| (c.0, c.1));
        let mut out = String::new();
        let max_row = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let mut k = 0;
        for row in 0..=max_row {
            let mut line = String::new();
            let mut pos = 0;
            while k < cells.len() && cells[k].0 == row {
                let (_, col, text, code) = &cells[k];
                let col = (*col).max(if pos == 0 { 0 } else { pos + 1 });
                line.push_str(&" ".repeat(col - pos));
                match code {
                    Some(c) if colour => line.push_str(&format!("\x1b[{c}m{text}\x1b[0m")),
                    _ => line.push_str(text),
                }
                pos = col + text.chars().count();
                k += 1;
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        // Drop blank rows (rows are scaled finely so that hex and square layouts keep their shape).
        let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
        let mut text = lines.join("\n") + "\n";
        let hands: Vec<String> = game
            .containers()
            .into_iter()
            .map(|(name, from, n)| {
                let held: Vec<String> = (from..from + n)
                    .map(|s| {
                        token(game, state.site(s)).unwrap_or_else(|| {
                            if game.counts_seeds() {
                                "0".into()
                            } else {
                                "-".into()
                            }
                        })
                    })
                    .collect();
                format!("{name} [{from}]: {}", held.join(" "))
            })
            .collect();
        if !hands.is_empty() {
            text.push_str(&hands.join("   "));
            text.push('\n');
        }
        if let Some(legend) = legend_text(game) {
            text.push_str(&legend);
            text.push('\n');
        }
        text
    }
}

/// A status line: whose turn, or the result, and the scores.
pub fn status_text(game: &Game, state: &State, seats: &[String]) -> String {
    let mut s = if state.is_over() {
        format!("Game over: {}", crate::ai::result_text(state, game.num_players()))
    } else {
        let m = state.mover();
        let who = seats
            .get(state.agent(m) - 1)
            .map(|w| format!(" ({w})"))
            .unwrap_or_default();
        format!(
            "Move {}: player {m} [{}]{who} to move",
            state.num_decisions() + 1,
            owner_letter(m)
        )
    };
    if game.has_scores() {
        let sc: Vec<String> = (1..=game.num_players())
            .map(|p| format!("P{p} {}", state.scores().get(p).copied().unwrap_or(0)))
            .collect();
        s.push_str(&format!("; scores {}", sc.join(", ")));
    }
    s
}
