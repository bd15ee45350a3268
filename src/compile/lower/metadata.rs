//! Lowering of the graphics metadata a front end uses (`metadata/graphics`): `(player
//! Colour ..)`, `(piece Colour ..)`, `(board Colour ..)`, `(board Style ..)` and `(board
//! Checkered)` become [`Looks`]. Everything else in the metadata is left to the front ends
//! that will use it: never an error.

use crate::ir::looks::{hex_colour, named_colour, PieceColour, Rgba};
use crate::ir::Looks;
use crate::syntax::{Node, NodeKind};

/// The looks the metadata tree asks for.
pub fn lower_looks(metadata: &Node) -> Looks {
    let mut looks = Looks::default();
    visit(metadata, &mut looks);
    looks
}

fn visit(n: &Node, looks: &mut Looks) {
    match &n.kind {
        NodeKind::Call { head, args, .. } => {
            let word = |i: usize| match args.get(i).map(|a| (&a.kind, &a.label)) {
                Some((NodeKind::Atom(w), None)) => Some(w.as_str()),
                _ => None,
            };
            match (head.as_str(), word(0)) {
                ("player", Some("Colour")) => {
                    if let (Some(p), Some(c)) = (word(1).and_then(role), args.get(2).and_then(colour)) {
                        looks.players.push((p, c));
                    }
                }
                ("piece", Some("Colour")) => piece_colour(&args[1..], looks),
                ("board", Some("Colour")) => {
                    if let (Some(part), Some(c)) = (word(1), args.get(2).and_then(colour)) {
                        looks.board.push((part.to_string(), c));
                    }
                }
                ("board", Some("Style")) => looks.style = word(1).map(String::from),
                ("board", Some("Checkered")) => looks.checkered = word(1) != Some("False"),
                _ => args.iter().for_each(|a| visit(a, looks)),
            }
        }
        NodeKind::List(items) => items.iter().for_each(|a| visit(a, looks)),
        _ => {}
    }
}

/// `(piece Colour [who] [name] [container:] [state:] [value:] fillColour: strokeColour:)`;
/// one for some states or values of a piece only is not kept (the page draws no state yet).
fn piece_colour(args: &[Node], looks: &mut Looks) {
    let mut c = PieceColour::default();
    for a in args {
        match (&a.kind, a.label.as_ref().map(|l| l.0.as_str())) {
            (NodeKind::Atom(w), None) => match role(w) {
                Some(p) => c.who = Some(p),
                None if w == "Neutral" => c.who = Some(0),
                None => {}
            },
            (NodeKind::Str(s), None) => c.piece = Some(s.clone()),
            (_, Some("fillColour")) => c.fill = colour(a),
            (_, Some("strokeColour")) => c.stroke = colour(a),
            (_, Some("state" | "value" | "container")) => return,
            _ => {}
        }
    }
    if c.fill.is_some() || c.stroke.is_some() {
        looks.pieces.push(c);
    }
}

/// A player's role `P1`..`P16`.
fn role(w: &str) -> Option<u8> {
    w.strip_prefix('P')?.parse().ok().filter(|p| (1..=16).contains(p))
}

/// `(colour r g b [a])`, `(colour Name)`, `(colour "#rrggbb")`.
fn colour(n: &Node) -> Option<Rgba> {
    let NodeKind::Call { head, args, .. } = &n.kind else {
        return None;
    };
    if head != "colour" {
        return None;
    }
    let num = |a: &Node| match &a.kind {
        NodeKind::Atom(w) => w.parse::<i64>().ok().map(|v| v.clamp(0, 255) as u8),
        _ => None,
    };
    match args.as_slice() {
        [one] => match &one.kind {
            NodeKind::Atom(w) => named_colour(w),
            NodeKind::Str(s) => hex_colour(s).or_else(|| named_colour(s)),
            _ => None,
        },
        [r, g, b] => Some([num(r)?, num(g)?, num(b)?, 255]),
        [r, g, b, a] => Some([num(r)?, num(g)?, num(b)?, num(a)?]),
        _ => None,
    }
}
