//! Declarations of Ludii package `game.rules.play.moves`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "moves",
        rule: "<effect.add> | <addScore> | <allCombinations> | <logical.and> | <append> | <apply> | <attract> | <avoidStoredState> | <bet> | <claim> | <custodial> | <effect.deal> | <decision> | <directional> | <do> | <effect> | <enclose> | <firstMoveOnTrack> | <flip> | <operators.foreach.forEach> | <forget> | <fromTo> | <hop> | <logical.if> | <intervene> | <leap> | <max.max> | <move> | <moveAgain> | <nonDecision> | <note> | <operator> | <logical.or> | <pass> | <playCard> | <priority> | <promote> | <propose> | <push> | <random> | <remember> | <effect.remove> | <roll> | <satisfy> | <select> | <seq> | <effect.set.set> | <shoot> | <slide> | <sow> | <effect.step> | <surround> | <swap.swap> | <take> | <trigger> | <vote> | <while>",
        doc: "Any move generator: a decision move, an effect or an operator on moves.",
        example: "",
    },
];
