//! Ludeme's standard define library: the same names and expansions as Ludii's, in our own
//! text. Every define is available to every description without any import.

/// The library files: (path inside the library, text).
pub fn files() -> &'static [(&'static str, &'static str)] {
    &[]
}
