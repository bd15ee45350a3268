//! The declarations, one file per Ludii package. Registering a package is one line here.
//!
//! File names follow the package names (`game.` dropped, `.` -> `_`), so some keep Ludii's
//! camelCase.
#![allow(non_snake_case)]

use super::Decl;

pub use ludeme_extras::KEYWORD_ALIASES;

mod equipment;
mod equipment_component;
mod equipment_component_tile;
mod equipment_container;
mod equipment_container_board;
mod equipment_container_board_custom;
mod equipment_container_other;
mod equipment_other;
mod functions_booleans;
mod functions_booleans_all;
mod functions_booleans_can;
mod functions_booleans_deductionPuzzle;
mod functions_booleans_deductionPuzzle_all;
mod functions_booleans_deductionPuzzle_is;
mod functions_booleans_is;
mod functions_booleans_math;
mod functions_booleans_no;
mod functions_booleans_was;
mod functions_dim;
mod functions_dim_math;
mod functions_directions;
mod functions_floats;
mod functions_floats_math;
mod functions_graph_generators_basis;
mod functions_graph_generators_basis_brick;
mod functions_graph_generators_basis_celtic;
mod functions_graph_generators_basis_hex;
mod functions_graph_generators_basis_quadhex;
mod functions_graph_generators_basis_square;
mod functions_graph_generators_basis_tiling;
mod functions_graph_generators_basis_tri;
mod functions_graph_generators_shape;
mod functions_graph_generators_shape_concentric;
mod functions_graph_operators;
mod functions_intArray_array;
mod functions_intArray_iteraror;
mod functions_intArray_math;
mod functions_intArray_players;
mod functions_intArray_sizes;
mod functions_intArray_state;
mod functions_intArray_values;
mod functions_ints;
mod functions_ints_board;
mod functions_ints_board_where;
mod functions_ints_card;
mod functions_ints_count;
mod functions_ints_count_sizeBiggestGroup;
mod functions_ints_dice;
mod functions_ints_iterator;
mod functions_ints_last;
mod functions_ints_match;
mod functions_ints_math;
mod functions_ints_size;
mod functions_ints_stacking;
mod functions_ints_state;
mod functions_ints_tile;
mod functions_ints_trackSite;
mod functions_ints_value;
mod functions_range;
mod functions_range_math;
mod functions_region_foreach;
mod functions_region_last;
mod functions_region_math;
mod functions_region_sites;
mod game;
mod ludeme_extras;
mod r#match;
mod metadata;
mod metadata_ai;
mod metadata_ai_agents;
mod metadata_ai_agents_mcts;
mod metadata_ai_agents_mcts_selection;
mod metadata_ai_agents_minimax;
mod metadata_ai_features;
mod metadata_ai_features_trees;
mod metadata_ai_features_trees_classifiers;
mod metadata_ai_features_trees_logits;
mod metadata_ai_heuristics;
mod metadata_ai_heuristics_terms;
mod metadata_ai_heuristics_transformations;
mod metadata_ai_misc;
mod metadata_graphics;
mod metadata_graphics_board;
mod metadata_graphics_hand;
mod metadata_graphics_no;
mod metadata_graphics_others;
mod metadata_graphics_piece;
mod metadata_graphics_player;
mod metadata_graphics_puzzle;
mod metadata_graphics_region;
mod metadata_graphics_show;
mod metadata_graphics_util;
mod metadata_graphics_util_colour;
mod metadata_info;
mod metadata_info_database;
mod metadata_recon;
mod metadata_recon_concept;
mod mode;
mod players;
mod rules;
mod rules_end;
mod rules_meta;
mod rules_meta_no;
mod rules_phase;
mod rules_play;
mod rules_play_moves;
mod rules_play_moves_decision;
mod rules_play_moves_nonDecision;
mod rules_play_moves_nonDecision_effect;
mod rules_play_moves_nonDecision_effect_requirement;
mod rules_play_moves_nonDecision_effect_requirement_max;
mod rules_play_moves_nonDecision_effect_set;
mod rules_play_moves_nonDecision_effect_state;
mod rules_play_moves_nonDecision_effect_state_forget;
mod rules_play_moves_nonDecision_effect_state_remember;
mod rules_play_moves_nonDecision_effect_state_swap;
mod rules_play_moves_nonDecision_effect_take;
mod rules_play_moves_nonDecision_operator;
mod rules_play_moves_nonDecision_operators_foreach;
mod rules_play_moves_nonDecision_operators_logical;
mod rules_start;
mod rules_start_deductionPuzzle;
mod rules_start_forEach;
mod rules_start_place;
mod rules_start_set;
mod rules_start_split;
mod types;
mod types_board;
mod types_component;
mod types_play;
mod util_directions;
mod util_end;
mod util_equipment;
mod util_graph;
mod util_math;
mod util_moves;

