//! Lowering of deduction puzzles (Ludii's `deductionPuzzle` packages): the play `(satisfy
//! ..)`, its constraints `(all Different ..)`, and the end `(is Solved)`. The board's values
//! (`(values T (range a b))`) make the game a puzzle ([`GameIr::puzzle`]), each value shown by
//! a component of its own (`equipment.rs`).

use super::{flatten, unsupported, Call, Lowerer, R};
use crate::ir::*;
use crate::syntax::NodeKind;

impl Lowerer {
    /// `(hints ["name"] {(hint {sites} [value]) ..})` of the board's own sites: the puzzle's
    /// hints, in order.
    pub(super) fn hints(&mut self, item: &crate::syntax::Node) -> R<()> {
        let c = self.call(item, "item")?;
        // (of another site type: read by `(hint T at:s)` only)
        let ty = self.typed_call(&c);
        if c.typed(self.reg, "string").is_some() {
            return unsupported("named hints", c.span());
        }
        let list = c.positional().into_iter().find(|n| matches!(n.kind, NodeKind::List(_)));
        let items: Vec<&crate::syntax::Node> = match list.map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items.iter().collect(),
            _ => Vec::new(),
        };
        for h in items {
            let hc = self.call(h, "equipment.hint")?;
            let pos = hc.positional();
            let sites: Vec<u32> = match pos.first().map(|n| &n.kind) {
                Some(NodeKind::List(_)) => self.const_ints(pos[0])?.into_iter().map(|s| s.max(0) as u32).collect(),
                Some(_) => vec![self.const_int(pos[0])?.max(0) as u32],
                None => return super::invalid("a hint needs sites", hc.span()),
            };
            let value = pos.get(1).map(|n| self.const_int(n)).transpose()?;
            match ty {
                Some(t) => self.puzzle_typed_hints.push((t, sites, value)),
                None => self.puzzle_hints.push((sites, value)),
            }
        }
        Ok(())
    }

    /// `(satisfy C | {C ..})`: the constraints are the puzzle's.
    pub(super) fn satisfy(&mut self, c: &Call) -> R<MovesKind> {
        if self.puzzle_values.is_none() {
            return unsupported("satisfy without board values", c.span());
        }
        let pos = c.positional();
        let constraints = flatten(&pos)
            .into_iter()
            .map(|n| self.condition(n))
            .collect::<R<Vec<_>>>()?;
        self.puzzle_constraints.extend(constraints);
        Ok(MovesKind::Satisfy)
    }

    /// `(forAll Hint C)`: C at each of the puzzle's hints.
    pub(super) fn for_all(&mut self, c: &Call) -> R<BoolFn> {
        if self.puzzle_values.is_none() {
            return unsupported("forAll in a game that is no puzzle", c.span());
        }
        match c.word(self.reg) {
            Some("Hint") => {
                let k = self.condition(super::req(c.typed(self.reg, "boolean"), c)?)?;
                Ok(BoolFn::ForAllHints(Box::new(k)))
            }
            Some(w @ ("Cell" | "Vertex" | "Edge")) => {
                let ty = crate::board::SiteType::from_name(w).unwrap_or(self.site_type);
                let ty = if ty == self.site_type { ty } else { self.use_type(ty) };
                let k = self.condition(super::req(c.typed(self.reg, "boolean"), c)?)?;
                Ok(BoolFn::ForAllSites(ty, Box::new(k)))
            }
            w => unsupported(format!("forAll {}", w.unwrap_or("")), c.span()),
        }
    }

    /// `(all Different [R] [except:v | excepts:{v ..}])` on the board's own sites.
    pub(super) fn all_different(&mut self, c: &Call) -> R<BoolFn> {
        self.board_site_type_only(c, "all Different on another site type than the board's")?;
        let region = match c.typed(self.reg, "sites") {
            Some(r) => Some(Box::new(self.region(r)?)),
            None => None,
        };
        let mut except = Vec::new();
        if let Some(n) = c.named("except") {
            except.push(self.int(n)?);
        }
        if let Some(n) = c.named("excepts") {
            match &n.kind {
                NodeKind::List(items) => {
                    for i in items {
                        except.push(self.int(i)?);
                    }
                }
                _ => except.push(self.int(n)?),
            }
        }
        Ok(BoolFn::AllDifferent(region, except))
    }

    /// `(is Solved)`, `(is Sum [R] ["name"] n|(hint))`, `(is Count R [of:v] n)` on the board's
    /// own sites (the others are not run yet).
    pub(super) fn puzzle_is(&mut self, c: &Call) -> R<BoolFn> {
        if self.puzzle_values.is_none() {
            return unsupported("a puzzle's question in a game that is no puzzle", c.span());
        }
        let word = c.word(self.reg);
        if matches!(word, Some("Sum" | "Count")) {
            self.board_site_type_only(c, "a puzzle's question on another site type than the board's")?;
        }
        let name = match c.typed(self.reg, "string").map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => Some(self.intern(s)),
            _ => None,
        };
        let region = match c.typed(self.reg, "sites") {
            Some(r) => Some(Box::new(self.region(r)?)),
            None => None,
        };
        // (`(hint)`: the hint of each region, None)
        let hint = |l: &mut Self| -> R<Option<Box<IntFn>>> {
            let n = super::req(c.typed(l.reg, "int"), c)?;
            match &n.kind {
                NodeKind::Call { head, args, .. } if head == "hint" && args.is_empty() => Ok(None),
                _ => Ok(Some(Box::new(l.int(n)?))),
            }
        };
        // (`(hint)` elsewhere: the hint a `(forAll Hint ..)` is at)
        let n = |l: &mut Self| -> R<Box<IntFn>> { Ok(hint(l)?.unwrap_or(Box::new(IntFn::Hint))) };
        match word {
            Some("Sum") => Ok(BoolFn::PuzzleSum {
                region,
                name,
                sum: hint(self)?,
            }),
            Some("Count") => {
                let Some(region) = region else {
                    // (Ludii's count of no region is never true)
                    return Ok(BoolFn::Const(false));
                };
                let of = match c.named("of") {
                    Some(v) => self.int(v)?,
                    None => IntFn::Const(1),
                };
                Ok(BoolFn::PuzzleCount(region, Box::new(of), n(self)?))
            }
            Some("Solved") => Ok(BoolFn::IsSolved),
            Some("Unique") => Ok(BoolFn::PuzzleUnique),
            Some(w) => unsupported(format!("is {w} (a puzzle's)"), c.span()),
            None => unsupported("this puzzle question", c.span()),
        }
    }
}
