//! The ludeme registry: every ludeme form of Ludii's language, declared once.
//!
//! A [`Decl`] is one grammar symbol: a ludeme class with its call forms, an abstract type
//! listing the symbols it accepts, or an enum listing its constants. The signature is written
//! in the notation of Ludii's exported grammar, with one addition: a bare `int`, `float` or
//! `boolean` in a form marks a literal-only parameter (Java `int`/`Integer`/...), while
//! `<int>` accepts any integer function.
//!
//! The checker, error messages and generated docs all read these declarations.

mod decls;

/// One grammar symbol, declared in `decls/<package>.rs`.
#[derive(Clone, Copy, Debug)]
pub struct Decl {
    /// The symbol's grammar label: `effect.step`, `int`, `roleType`. Unique.
    pub id: &'static str,
    /// Right-hand side, `|`-separated: call forms `(keyword args..)`, other symbols `<id>`,
    /// primitive terminals `int float boolean string`, and enum constants `Mover`.
    pub rule: &'static str,
    /// One line saying what it is.
    pub doc: &'static str,
    /// An example of its use (may be empty).
    pub example: &'static str,
}

/// Every declaration of every package.
pub fn all_decls() -> impl Iterator<Item = (&'static str, &'static Decl)> {
    decls::PACKAGES
        .iter()
        .flat_map(|(pkg, ds)| ds.iter().map(move |d| (*pkg, d)))
}
