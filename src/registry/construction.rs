//! What Ludii refuses while it builds a game, after the description has parsed and every call
//! has matched a signature: argument combinations and limits that its ludeme constructors, or
//! the game's creation, reject (`../shared/ludii` gives the verdicts; the notes on each come
//! from reading what Ludii's constructors check).
//!
//! Each entry names a form of a declaration by its keyword and the slots it mentions, which
//! must pick exactly one form (the registry's build checks it). A slot is written as the
//! grammar writes a parameter: `at:` for a named one, `<int>` or `int` (a literal) or
//! `{<players.player>}` for the first positional parameter of that type, `<int>#2` for the
//! second. The checker treats a call that breaks an entry as not matching that form, as
//! Ludii drops a candidate whose constructor throws, and reports the entry's message when no
//! other form fits.

/// One thing a ludeme's construction refuses.
#[derive(Clone, Copy, Debug)]
pub struct Construction {
    /// The declaration (`Decl::id`).
    pub decl: &'static str,
    /// The form's keyword.
    pub keyword: &'static str,
    pub rule: Rule,
    /// What is wrong, as the error says it.
    pub message: &'static str,
}

/// A condition on the arguments that fill a form's slots.
#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// When slot `when` holds one of the constants `values`, every slot of `need` is given.
    Needs {
        when: &'static str,
        values: &'static [&'static str],
        need: &'static [&'static str],
    },
    /// Slot `when` never holds one of the constants `values`.
    Never {
        when: &'static str,
        values: &'static [&'static str],
    },
    /// A literal integer in `slot` lies in `min..=max`.
    IntRange { slot: &'static str, min: i64, max: i64 },
    /// A literal array in `slot` has at most `max` items.
    MaxItems { slot: &'static str, max: usize },
    /// The array in `slot` holds a call of one of these keywords.
    HasCall {
        slot: &'static str,
        keywords: &'static [&'static str],
    },
    /// The literal arrays in two slots have the same number of items.
    SameLength { a: &'static str, b: &'static str },
}

impl Rule {
    /// The slots the rule mentions.
    pub fn slots(&self) -> Vec<&'static str> {
        match *self {
            Rule::Needs { when, need, .. } => std::iter::once(when).chain(need.iter().copied()).collect(),
            Rule::Never { when, .. } => vec![when],
            Rule::IntRange { slot, .. } | Rule::MaxItems { slot, .. } | Rule::HasCall { slot, .. } => vec![slot],
            Rule::SameLength { a, b } => vec![a, b],
        }
    }
}

/// The most players Ludii plays.
pub const MAX_PLAYERS: i64 = 16;

pub const CONSTRUCTIONS: &[Construction] = &[
    Construction {
        decl: "equipment",
        keyword: "equipment",
        rule: Rule::HasCall {
            slot: "{<item>}",
            keywords: &["board", "mancalaBoard", "surakartaBoard", "boardless"],
        },
        message: "the equipment needs a board",
    },
    Construction {
        decl: "map",
        keyword: "map",
        rule: Rule::SameLength {
            a: "{<int>}",
            b: "{<int>}#2",
        },
        message: "a map has as many keys as values",
    },
    Construction {
        decl: "players",
        keyword: "players",
        rule: Rule::IntRange {
            slot: "int",
            min: 0,
            max: MAX_PLAYERS,
        },
        message: "a game has 0 to 16 players",
    },
    Construction {
        decl: "players",
        keyword: "players",
        rule: Rule::MaxItems {
            slot: "{<players.player>}",
            max: MAX_PLAYERS as usize,
        },
        message: "a game has at most 16 players",
    },
    Construction {
        decl: "booleans.is.is",
        keyword: "is",
        rule: Rule::Needs {
            when: "<isIntegerType>",
            values: &["Even", "Odd", "Visited", "AnyDie"],
            need: &["<int>"],
        },
        message: "this test needs the integer it tests",
    },
    Construction {
        decl: "booleans.is.is",
        keyword: "is",
        rule: Rule::Needs {
            when: "<isComponentType>",
            values: &["Within"],
            need: &["<int>"],
        },
        message: "`is Within` needs the piece it looks for (an index, e.g. `(id \"Fan\" Neutral)`)",
    },
    Construction {
        decl: "sites",
        keyword: "sites",
        rule: Rule::Needs {
            when: "<sitesIndexType>",
            values: &["State"],
            need: &["<int>"],
        },
        message: "`sites State` needs the state it looks for",
    },
    Construction {
        decl: "sites",
        keyword: "sites",
        rule: Rule::Needs {
            when: "<sitesPlayerType>",
            values: &["Winning"],
            need: &["<nonDecision>"],
        },
        message: "`sites Winning` needs the moves to try",
    },
    Construction {
        decl: "count.count",
        keyword: "count",
        rule: Rule::Needs {
            when: "StepsOnTrack",
            values: &["StepsOnTrack"],
            need: &["<int>", "<int>#2"],
        },
        message: "`count StepsOnTrack` needs the two sites it counts between",
    },
    Construction {
        decl: "start.set.set",
        keyword: "set",
        rule: Rule::Needs {
            when: "<setStartPlayerType>",
            values: &["Score"],
            need: &["<roleType>"],
        },
        message: "a starting score needs the player it is for",
    },
    Construction {
        decl: "dice",
        keyword: "dice",
        rule: Rule::IntRange {
            slot: "d:",
            min: 0,
            max: 100,
        },
        message: "a die has at most 100 faces",
    },
    Construction {
        decl: "dice",
        keyword: "dice",
        rule: Rule::MaxItems {
            slot: "faces:",
            max: 100,
        },
        message: "a die has at most 100 faces",
    },
    Construction {
        decl: "dominoes",
        keyword: "dominoes",
        rule: Rule::IntRange {
            slot: "upTo:",
            min: 0,
            max: 16,
        },
        message: "dominoes have 0 to 16 pips",
    },
    Construction {
        decl: "tile",
        keyword: "tile",
        rule: Rule::IntRange {
            slot: "numSides:",
            min: 0,
            max: 16,
        },
        message: "a tile has 0 to 16 sides",
    },
    Construction {
        decl: "mancalaBoard",
        keyword: "mancalaBoard",
        rule: Rule::IntRange {
            slot: "int",
            min: 2,
            max: 6,
        },
        message: "a mancala board has 2 to 6 rows",
    },
    Construction {
        decl: "square",
        keyword: "square",
        rule: Rule::Never {
            when: "<squareShapeType>",
            values: &["Rectangle", "NoShape"],
        },
        message: "a square tiling takes the shapes Square, Limping and Diamond",
    },
    Construction {
        decl: "hex",
        keyword: "hex",
        rule: Rule::Never {
            when: "<hexShapeType>",
            values: &["NoShape"],
        },
        message: "a hex tiling needs a shape",
    },
    Construction {
        decl: "tri",
        keyword: "tri",
        rule: Rule::Never {
            when: "<triShapeType>",
            values: &["NoShape"],
        },
        message: "a triangular tiling needs a shape",
    },
];
