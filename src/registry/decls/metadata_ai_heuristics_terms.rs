//! Declarations of Ludii package `metadata.ai.heuristics.terms`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "unthreatenedMaterial",
        rule: "(unthreatenedMaterial [transformation:<heuristicTransformation>] [weight:float] [pieceWeights:{<misc.pair>}])",
        doc: "Heuristic term: the material of pieces that are not threatened.",
        example: "(unthreatenedMaterial weight:1.0)",
    },
    Decl {
        id: "terms.score",
        rule: "(score [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: the player's score.",
        example: "(score weight:1.0)",
    },
    Decl {
        id: "nullHeuristic",
        rule: "(nullHeuristic)",
        doc: "Heuristic term that always evaluates to zero.",
        example: "(nullHeuristic)",
    },
    Decl {
        id: "componentValues",
        rule: "(componentValues [transformation:<heuristicTransformation>] [weight:float] [pieceWeights:{<misc.pair>}] [boardOnly:boolean])",
        doc: "Heuristic term: the sum of the values of the player's pieces.",
        example: "(componentValues weight:0.5 boardOnly:True)",
    },
    Decl {
        id: "influence",
        rule: "(influence [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: the number of sites the player's moves can reach.",
        example: "(influence weight:0.2)",
    },
    Decl {
        id: "sidesProximity",
        rule: "(sidesProximity [transformation:<heuristicTransformation>] [weight:float] [pieceWeights:{<misc.pair>}])",
        doc: "Heuristic term: how close the player's pieces are to the sides of the board.",
        example: "(sidesProximity weight:-0.5)",
    },
    Decl {
        id: "intercept",
        rule: "(intercept [transformation:<heuristicTransformation>] playerWeights:{<misc.pair>})",
        doc: "Heuristic term: a constant per player (an intercept).",
        example: "(intercept playerWeights:{(pair \"P1\" 1.0)})",
    },
    Decl {
        id: "mobilitySimple",
        rule: "(mobilitySimple [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: the number of legal moves of the player.",
        example: "(mobilitySimple weight:0.1)",
    },
    Decl {
        id: "mobilityAdvanced",
        rule: "(mobilityAdvanced [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: the player's mobility, computed even when not its turn.",
        example: "(mobilityAdvanced weight:0.1)",
    },
    Decl {
        id: "currentMoverHeuristic",
        rule: "(currentMoverHeuristic [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: whether the player is the one to move.",
        example: "(currentMoverHeuristic weight:1.0)",
    },
    Decl {
        id: "playerSiteMapCount",
        rule: "(playerSiteMapCount [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: counts the sites the game maps to the player.",
        example: "(playerSiteMapCount weight:1.0)",
    },
    Decl {
        id: "centreProximity",
        rule: "(centreProximity [transformation:<heuristicTransformation>] [weight:float] [pieceWeights:{<misc.pair>}])",
        doc: "Heuristic term: how close the player's pieces are to the centre.",
        example: "(centreProximity weight:0.5 pieceWeights:{(pair \"Pawn1\" 1.0)})",
    },
    Decl {
        id: "cornerProximity",
        rule: "(cornerProximity [transformation:<heuristicTransformation>] [weight:float] [pieceWeights:{<misc.pair>}])",
        doc: "Heuristic term: how close the player's pieces are to the corners.",
        example: "(cornerProximity weight:0.5)",
    },
    Decl {
        id: "playerRegionsProximity",
        rule: "(playerRegionsProximity [transformation:<heuristicTransformation>] [weight:float] player:int [pieceWeights:{<misc.pair>}])",
        doc: "Heuristic term: how close the pieces are to the regions owned by a given player.",
        example: "(playerRegionsProximity weight:1.0 player:2)",
    },
    Decl {
        id: "material",
        rule: "(material [transformation:<heuristicTransformation>] [weight:float] [pieceWeights:{<misc.pair>}] [boardOnly:boolean])",
        doc: "Heuristic term: the (weighted) number of the player's pieces.",
        example: "(material pieceWeights:{(pair \"Queen1\" 9.0) (pair \"Pawn1\" 1.0)})",
    },
    Decl {
        id: "ownRegionsCount",
        rule: "(ownRegionsCount [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: the sum of counts in the player's own regions.",
        example: "(ownRegionsCount weight:1.0)",
    },
    Decl {
        id: "influenceAdvanced",
        rule: "(influenceAdvanced [transformation:<heuristicTransformation>] [weight:float])",
        doc: "Heuristic term: the player's influence, computed even when not its turn.",
        example: "(influenceAdvanced weight:0.2)",
    },
    Decl {
        id: "regionProximity",
        rule: "(regionProximity [transformation:<heuristicTransformation>] [weight:float] region:int [pieceWeights:{<misc.pair>}])",
        doc: "Heuristic term: how close the player's pieces are to a given region.",
        example: "(regionProximity weight:1.0 region:0)",
    },
    Decl {
        id: "lineCompletionHeuristic",
        rule: "(lineCompletionHeuristic [transformation:<heuristicTransformation>] [weight:float] [targetLength:int])",
        doc: "Heuristic term: how close the player is to completing lines of a target length.",
        example: "(lineCompletionHeuristic targetLength:4)",
    },
    Decl {
        id: "heuristicTerm",
        rule: "<centreProximity> | <componentValues> | <cornerProximity> | <currentMoverHeuristic> | <influence> | <influenceAdvanced> | <intercept> | <lineCompletionHeuristic> | <material> | <mobilityAdvanced> | <mobilitySimple> | <nullHeuristic> | <ownRegionsCount> | <playerRegionsProximity> | <playerSiteMapCount> | <regionProximity> | <terms.score> | <sidesProximity> | <unthreatenedMaterial>",
        doc: "Any heuristic term.",
        example: "",
    },
];
