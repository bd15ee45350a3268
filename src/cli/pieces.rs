//! Pieces drawn by their names, as players know them: a glyph set of our own (SVG paths
//! drawn for this project, no one else's images). Chess pieces by their silhouettes;
//! draughts men and kings; shogi pieces as pentagons and xiangqi pieces as discs, each with
//! the letter of its English notation (`R`, `+B`, `H`, `C`, ...); stones, discs, counters
//! and seeds as discs; crosses, squares and hexes as their names say. Any other piece is a
//! disc labelled with its short name ([`super::view::kind_letters`]). Every piece carries
//! its name as a `<title>`, so that hovering over it tells what it is.

/// Text safe inside SVG and HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How a kind of piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Glyph {
    /// A chess silhouette: a path in a 100×100 box.
    Chess(&'static str, &'static str),
    /// A shogi piece: a pentagon pointing at the opponent, with its notation letters.
    Shogi(&'static str),
    /// A xiangqi piece: a ringed disc with its notation letter.
    Xiangqi(&'static str),
    /// A draughts king: two discs, one on the other.
    DoubleDisc,
    Disc,
    Cross,
    Square,
    Hex,
    /// A disc labelled with the kind's short name.
    Labelled,
}

const PAWN: &str =
    "M34 88 L66 88 L63 79 L56 74 L58 58 L64 55 L63 50 L57 48 A12 12 0 1 0 43 48 L37 50 L36 55 L42 58 L44 74 L37 79 Z";
const ROOK: &str = "M29 88 L71 88 L71 80 L64 76 L62 44 L68 40 L68 20 L60 20 L60 27 L54 27 L54 20 L46 20 L46 27 L40 27 L40 20 L32 20 L32 40 L38 44 L36 76 L29 80 Z";
const BISHOP: &str = "M30 88 L70 88 L70 82 L60 78 L58 70 L62 66 L60 62 C70 54 66 38 50 24 C34 38 30 54 40 62 L38 66 L42 70 L40 78 L30 82 Z M50 12 A5 5 0 1 0 50.1 12 Z";
const BISHOP_MARK: &str = "M48 36 L57 48";
const KNIGHT: &str = "M32 88 L72 88 L70 78 L66 76 C68 60 70 40 58 26 L56 14 L49 23 C41 24 31 34 25 46 L23 55 L30 59 L38 53 L47 50 C42 58 36 66 36 76 L32 80 Z";
const KNIGHT_MARK: &str = "M41 36 L44 34";
const QUEEN: &str = "M28 88 L72 88 L70 80 L64 76 L74 34 L61 56 L57 26 L50 54 L43 26 L39 56 L26 34 L36 76 L30 80 Z M26 30 A4 4 0 1 0 26.1 30 Z M43 22 A4 4 0 1 0 43.1 22 Z M57 22 A4 4 0 1 0 57.1 22 Z M74 30 A4 4 0 1 0 74.1 30 Z";
const QUEEN_MARK: &str = "M36 74 L64 74";
const KING: &str = "M28 88 L72 88 L70 80 L64 76 L69 50 C62 40 55 42 50 48 C45 42 38 40 31 50 L36 76 L30 80 Z M47 44 L47 35 L40 35 L40 29 L47 29 L47 20 L53 20 L53 29 L60 29 L60 35 L53 35 L53 44 Z";
const KING_MARK: &str = "M36 74 L64 74";

/// The name as the table reads it: lower case, letters only, without Ludii's `noCross`.
fn base(name: &str) -> String {
    let l: String = name
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    l.replace("nocross", "")
}

/// How a kind of piece of this name is drawn.
pub fn glyph(name: &str) -> Glyph {
    match base(name).as_str() {
        "pawn" | "soldier" => Glyph::Chess(PAWN, ""),
        "rook" | "castle" => Glyph::Chess(ROOK, ""),
        "bishop" | "elephant" => Glyph::Chess(BISHOP, BISHOP_MARK),
        "knight" | "horse" => Glyph::Chess(KNIGHT, KNIGHT_MARK),
        "queen" | "ferz" | "fers" | "met" => Glyph::Chess(QUEEN, QUEEN_MARK),
        "king" | "jarl" | "raja" => Glyph::Chess(KING, KING_MARK),
        // shogi (Ludii's Japanese names), in English notation
        "osho" | "gyokusho" => Glyph::Shogi("K"),
        "hisha" => Glyph::Shogi("R"),
        "kakugyo" => Glyph::Shogi("B"),
        "kinsho" | "goldgeneral" => Glyph::Shogi("G"),
        "ginsho" | "silvergeneral" => Glyph::Shogi("S"),
        "keima" => Glyph::Shogi("N"),
        "kyosha" | "lance" => Glyph::Shogi("L"),
        "fuhyo" => Glyph::Shogi("P"),
        "ryuo" | "dragonking" => Glyph::Shogi("+R"),
        "ryuma" | "dragonhorse" => Glyph::Shogi("+B"),
        "narigin" => Glyph::Shogi("+S"),
        "narikei" => Glyph::Shogi("+N"),
        "narikyo" => Glyph::Shogi("+L"),
        "tokin" => Glyph::Shogi("+P"),
        // xiangqi (Ludii's Chinese names), in English notation
        "jiang" | "shuai" => Glyph::Xiangqi("K"),
        "shi" => Glyph::Xiangqi("A"),
        "xiang" => Glyph::Xiangqi("E"),
        "ma" => Glyph::Xiangqi("H"),
        "ju" => Glyph::Xiangqi("R"),
        "pao" => Glyph::Xiangqi("C"),
        "zu" | "bing" => Glyph::Xiangqi("P"),
        "doublecounter" | "discdouble" | "doubledisc" => Glyph::DoubleDisc,
        "cross" => Glyph::Cross,
        "square" => Glyph::Square,
        "hex" => Glyph::Hex,
        "disc" | "counter" | "marker" | "stone" | "ball" | "seed" | "bead" | "thrall" | "piece" | "man" => Glyph::Disc,
        _ => Glyph::Labelled,
    }
}

/// The letters players write for a kind of piece of this name, where they are not its first
/// letter: shogi's and xiangqi's English notation, `N` for a knight.
pub fn notation(name: &str) -> Option<&'static str> {
    match glyph(name) {
        Glyph::Shogi(l) | Glyph::Xiangqi(l) => Some(l),
        Glyph::Chess(KNIGHT, _) => Some("N"),
        _ => None,
    }
}

