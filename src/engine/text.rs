//! The canonical state and diff texts of Ludii's traces, and move names.

use super::api::{Move, State};
use super::game::{java_double, GameDef};
use super::moves::Action;
use super::state::{Piece, StateData};

impl GameDef {
    pub(super) fn site_text(&self, st: &[Piece]) -> String {
        self.site_text_as(st, false)
    }

    /// A site's text; `unknown`: a piece of no component is one hidden from a viewer
    /// (written `?`), not a cell a large piece covers.
    fn site_text_as(&self, st: &[Piece], unknown: bool) -> String {
        let mut out = String::new();
        // (a cell a large piece covers holds component 0, which the text leaves out)
        for (i, p) in st.iter().filter(|p| unknown || p.what != 0).enumerate() {
            if i > 0 {
                out.push(',');
            }
            match p.what {
                0 => out.push('?'),
                w => out.push_str(&self.ir.components[w as usize].name),
            }
            if !self.ir.stacking && p.count > 1 {
                out.push_str(&format!("*{}", p.count));
            }
            if p.state != 0 {
                out.push_str(&format!("~s{}", p.state));
            }
            if p.value != 0 {
                out.push_str(&format!("~v{}", p.value));
            }
            if p.rotation != 0 {
                out.push_str(&format!("~r{}", p.rotation));
            }
        }
        out
    }

    pub(super) fn tail(&self, s: &StateData) -> String {
        let mut t = format!("|m{}", s.mover);
        if self.ir.scores {
            let scores: Vec<String> = s.scores[1..].iter().map(|x| x.to_string()).collect();
            t.push_str(&format!("|s{}", scores.join(",")));
        }
        if s.over {
            let r: Vec<String> = s.ranking.iter().map(|x| java_double(*x)).collect();
            t.push_str(&format!("|over:[{}]", r.join(",")));
        }
        t
    }

    /// The pieces a canonical state text shows, per site (board, then hands), bottom up:
    /// the reverse of [`Self::state_text`] for what it says of the sites (names it does not
    /// know are left out).
    pub(super) fn pieces_shown(&self, text: &str) -> Vec<Vec<Piece>> {
        let mut out = vec![Vec::new(); self.total_sites];
        let sites = text.split('|').next().unwrap_or("");
        for entry in sites.split(' ') {
            let Some((i, content)) = entry.split_once('=') else {
                continue;
            };
            let Some(slot) = i.parse::<usize>().ok().and_then(|i| out.get_mut(i)) else {
                continue;
            };
            for item in content.split(',').filter(|x| !x.is_empty()) {
                let mut parts = item.split('~');
                let head = parts.next().unwrap_or("");
                let (name, count) = match head.split_once('*') {
                    Some((name, n)) => (name, n.parse().unwrap_or(1)),
                    None => (head, 1),
                };
                let Some(what) = self.ir.components.iter().position(|k| k.name == name) else {
                    continue;
                };
                let mut p = Piece {
                    what: what as u16,
                    who: self.ir.components[what].owner,
                    count,
                    ..Piece::default()
                };
                for field in parts {
                    let v = field.get(1..).and_then(|v| v.parse().ok()).unwrap_or(0);
                    match field.as_bytes().first() {
                        Some(b's') => p.state = v,
                        Some(b'v') => p.value = v,
                        Some(b'r') => p.rotation = v,
                        _ => {}
                    }
                }
                slot.push(p);
            }
        }
        out
    }

    pub fn state_text(&self, state: &State) -> String {
        self.text_as(&state.inner, false)
    }

    /// The state text of a player's view ([`GameDef::view`]): a piece hidden from them is
    /// written `?`.
    pub(super) fn view_text(&self, view: &StateData) -> String {
        self.text_as(view, !view.hidden.is_empty())
    }

