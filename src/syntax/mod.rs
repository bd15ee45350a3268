//! Syntax: the pest grammar of expanded descriptions (`grammar/lud.pest`) and the AST.
//!
//! pest stays inside this module; everything else sees [`Node`]s with byte spans into the
//! text that was parsed (the expanded game or metadata text).

mod ast;
pub mod format;
mod parser;
pub mod pretty;

pub use ast::{classify_atom, parse_java_float, parse_java_int, Atom, Node, NodeKind};
pub use parser::{parse_first_form, ParseError, MAX_DEPTH};