/// A colour's lightness (0 dark .. 1 light), for the ink drawn on it.
fn light(fill: &str) -> bool {
    let hex = fill.trim_start_matches('#');
    let v = |i: usize, n: usize| {
        let s = &hex[i * n..i * n + n];
        u8::from_str_radix(&s.repeat(3 - n), 16).unwrap_or(0) as f64
    };
    let (r, g, b) = match hex.len() {
        6 => (v(0, 2), v(1, 2), v(2, 2)),
        3 => (v(0, 1), v(1, 1), v(2, 1)),
        _ => return false,
    };
    0.299 * r + 0.587 * g + 0.114 * b > 150.0
}

/// A piece as SVG: `name` its kind's name, `short` its short name (the label of a piece
/// without a glyph), centred on (`x`, `y`) within radius `r`, in its owner's `fill`;
/// outlined in `stroke` (the ink of a shogi or xiangqi piece's letters too, when it is not
/// the usual dark one); `facing_down`: pointing down the board (the second player's shogi
/// pieces).
pub fn piece_svg(
    name: &str,
    short: &str,
    x: f64,
    y: f64,
    r: f64,
    (fill, stroke): (&str, &str),
    facing_down: bool,
) -> String {
    let contrast = if light(fill) { "#222" } else { "#fff" };
    let letter_ink = if stroke == "#222" { contrast } else { stroke };
    let ink = contrast;
    let style = format!(r##"fill="{fill}" stroke="{stroke}" stroke-width="1.5""##);
    let text = |t: &str, size: f64, colour: &str| {
        format!(
            r##"<text x="{x:.1}" y="{:.1}" font-family="sans-serif" font-size="{size:.0}" font-weight="bold" fill="{colour}" text-anchor="middle" pointer-events="none">{}</text>"##,
            y + size * 0.36,
            escape(t)
        )
    };
    let polygon = |corners: usize, turn: f64, r: f64| {
        let pts: Vec<String> = (0..corners)
            .map(|i| {
                let a = turn + i as f64 * std::f64::consts::TAU / corners as f64;
                format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
            })
            .collect();
        format!(r#"<polygon points="{}" {style}/>"#, pts.join(" "))
    };
    let disc = |r: f64| format!(r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" {style}/>"#);
    let g = glyph(name);
    let body = match g {
        Glyph::Chess(path, mark) => {
            let scale = r * 2.3 / 100.0;
            let (ox, oy) = (x - 50.0 * scale, y - 52.0 * scale);
            let marks = if mark.is_empty() {
                String::new()
            } else {
                format!(r#"<path d="{mark}" fill="none" stroke="{ink}" stroke-width="3"/>"#)
            };
            format!(
                r##"<g transform="translate({ox:.1} {oy:.1}) scale({scale:.3})"><path d="{path}" fill="{fill}" stroke="{stroke}" stroke-width="3" stroke-linejoin="round"/>{marks}</g>"##
            )
        }
        Glyph::Shogi(letters) => {
            let (h, w) = (r * 1.1, r * 0.9);
            let s = if facing_down { -1.0 } else { 1.0 };
            let pts = [(0.0, -h), (w * 0.75, -h * 0.6), (w, h), (-w, h), (-w * 0.75, -h * 0.6)]
                .iter()
                .map(|(px, py)| format!("{:.1},{:.1}", x + px, y + s * py))
                .collect::<Vec<_>>()
                .join(" ");
            format!(
                r#"<polygon points="{pts}" {style}/>{}"#,
                text(letters, r * if letters.len() > 1 { 0.8 } else { 1.0 }, letter_ink)
            )
        }
        Glyph::Xiangqi(letter) => format!(
            r#"{}<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{ink}" stroke-width="1.2"/>{}"#,
            disc(r),
            r * 0.78,
            text(letter, r * 1.0, letter_ink)
        ),
        Glyph::DoubleDisc => {
            let lower = format!(r#"<circle cx="{x:.1}" cy="{:.1}" r="{r:.1}" {style}/>"#, y + r * 0.18);
            format!(
                r#"{lower}<circle cx="{x:.1}" cy="{:.1}" r="{r:.1}" {style}/><circle cx="{x:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{ink}" stroke-width="1.5"/>"#,
                y - r * 0.12,
                y - r * 0.12,
                r * 0.55
            )
        }
        Glyph::Disc => disc(r),
        Glyph::Cross => {
            let d = r * 0.8;
            format!(
                r#"<path d="M{:.1} {:.1} L{:.1} {:.1} M{:.1} {:.1} L{:.1} {:.1}" stroke="{fill}" stroke-width="{:.1}" stroke-linecap="round"/>"#,
                x - d,
                y - d,
                x + d,
                y + d,
                x - d,
                y + d,
                x + d,
                y - d,
                r * 0.35
            )
        }
        Glyph::Square => polygon(4, std::f64::consts::FRAC_PI_4, r),
        Glyph::Hex => polygon(6, std::f64::consts::FRAC_PI_6, r),
        Glyph::Labelled => format!(
            "{}{}",
            disc(r),
            text(short, r * if short.chars().count() > 1 { 0.85 } else { 1.1 }, ink)
        ),
    };
    let drawing = match g {
        Glyph::Labelled => format!("label:{short}"),
        other => format!("{other:?}"),
    };
    format!(
        r#"<g class="piece" data-piece="{}" data-glyph="{}"><title>{}</title>{body}</g>"#,
        escape(name),
        escape(&drawing),
        escape(name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_known_by_their_names() {
        assert_eq!(glyph("KingnoCross"), glyph("King"));
        assert!(matches!(glyph("Knight"), Glyph::Chess(KNIGHT, _)));
        assert_eq!(glyph("Hisha"), Glyph::Shogi("R"));
        assert_eq!(glyph("Pao"), Glyph::Xiangqi("C"));
        assert_eq!(glyph("DoubleCounter"), Glyph::DoubleDisc);
        assert_eq!(glyph("Tiger"), Glyph::Labelled);
        let svg = piece_svg("Tiger", "T", 10.0, 10.0, 8.0, ("#c0392b", "#222"), false);
        assert!(
            svg.contains("<title>Tiger</title>") && svg.contains(">T</text>"),
            "{svg}"
        );
        assert!(light("#f4ecd8") && !light("#222") && !light("#c0392b"));
    }
}
