//! The table of the cells large pieces cover (a type of its own, so that the game holding
//! it need not import the rules of large pieces).

/// The cells a large piece covers from each anchor in each orientation
/// (`GameDef::large_cells`): row `anchor * orientations + state` bounds its cells (none:
/// the walk leaves the board).
#[derive(Debug)]
pub(in crate::engine) struct LargeTable {
    pub(in crate::engine) orientations: i32,
    pub(in crate::engine) rows: Vec<(u32, u32)>,
    pub(in crate::engine) cells: Vec<u32>,
}
