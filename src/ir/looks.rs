//! How a description asks for its game to be drawn: what its `(metadata (graphics ..))`
//! says of colours and board styles, as plain data that no rule reads (front ends do).

/// A colour: red, green, blue, alpha (0: not drawn, Ludii's `Hidden`).
pub type Rgba = [u8; 4];

/// The looks of a game; empty when its metadata says nothing of them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Looks {
    /// `(player Colour P<n> (colour ..))`: each player's colour (later ones win).
    pub players: Vec<(u8, Rgba)>,
    /// `(piece Colour ..)`, in order (later ones win where they overlap).
    pub pieces: Vec<PieceColour>,
    /// `(board Colour <part> (colour ..))`: `Phase0`.. (cells), `InnerEdges`,
    /// `OuterEdges`, `InnerVertices`, `OuterVertices`, `Symbols`.
    pub board: Vec<(String, Rgba)>,
    /// `(board Style ..)`: `Chess`, `Go`, `Mancala`, `Shogi`, `Xiangqi`, `Tafl`, ...
    pub style: Option<String>,
    /// `(board Checkered)`: cells alternate in colour.
    pub checkered: bool,
}

/// `(piece Colour [who] [name] fillColour: strokeColour:)`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PieceColour {
    /// The owner it is for (0: neutral pieces); `None`: every owner.
    pub who: Option<u8>,
    /// The piece (its name, with or without the owner's number); `None`: every piece.
    pub piece: Option<String>,
    pub fill: Option<Rgba>,
    pub stroke: Option<Rgba>,
}

impl Looks {
    /// Player `p`'s colour, if the metadata gives one.
    pub fn player(&self, p: usize) -> Option<Rgba> {
        self.players.iter().rev().find(|(q, _)| *q as usize == p).map(|x| x.1)
    }

    /// The fill and stroke the metadata gives a piece of component `name` (as declared,
    /// e.g. `Pawn1`) and kind `base` (`Pawn`), owned by `owner`.
    pub fn piece(&self, name: &str, base: &str, owner: usize) -> (Option<Rgba>, Option<Rgba>) {
        let (mut fill, mut stroke) = (None, None);
        for c in &self.pieces {
            let who = c.who.is_none_or(|w| w as usize == owner);
            let piece = c.piece.as_deref().is_none_or(|p| p == name || p == base);
            if who && piece {
                fill = c.fill.or(fill);
                stroke = c.stroke.or(stroke);
            }
        }
        (fill, stroke)
    }

    /// The colour of a part of the board (`Phase0`, `InnerEdges`, ...), if given.
    pub fn board(&self, part: &str) -> Option<Rgba> {
        self.board.iter().rev().find(|(p, _)| p == part).map(|x| x.1)
    }
}

/// A colour by its name in Ludii's list (`Black`, `Cream`, `HumanLight`, ...); our own
/// values for them. `Hidden` is transparent.
pub fn named_colour(name: &str) -> Option<Rgba> {
    let rgb = |r, g, b| Some([r, g, b, 255]);
    match name.to_ascii_lowercase().as_str() {
        "black" => rgb(20, 20, 20),
        "white" => rgb(250, 250, 250),
        "red" => rgb(200, 30, 30),
        "blue" => rgb(30, 80, 200),
        "green" => rgb(40, 150, 60),
        "yellow" => rgb(240, 210, 40),
        "orange" => rgb(240, 140, 30),
        "purple" => rgb(120, 50, 160),
        "deeppurple" => rgb(80, 30, 120),
        "pink" => rgb(240, 150, 190),
        "magenta" => rgb(210, 40, 170),
        "cyan" => rgb(40, 200, 220),
        "turquoise" => rgb(50, 190, 170),
        "grey" => rgb(150, 150, 150),
        "lightgrey" => rgb(200, 200, 200),
        "verylightgrey" => rgb(230, 230, 230),
        "darkgrey" => rgb(90, 90, 90),
        "verydarkgrey" => rgb(50, 50, 50),
        "dark" => rgb(35, 35, 35),
        "gunmetal" => rgb(45, 52, 58),
        "silver" => rgb(190, 190, 195),
        "cream" => rgb(250, 240, 210),
        "lighttan" => rgb(235, 215, 175),
        "brown" => rgb(140, 90, 45),
        "darkbrown" => rgb(100, 60, 30),
        "verydarkbrown" => rgb(65, 40, 20),
        "bronze" => rgb(180, 120, 50),
        "gold" => rgb(215, 175, 40),
        "darkblue" => rgb(20, 40, 120),
        "lightblue" => rgb(150, 190, 235),
        "verylightblue" => rgb(205, 225, 245),
        "babyblue" => rgb(170, 210, 240),
        "iceblue" => rgb(210, 235, 245),
        "darkgreen" => rgb(20, 90, 40),
        "lightgreen" => rgb(150, 215, 140),
        "darkred" => rgb(130, 20, 20),
        "lightred" => rgb(240, 120, 120),
        "burgundy" => rgb(120, 20, 40),
        "kingcrimson" => rgb(170, 20, 40),
        "lightorange" => rgb(250, 190, 120),
        "humanlight" => rgb(235, 220, 195),
        "humandark" => rgb(80, 60, 45),
        "blacksabbath" => rgb(30, 25, 35),
        "pinkfloyd" => rgb(230, 120, 180),
        "tangerinedream" => rgb(245, 130, 40),
        "hidden" => Some([0, 0, 0, 0]),
        _ => None,
    }
}

/// A colour written `#rrggbb` (or `#rgb`).
pub fn hex_colour(text: &str) -> Option<Rgba> {
    let h = text.strip_prefix('#')?;
    let digits: Vec<u8> = match h.len() {
        6 => (0..3)
            .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).ok())
            .collect::<Option<_>>()?,
        3 => h
            .chars()
            .map(|c| c.to_digit(16).map(|d| (d * 17) as u8))
            .collect::<Option<_>>()?,
        _ => return None,
    };
    Some([digits[0], digits[1], digits[2], 255])
}