    fn text_as(&self, s: &StateData, unknown: bool) -> String {
        let parts: Vec<String> = s
            .sites
            .iter()
            .chain(&s.extra)
            .enumerate()
            .filter(|(_, st)| st.iter().any(|p| unknown || p.what != 0))
            .map(|(i, st)| format!("{i}={}", self.site_text_as(st, unknown)))
            .collect();
        parts.join(" ") + &self.tail(s)
    }

    pub fn diff_text(&self, before: &State, after: &State) -> String {
        let (a, b) = (&before.inner, &after.inner);
        let parts: Vec<String> = a
            .sites
            .iter()
            .chain(&a.extra)
            .zip(b.sites.iter().chain(&b.extra))
            .enumerate()
            // (a change the text does not show, such as a new owner, is no change)
            .filter(|(_, (x, y))| x != y && self.site_text(x) != self.site_text(y))
            .map(|(i, (_, y))| format!("{i}={}", self.site_text(y)))
            .collect();
        parts.join(" ") + &self.tail(b)
    }

    /// A move in words: `pass`, `swap`, a site (`c3`), from-to sites (`a2-a4`), a puzzle's
    /// value set (`c3=5`) or toggled (`c3~5`), a bet (`bet 4`); a joint move, each player's
    /// part (`P1 c1-a1, P2 pass`).
    pub fn move_text(&self, mv: &Move) -> String {
        let m = &mv.inner;
        if mv.parts().next().is_some() {
            let parts: Vec<String> = mv
                .parts()
                .map(|(p, acts)| {
                    let mut part = super::moves::MoveData::EMPTY;
                    part.actions.extend_from_slice(acts);
                    (part.from, part.to) = match acts.first() {
                        Some(&Action::Move { from, to, .. } | &Action::MoveN { from, to, .. }) => {
                            (from as i32, to as i32)
                        }
                        Some(a) => (-1, a.site().map_or(-1, |t| t as i32)),
                        None => (-1, -1),
                    };
                    format!("P{p} {}", self.move_text(&Move { inner: part }))
                })
                .collect();
            return parts.join(", ");
        }
        if let Some(Action::SetAmount { value, player }) = m.actions.first().filter(|_| m.to < 0) {
            return match player {
                0 => format!("pot {value}"),
                _ => format!("bet {value}"),
            };
        }
        if m.is_pass() {
            return "pass".to_string();
        }
        if m.is_swap() {
            return "swap".to_string();
        }
        // (a move on another site type names that type's sites)
        let board = match m.ty {
            0 => &self.board,
            k => self.typed_boards.get(k as usize - 1).unwrap_or(&self.board),
        };
        let label = |s: i32| {
            if s >= 0 && (s as usize) < board.num_sites() {
                board.label(s as u32).to_string()
            } else {
                "-".into()
            }
        };
        // (a puzzle's: `c3=5` sets the value, `c3~5` toggles it among the candidates)
        match m.actions.first() {
            Some(Action::PuzzleSet { site, value }) => return format!("{}={value}", label(*site as i32)),
            Some(Action::PuzzleToggle { site, value }) => return format!("{}~{value}", label(*site as i32)),
            Some(Action::NextInstance) => return "next game".to_string(),
            _ => {}
        }
        // (a piece moving between site types: each end named as its type's, as the state
        // keeps it)
        if let Some(&Action::Move { from, to, .. } | &Action::MoveN { from, to, .. }) = m
            .actions
            .iter()
            .find(|a| matches!(a, Action::Move { .. } | Action::MoveN { .. }))
            .filter(|_| !self.typed_boards.is_empty())
        {
            let typed = |s: u32| {
                let (k, l) = self.local_site(s);
                let b = match k {
                    0 => &self.board,
                    k => &self.typed_boards[k as usize - 1],
                };
                if (l as usize) < b.num_sites() {
                    b.label(l).to_string()
                } else {
                    "-".into()
                }
            };
            return format!("{}-{}", typed(from), typed(to));
        }
        if m.from >= 0 && m.from != m.to {
            format!("{}-{}", label(m.from), label(m.to))
        } else {
            label(m.to)
        }
    }
}
