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

/// The letter a kind of piece goes by, from its name: its first letter, or the one players
/// write for it (`N` for a knight, as chess players do; shogi's and xiangqi's English
/// notation, [`super::pieces::notation`]). Kinds whose letters would be the
/// same take their first two letters (`Ca`, `Ch`), then their number in the list.
pub fn kind_letters(kinds: &[&str]) -> Vec<String> {
    let first = |name: &str, n: usize| -> String {
        let name = name.trim();
        if let Some(l) = super::pieces::notation(name).filter(|_| n == 1) {
            return l.into();
        }
        let mut chars = name.chars().filter(|c| c.is_alphanumeric());
        let mut l: String = chars.next().map_or('?', |c| c.to_ascii_uppercase()).into();
        l.extend(chars.take(n - 1).map(|c| c.to_ascii_lowercase()));
        l
    };
    let one: Vec<String> = kinds.iter().map(|k| first(k, 1)).collect();
    let mut letters: Vec<String> = kinds
        .iter()
        .zip(&one)
        .map(|(k, l)| {
            if one.iter().filter(|m| *m == l).count() > 1 {
                first(k, 2)
            } else {
                l.clone()
            }
        })
        .collect();
    let two = letters.clone();
    for (i, l) in letters.iter_mut().enumerate() {
        if two.iter().filter(|m| *m == l).count() > 1 {
            *l = format!("{}{}", first(kinds[i], 1), i + 1);
        }
    }
    letters
}

