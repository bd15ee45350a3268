//! The declarations, one file per Ludii package. Registering a package is one line here.

use super::Decl;

mod seed;

/// Every package of declarations: (package, declarations).
pub const PACKAGES: &[(&str, &[Decl])] = &[("seed", seed::DECLS)];
