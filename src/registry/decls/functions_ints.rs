//! Declarations of Ludii package `game.functions.ints`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "ints",
        rule: "{<int>} | <array> | <intArray.math.difference> | <intArray.math.if> | <intArray.math.intersection> | <intArray.players.players> | <regions> | <results> | <rotations> | <sizes> | <team> | <intArray.math.union> | <values.values>",
        doc: "An array of integers: a list of values or an array function.",
        example: "",
    },
    Decl {
        id: "int",
        rule: "<%> | <dim.math.*> | <ints.math.*> | <dim.math.+> | <ints.math.+> | <dim.math.-> | <ints.math.-> | <dim.math./> | <ints.math./> | End | Infinity | Off | Undefined | <dim.math.^> | <ints.math.^> | <dim.math.abs> | <ints.math.abs> | <ahead> | <amount> | <arrayValue> | <iterator.between> | <card.card> | <centrePoint> | <column> | <coord> | <cost> | <count.count> | <countSizeBiggestGroup> | <counter> | <iterator.edge> | <dice.face> | <iterator.from> | <handSite> | <iterator.hint> | <board.id> | <ints.math.if> | int | <ints.last.last> | <layer> | <level> | <mapEntry> | <matchScore> | <dim.math.max> | <ints.math.max> | <dim.math.min> | <ints.math.min> | <mover> | <next> | <nextPhase> | <pathExtent> | <board.phase> | <pips> | <iterator.player> | <pot> | <prev> | <regionSite> | <rotation> | <row> | <state.score> | <site> | <size> | <state> | <iterator.to> | <toInt> | <topLevel> | <iterator.track> | <trackSite> | <value> | <var> | <what> | <where> | <who>",
        doc: "An integer: a constant, a named constant (End, Infinity, Off, Undefined) or an integer function.",
        example: "",
    },
    Decl {
        id: "toInt",
        rule: "(toInt (<boolean> | <float>))",
        doc: "Converts a boolean or float to an integer.",
        example: "(toInt (is Full))",
    },
];