/// A piece's letters. A game with one kind of piece: its owner's letter (`a` for player 1,
/// `b` for player 2, `n` for no one). Several kinds (chess, shogi, Equi's discs and hexes):
/// the kind's letter by name ([`kind_letters`]), in upper case for player 1 and lower case
/// for player 2 (`R N B Q K B N R` / `r n b q k b n r`); another player's pieces carry
/// their number, a piece of no one's `0` (`K3`, `D0`); a piece hidden from the viewer `?`.
pub fn piece_letter(game: &Game, owner: usize, component: usize) -> String {
    if component == 0 {
        // (a piece hidden from the viewer)
        return "?".into();
    }
    let kinds = game.piece_kinds();
    if kinds.len() < 2 {
        return owner_letter(owner).to_string();
    }
    let l = kind_letters(&kinds).swap_remove(game.piece_kind(component));
    match owner {
        1 => l,
        2 => l.to_lowercase(),
        p => format!("{l}{p}"),
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
    let l = piece_letter(game, v.top_owner, v.top_component);
    Some(if n > 1 { format!("{n}{l}") } else { l })
}

/// How player `p`'s pieces are written ([`piece_letter`]): their letter, or their case.
pub fn player_mark(game: &Game, p: usize) -> String {
    match (game.piece_kinds().len() < 2, p) {
        (true, _) => owner_letter(p).to_string(),
        (false, 1) => "upper case".into(),
        (false, 2) => "lower case".into(),
        (false, p) => format!("letters with {p}"),
    }
}

/// What the letters mean, when the game has more than one kind of piece, each kind once:
/// e.g. `pieces: K King, Q Queen, N Knight (upper case: player 1, lower case: player 2)`.
pub fn legend_text(game: &Game) -> Option<String> {
    let kinds = game.piece_kinds();
    if kinds.len() < 2 {
        return None;
    }
    let parts: Vec<String> = kind_letters(&kinds)
        .iter()
        .zip(&kinds)
        .map(|(l, name)| format!("{l} {name}"))
        .collect();
    let cases = match game.num_players() {
        1 => "",
        2 => " (upper case: player 1, lower case: player 2)",
        _ => " (upper case: player 1, lower case: player 2, Q3: player 3's, Q0: no one's)",
    };
    Some(format!("pieces: {}{cases}", parts.join(", ")))
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

/// The neutral component a game keeps on every board site at the start (Ex Nihilo's
/// 0-stacks), if any: a site holding only that piece is drawn as empty.
pub fn filler(game: &Game) -> Option<usize> {
    let st = game.initial_state();
    let n = game.num_sites();
    let first = st.site(0);
    let fills = n > 1
        && !game.counts_seeds()
        && first.height == 1
        && first.top_count <= 1
        && first.top_owner == 0
        && (0..n).all(|i| {
            let v = st.site(i);
            v.height == 1 && v.top_owner == 0 && v.top_count <= 1 && v.top_component == first.top_component
        });
    fills.then_some(first.top_component)
}

/// What a site shows: a lone filler piece is no piece.
pub fn shown(v: SiteView, filler: Option<usize>) -> SiteView {
    if v.height == 1 && v.top_owner == 0 && v.top_count <= 1 && Some(v.top_component) == filler {
        SiteView::default()
    } else {
        v
    }
}

/// A label's column letters and row number (`C12` gives `("C", 12)`), when it has that form.
pub fn split_label(label: &str) -> Option<(&str, u32)> {
    let k = label.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = label.split_at(k);
    let ok = !letters.is_empty()
        && letters.chars().all(|c| c.is_ascii_uppercase())
        && digits.chars().all(|c| c.is_ascii_digit());
    if !ok {
        return None;
    }
    Some((letters, digits.parse().ok()?))
}

/// A column's order: by length, then alphabetically (`Z` before `AA`).
fn column_order(letters: &str) -> (usize, &str) {
    (letters.len(), letters)
}

/// Coordinates along the board's edges, where every label is a column and a row (`C3`):
/// each column's letters just past its first row, each row's number just before its first
/// column, `step` steps further along the line (a step: the distance between the first two
/// sites), as points of the board's plane.
pub fn edge_marks(game: &Game, step: f64) -> Vec<((f64, f64), String)> {
    let b = game.board();
    let n = game.num_sites();
    use std::collections::BTreeMap;
    // per column its (row number, site)s; per row its (column order, site)s
    type Line<K> = Vec<(K, usize)>;
    let mut columns: BTreeMap<&str, Line<u32>> = BTreeMap::new();
    let mut rows: BTreeMap<u32, Line<(usize, &str)>> = BTreeMap::new();
    for i in 0..n {
        let Some((letters, number)) = split_label(game.site_label(i)) else {
            return Vec::new();
        };
        columns.entry(letters).or_default().push((number, i));
        rows.entry(number).or_default().push((column_order(letters), i));
    }
    let beyond = |first: usize, second: usize| {
        let (p, q) = (b.xy(first as u32), b.xy(second as u32));
        (p.0 + step * (p.0 - q.0), p.1 + step * (p.1 - q.1))
    };
    let mut marks = Vec::new();
    for (letters, mut sites) in columns {
        sites.sort();
        if sites.len() > 1 {
            marks.push((beyond(sites[0].1, sites[1].1), letters.to_string()));
        }
    }
    for (number, mut sites) in rows {
        sites.sort();
        if sites.len() > 1 {
            marks.push((beyond(sites[0].1, sites[1].1), number.to_string()));
        }
    }
    marks
}

/// Where each site goes on the character grid: computed once per game (it needs the
/// board's spacing), then used for every position.
pub struct Layout {
    /// Per site: (row, column).
    at: Vec<(usize, usize)>,
    /// Coordinates along the edges: (row, column, text).
    marks: Vec<(usize, usize, String)>,
    filler: Option<usize>,
}

impl Layout {
    pub fn new(game: &Game) -> Layout {
        let b = game.board();
        let n = game.num_sites();
        let d = spacing(game);
        let pts: Vec<(f64, f64)> = (0..n).map(|i| b.xy(i as u32)).collect();
        let minx = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let maxy = pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        let cell = |(x, y): (f64, f64)| {
            (
                ((maxy - y) / d * 2.0).round() as i64,
                ((x - minx) / d * 4.0).round() as i64,
            )
        };
        let at: Vec<(i64, i64)> = pts.iter().map(|&p| cell(p)).collect();
        // a mark is dropped where it would cover a site or an earlier mark
        let mut marks: Vec<(i64, i64, String)> = Vec::new();
        for (p, text) in edge_marks(game, 1.0) {
            let (r, c) = cell(p);
            let w = text.len() as i64 + 1;
            let clash = |&(r2, c2): &(i64, i64)| r2 == r && (c2 - c).abs() < w.max(3);
            if at.iter().any(clash) || marks.iter().any(|(r2, c2, _)| clash(&(*r2, *c2))) {
                continue;
            }
            marks.push((r, c, text));
        }
        let r0 = at
            .iter()
            .map(|p| p.0)
            .chain(marks.iter().map(|m| m.0))
            .min()
            .unwrap_or(0);
        let c0 = at
            .iter()
            .map(|p| p.1)
            .chain(marks.iter().map(|m| m.1))
            .min()
            .unwrap_or(0);
        let shift = |r: i64, c: i64| ((r - r0) as usize, (c - c0) as usize);
        Layout {
            at: at.iter().map(|&(r, c)| shift(r, c)).collect(),
            marks: marks
                .into_iter()
                .map(|(r, c, t)| {
                    let (r, c) = shift(r, c);
                    (r, c, t)
                })
                .collect(),
            filler: filler(game),
        }
    }

    /// The board: occupied sites show their token; empty ones a dot where the edges carry
    /// coordinates, else their label; in a sowing game every site shows its label and its
    /// count (`B1:4`, `C1:0`). Then the hands' contents.
    pub fn text(&self, game: &Game, state: &State, colour: bool) -> String {
        if self.at.is_empty() {
            return String::new();
        }
        let last = state.last_move();
        let seeds = game.counts_seeds();
        let dots = !self.marks.is_empty();
        // (row, col, visible text, escape code)
        let mut cells: Vec<(usize, usize, String, Option<String>)> = Vec::new();
        for (i, &(row, col)) in self.at.iter().enumerate() {
            let v = shown(state.site(i), self.filler);
            let is_last = last.is_some_and(|(f, t)| f == i as i32 || t == i as i32);
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
                    if dots {
                        ".".to_string()
                    } else {
                        game.site_label(i).to_string()
                    },
                    Some(if is_last { "2;4".into() } else { "2".into() }),
                ),
            };
            cells.push((row, col, text, code));
        }
        for (row, col, text) in &self.marks {
            cells.push((*row, *col, text.clone(), None));
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
                    .map(|s| token(game, state.site(s)).unwrap_or_else(|| if seeds { "0".into() } else { "-".into() }))
                    .collect();
                format!("{name}: {}", held.join(" "))
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

/// A site's name in words: its label on the board, else its container and place there
/// (`Hand1 2`).
pub fn site_name(game: &Game, site: usize) -> String {
    if site < game.num_sites() {
        return game.site_label(site).to_string();
    }
    for (name, from, n) in game.containers() {
        if (from..from + n).contains(&site) {
            return if n == 1 {
                name.to_string()
            } else {
                format!("{name} {}", site - from + 1)
            };
        }
    }
    format!("site {site}")
}

/// What a site holds, in letters: `empty`, `a`, `a a b` (bottom first), `a×3`, with a
/// piece's state and value where it has them (`a(value 2)`); in a sowing game, its count.
fn content_words(game: &Game, state: &State, site: usize, filler: Option<usize>) -> String {
    let pieces = state.pieces(site);
    if game.counts_seeds() {
        return pieces.iter().map(|p| p.count as u64).sum::<u64>().to_string();
    }
    let lone_filler = pieces.len() == 1 && pieces[0].owner == 0 && Some(pieces[0].component) == filler;
    if pieces.is_empty() || lone_filler {
        return "empty".into();
    }
    let words: Vec<String> = pieces
        .iter()
        .map(|p| {
            let mut w = piece_letter(game, p.owner, p.component);
            if p.count > 1 {
                w += &format!("×{}", p.count);
            }
            if p.state != 0 {
                w += &format!("(state {})", p.state);
            }
            if p.value != 0 {
                w += &format!("(value {})", p.value);
            }
            w
        })
        .collect();
    words.join(" ")
}

/// What a move changes, in labels and letters: `E2: empty → a a; E1: a → n`, then the
/// scores that change (a lone [`filler`] piece is `empty`). Tells apart moves that share a
/// text.
pub fn change_words(game: &Game, before: &State, after: &State, filler: Option<usize>) -> String {
    let mut parts: Vec<String> = (0..game.total_sites())
        .filter(|&i| before.pieces(i) != after.pieces(i))
        .map(|i| {
            format!(
                "{}: {} → {}",
                site_name(game, i),
                content_words(game, before, i, filler),
                content_words(game, after, i, filler)
            )
        })
        .collect();
    for p in 1..=game.num_players() {
        let (a, b) = (
            before.scores().get(p).copied().unwrap_or(0),
            after.scores().get(p).copied().unwrap_or(0),
        );
        if a != b {
            parts.push(format!("score of player {p}: {a} → {b}"));
        }
    }
    if parts.is_empty() {
        "no piece moves".into()
    } else {
        parts.join("; ")
    }
}

/// A status line: whose turn, or the result, and the scores.
pub fn status_text(game: &Game, state: &State, seats: &[String]) -> String {
    let mut s = if state.is_over() {
        format!("Game over: {}", crate::ai::result_text(state, game.num_players()))
    } else if game.num_players() == 0 {
        // (a simulation: no player, its rules step it on)
        format!("Step {} of the simulation", state.num_decisions() + 1)
    } else {
        let m = state.mover();
        let who = seats
            .get(state.agent(m).wrapping_sub(1))
            .map(|w| format!(" ({w})"))
            .unwrap_or_default();
        format!(
            "Move {}: player {m} [{}]{who} to move",
            state.num_decisions_in_game() + 1,
            player_mark(game, m)
        )
    };
    let scores = |of: &[i32]| {
        let sc: Vec<String> = (1..=game.num_players())
            .map(|p| format!("P{p} {}", of.get(p).copied().unwrap_or(0)))
            .collect();
        sc.join(", ")
    };
    if game.has_scores() {
        s.push_str(&format!("; scores {}", scores(state.scores())));
    }
    // (a match: the subgame played, and the match scores)
    if let (Some((match_scores, k)), Some(name)) = (state.match_round(), game.subgame_name(state)) {
        s = match s.strip_prefix("Game over: ") {
            Some(result) => format!("Match over after game {} ({name}): {result}", k + 1),
            None => format!("Game {} of the match ({name}): {s}", k + 1),
        };
        s.push_str(&format!("; match scores {}", scores(match_scores)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::kind_letters;

    #[test]
    fn kinds_sharing_a_letter_take_two_and_a_knight_is_n() {
        assert_eq!(kind_letters(&["King", "Knight", "Queen"]), ["K", "N", "Q"]);
        assert_eq!(kind_letters(&["Chariot", "Cannon", "Giraffe"]), ["Ch", "Ca", "G"]);
        assert_eq!(kind_letters(&["Hisha", "Ryuo", "Pao"]), ["R", "+R", "C"]);
        assert_eq!(kind_letters(&["Disc", "Hex"]), ["D", "H"]);
        // the same first two letters: their number
        assert_eq!(kind_letters(&["Pawn", "Pawnee", "Rook"]), ["P1", "P2", "R"]);
    }
}