/// Every package of declarations: (package, declarations).
pub const PACKAGES: &[(&str, &[Decl])] = &[
    ("game", game::DECLS),
    ("game.players", players::DECLS),
    ("game.mode", mode::DECLS),
    ("game.equipment", equipment::DECLS),
    ("game.equipment.component", equipment_component::DECLS),
    ("game.rules.play.moves", rules_play_moves::DECLS),
    ("game.rules.play.moves.decision", rules_play_moves_decision::DECLS),
    ("game.rules.phase", rules_phase::DECLS),
    ("game.equipment.other", equipment_other::DECLS),
    (
        "game.rules.play.moves.nonDecision.effect",
        rules_play_moves_nonDecision_effect::DECLS,
    ),
    ("game.rules.play.moves.nonDecision", rules_play_moves_nonDecision::DECLS),
    (
        "game.rules.play.moves.nonDecision.operator",
        rules_play_moves_nonDecision_operator::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.operators.logical",
        rules_play_moves_nonDecision_operators_logical::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.operators.foreach",
        rules_play_moves_nonDecision_operators_foreach::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.take",
        rules_play_moves_nonDecision_effect_take::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.requirement",
        rules_play_moves_nonDecision_effect_requirement::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.requirement.max",
        rules_play_moves_nonDecision_effect_requirement_max::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.state.remember",
        rules_play_moves_nonDecision_effect_state_remember::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.state",
        rules_play_moves_nonDecision_effect_state::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.state.forget",
        rules_play_moves_nonDecision_effect_state_forget::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.state.swap",
        rules_play_moves_nonDecision_effect_state_swap::DECLS,
    ),
    (
        "game.rules.play.moves.nonDecision.effect.set",
        rules_play_moves_nonDecision_effect_set::DECLS,
    ),
    ("game.equipment.container.board", equipment_container_board::DECLS),
    (
        "game.equipment.container.board.custom",
        equipment_container_board_custom::DECLS,
    ),
    ("game.equipment.component.tile", equipment_component_tile::DECLS),
    ("game.equipment.container", equipment_container::DECLS),
    ("game.equipment.container.other", equipment_container_other::DECLS),
    ("game.rules", rules::DECLS),
    ("game.rules.meta", rules_meta::DECLS),
    ("game.rules.meta.no", rules_meta_no::DECLS),
    ("game.rules.start", rules_start::DECLS),
    ("game.rules.start.place", rules_start_place::DECLS),
    ("game.rules.start.split", rules_start_split::DECLS),
    ("game.rules.start.forEach", rules_start_forEach::DECLS),
    ("game.rules.start.deductionPuzzle", rules_start_deductionPuzzle::DECLS),
    ("game.rules.start.set", rules_start_set::DECLS),
    ("game.rules.play", rules_play::DECLS),
    ("game.rules.end", rules_end::DECLS),
    ("game.match", r#match::DECLS),
    ("game.functions.region.last", functions_region_last::DECLS),
    ("game.functions.region.foreach", functions_region_foreach::DECLS),
    ("game.functions.region.sites", functions_region_sites::DECLS),
    ("game.functions.region.math", functions_region_math::DECLS),
    ("game.functions.ints.stacking", functions_ints_stacking::DECLS),
    ("game.functions.ints.iterator", functions_ints_iterator::DECLS),
    ("game.functions.ints.last", functions_ints_last::DECLS),
    ("game.functions.ints.dice", functions_ints_dice::DECLS),
    ("game.functions.ints.state", functions_ints_state::DECLS),
    ("game.functions.ints.trackSite", functions_ints_trackSite::DECLS),
    ("game.functions.ints.match", functions_ints_match::DECLS),
    ("game.functions.ints.tile", functions_ints_tile::DECLS),
    ("game.functions.ints.size", functions_ints_size::DECLS),
    ("game.functions.ints.card", functions_ints_card::DECLS),
    ("game.functions.graph.operators", functions_graph_operators::DECLS),
    (
        "game.functions.graph.generators.basis.tri",
        functions_graph_generators_basis_tri::DECLS,
    ),
    (
        "game.functions.graph.generators.basis.quadhex",
        functions_graph_generators_basis_quadhex::DECLS,
    ),
    (
        "game.functions.graph.generators.basis.celtic",
        functions_graph_generators_basis_celtic::DECLS,
    ),
    (
        "game.functions.graph.generators.basis.hex",
        functions_graph_generators_basis_hex::DECLS,
    ),
    (
        "game.functions.graph.generators.basis.tiling",
        functions_graph_generators_basis_tiling::DECLS,
    ),
    (
        "game.functions.graph.generators.basis.brick",
        functions_graph_generators_basis_brick::DECLS,
    ),
    (
        "game.functions.graph.generators.basis.square",
        functions_graph_generators_basis_square::DECLS,
    ),
    (
        "game.functions.graph.generators.basis",
        functions_graph_generators_basis::DECLS,
    ),
    (
        "game.functions.graph.generators.shape.concentric",
        functions_graph_generators_shape_concentric::DECLS,
    ),
    (
        "game.functions.graph.generators.shape",
        functions_graph_generators_shape::DECLS,
    ),
    ("game.functions.ints.count", functions_ints_count::DECLS),
    (
        "game.functions.ints.count.sizeBiggestGroup",
        functions_ints_count_sizeBiggestGroup::DECLS,
    ),
    ("game.functions.ints.math", functions_ints_math::DECLS),
    ("game.functions.ints.value", functions_ints_value::DECLS),
    ("game.functions.ints.board.where", functions_ints_board_where::DECLS),
    ("game.functions.ints.board", functions_ints_board::DECLS),
    ("game.functions.dim", functions_dim::DECLS),
    ("game.functions.dim.math", functions_dim_math::DECLS),
    ("game.functions.booleans.no", functions_booleans_no::DECLS),
    ("game.functions.booleans.was", functions_booleans_was::DECLS),
    (
        "game.functions.booleans.deductionPuzzle.all",
        functions_booleans_deductionPuzzle_all::DECLS,
    ),
    (
        "game.functions.booleans.deductionPuzzle.is",
        functions_booleans_deductionPuzzle_is::DECLS,
    ),
    (
        "game.functions.booleans.deductionPuzzle",
        functions_booleans_deductionPuzzle::DECLS,
    ),
    ("game.functions.booleans.all", functions_booleans_all::DECLS),
    ("game.functions.range.math", functions_range_math::DECLS),
    ("game.functions.range", functions_range::DECLS),
    ("game.functions.intArray.sizes", functions_intArray_sizes::DECLS),
    ("game.functions.intArray.state", functions_intArray_state::DECLS),
    ("game.functions.intArray.iteraror", functions_intArray_iteraror::DECLS),
    ("game.functions.intArray.values", functions_intArray_values::DECLS),
    ("game.functions.intArray.players", functions_intArray_players::DECLS),
    ("game.functions.intArray.math", functions_intArray_math::DECLS),
    ("game.functions.intArray.array", functions_intArray_array::DECLS),
    ("game.functions.directions", functions_directions::DECLS),
    ("game.functions.booleans.is", functions_booleans_is::DECLS),
    ("game.functions.booleans.can", functions_booleans_can::DECLS),
    ("game.functions.floats.math", functions_floats_math::DECLS),
    ("game.functions.floats", functions_floats::DECLS),
    ("game.functions.booleans.math", functions_booleans_math::DECLS),
    ("game.functions.booleans", functions_booleans::DECLS),
    ("game.functions.ints", functions_ints::DECLS),
    ("game.util.end", util_end::DECLS),
    ("game.util.math", util_math::DECLS),
    ("game.util.graph", util_graph::DECLS),
    ("game.util.equipment", util_equipment::DECLS),
    ("game.util.moves", util_moves::DECLS),
    ("game.util.directions", util_directions::DECLS),
    ("game.types.component", types_component::DECLS),
    ("game.types.board", types_board::DECLS),
    ("game.types.play", types_play::DECLS),
    ("game.types", types::DECLS),
    (
        "metadata.ai.heuristics.transformations",
        metadata_ai_heuristics_transformations::DECLS,
    ),
    ("metadata.ai.heuristics", metadata_ai_heuristics::DECLS),
    ("metadata.ai.heuristics.terms", metadata_ai_heuristics_terms::DECLS),
    ("metadata.ai", metadata_ai::DECLS),
    ("metadata.ai.agents", metadata_ai_agents::DECLS),
    ("metadata.ai.agents.mcts", metadata_ai_agents_mcts::DECLS),
    (
        "metadata.ai.agents.mcts.selection",
        metadata_ai_agents_mcts_selection::DECLS,
    ),
    ("metadata.ai.agents.minimax", metadata_ai_agents_minimax::DECLS),
    (
        "metadata.ai.features.trees.classifiers",
        metadata_ai_features_trees_classifiers::DECLS,
    ),
    ("metadata.ai.features.trees", metadata_ai_features_trees::DECLS),
    (
        "metadata.ai.features.trees.logits",
        metadata_ai_features_trees_logits::DECLS,
    ),
    ("metadata.ai.features", metadata_ai_features::DECLS),
    ("metadata.ai.misc", metadata_ai_misc::DECLS),
    ("metadata", metadata::DECLS),
    ("metadata.recon", metadata_recon::DECLS),
    ("metadata.recon.concept", metadata_recon_concept::DECLS),
    ("metadata.graphics.board", metadata_graphics_board::DECLS),
    ("metadata.graphics.util", metadata_graphics_util::DECLS),
    ("metadata.graphics.util.colour", metadata_graphics_util_colour::DECLS),
    ("metadata.graphics", metadata_graphics::DECLS),
    ("metadata.graphics.piece", metadata_graphics_piece::DECLS),
    ("metadata.graphics.others", metadata_graphics_others::DECLS),
    ("metadata.graphics.hand", metadata_graphics_hand::DECLS),
    ("metadata.graphics.puzzle", metadata_graphics_puzzle::DECLS),
    ("metadata.graphics.show", metadata_graphics_show::DECLS),
    ("metadata.graphics.player", metadata_graphics_player::DECLS),
    ("metadata.graphics.region", metadata_graphics_region::DECLS),
    ("metadata.graphics.no", metadata_graphics_no::DECLS),
    ("metadata.info.database", metadata_info_database::DECLS),
    ("metadata.info", metadata_info::DECLS),
    ("ludeme.extras", ludeme_extras::DECLS),
];
