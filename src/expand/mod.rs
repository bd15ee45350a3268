//! Expansion: options, rulesets, defines, ranges and metadata, on text, exactly as Ludii does.
//!
//! Ludii's preprocessor works on plain strings (see `ARCHITECTURE.md` and the language notes),
//! so this layer does too. Its output is the expanded game text and metadata text, each with
//! an origin map: for every byte of expanded text, where in which source it came from and
//! through which chain of define uses and option markers.
//!
//! Bounded: passes, uses of a define per sweep and text size are limited (see [`Limits`]).

mod brackets;
pub mod checks;
mod engine;
pub mod library;
pub mod options;
mod origin;
mod pipeline;
pub mod stdlib;
pub mod text;

pub use library::{LibDefine, Library};
pub use pipeline::expand_with;

use crate::diag::{Diagnostic, Note};
use crate::source::{FileId, SourceMap, SrcSpan};

/// What the user selected: `--option "Heading/Item"` and `--ruleset "Ruleset/Name"`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selections {
    pub options: Vec<String>,
    pub ruleset: Option<String>,
}

/// The default largest description read, in bytes.
pub const MAX_SOURCE_BYTES: usize = 4 * 1024 * 1024;

/// The limits Ludii applies (and one it lacks: mutual recursion is caught by the pass limit).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_passes: usize,
    pub max_uses_per_sweep: usize,
    pub max_chars: usize,
    pub max_range: usize,
    /// Bytes the define expansion may scan in all (each sweep's text and each window it
    /// rescans for new tags): bounds the work of defines that grow without end even when
    /// every single pass stays within the other limits.
    pub max_work: usize,
    /// The largest description read, in bytes: checking holds the text many times over (its
    /// origin map, syntax tree and match memo), so this also bounds memory.
    pub max_source_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_passes: 1000,
            max_uses_per_sweep: 1000,
            max_chars: 1_000_000,
            max_range: 1000,
            max_work: 100_000_000,
            max_source_bytes: MAX_SOURCE_BYTES,
        }
    }
}

/// The origin of one byte of expanded text: byte `pos` of the text of context `ctx`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loc {
    pub pos: u32,
    pub ctx: u32,
}

/// A context is a text that expanded text was copied from: the source file itself, or a
/// define body / option value inserted at some use site.
#[derive(Clone, Debug)]
pub struct Context {
    /// The file whose bytes `Loc::pos` indexes.
    pub file: FileId,
    pub kind: ContextKind,
    /// Length in bytes of the use site (the define use or option marker) it replaced.
    pub use_len: u32,
}

#[derive(Clone, Debug)]
pub enum ContextKind {
    /// Text of the file itself (the main file, or a library define file).
    Source,
    /// The body of define `name`, inserted where `use_site` (in expanded text) points.
    Define { name: String, use_site: Loc },
    /// The value of an option item inserted at a marker `<Tag...>`.
    Option {
        heading: String,
        item: String,
        use_site: Loc,
    },
}

/// One option category, as declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionCategory {
    pub heading: String,
    pub tag: String,
    pub items: Vec<OptionItem>,
    /// Index of the item in force (the selection, or the default).
    pub selected: usize,
    pub span: SrcSpan,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionItem {
    pub name: String,
    pub priority: usize,
    pub description: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruleset {
    /// Full heading, e.g. `Ruleset/Standard (Observed)`.
    pub heading: String,
    pub options: Vec<String>,
    pub span: SrcSpan,
}

/// The result of expanding one description.
#[derive(Clone, Debug, Default)]
pub struct Expansion {
    /// The game part after clean-up, ready for the grammar.
    pub game: String,
    pub game_origin: Vec<Loc>,
    /// The `(metadata ...)` form (not cleaned up), or empty.
    pub metadata: String,
    pub metadata_origin: Vec<Loc>,
    pub contexts: Vec<Context>,
    pub options: Vec<OptionCategory>,
    pub rulesets: Vec<Ruleset>,
    /// Index into `rulesets` of the active ruleset, if any.
    pub active_ruleset: Option<usize>,
    /// Errors and warnings of the text level (expansion and text checks).
    pub diagnostics: Vec<Diagnostic>,
}

/// A selection that names no option or ruleset of the file: a usage error (Ludii silently
/// falls back to the defaults; we refuse, with a suggestion).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SelectionError {
    #[error("unknown option {given:?}{}", fmt_suggestion(.suggestion))]
    UnknownOption { given: String, suggestion: Option<String> },
    #[error("unknown ruleset {given:?}{}", fmt_suggestion(.suggestion))]
    UnknownRuleset { given: String, suggestion: Option<String> },
    #[error("options {first:?} and {second:?} choose two items of the same heading: give one")]
    SameHeading { first: String, second: String },
}

fn fmt_suggestion(s: &Option<String>) -> String {
    match s {
        Some(s) => format!(" (did you mean {s:?}?)"),
        None => String::new(),
    }
}

impl Expansion {
    /// The source span of a byte range of the expanded game text (`metadata` false) or
    /// metadata text, plus notes naming the defines and options it came through.
    pub fn source_span(&self, range: std::ops::Range<usize>, metadata: bool) -> (Option<SrcSpan>, Vec<Note>) {
        let origin = if metadata {
            &self.metadata_origin
        } else {
            &self.game_origin
        };
        if origin.is_empty() {
            return (None, Vec::new());
        }
        let last = origin.len() - 1;
        let a = origin[range.start.min(last)];
        let b = origin[range.end.saturating_sub(1).max(range.start).min(last)];
        origin::resolve(&self.contexts, a, b)
    }

    /// Whether an error was reported.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }
}

/// Expand the main file of `sources` with these selections.
pub fn expand(sources: &mut SourceMap, selections: &Selections, limits: &Limits) -> Result<Expansion, SelectionError> {
    expand_with(sources, selections, limits, Library::standard())
}
