//! Lowering of the dice family: the `(dice ..)` equipment, `(roll)`, `(count Pips)`,
//! `(face ..)`, `(all DiceUsed)`, `(all DiceEqual)` and `(is AnyDie ..)`.

use super::{invalid, unsupported, Call, Lowerer, R};
use crate::ir::*;
use crate::syntax::{Node, NodeKind};

/// The most faces a die may have (Ludii's `MAX_FACE_DIE`).
const MAX_FACES: i32 = 100;

impl Lowerer {
    /// The dice of the equipment: each `(dice ..)` item's dice become components `Die1`..
    /// before any piece (Ludii creates the dice containers' components first), and its
    /// container is added after the hands (Ludii sorts containers by kind).
    pub(super) fn dice_items(&mut self, items: &[Node], players: u8) -> R<Vec<DiceIr>> {
        let mut out: Vec<DiceIr> = Vec::new();
        for item in items.iter().filter(|i| Self::head(i) == Some("dice")) {
            let c = self.call(item, "item")?;
            let before = out.iter().map(|k| k.faces.len()).sum();
            out.push(self.dice_item(&c, players, before)?);
        }
        Ok(out)
    }

    /// `(dice [d:n] [faces:{..} | facesByDie:{{..}..} | from:n] [role] num:n)`.
    fn dice_item(&mut self, c: &Call, players: u8, before: usize) -> R<DiceIr> {
        if c.typed(self.reg, "roleType").is_some() || c.named("biased").is_some() {
            return unsupported("dice with an owner or biased:", c.span());
        }
        let num = match c.named("num") {
            Some(n) => self.const_int(n)?,
            None => return invalid("dice need num:", c.span()),
        };
        if !(1..=64).contains(&num) {
            return unsupported("dice of more than 64 dice", c.span());
        }
        let d = match c.named("d") {
            Some(n) => self.const_int(n)?,
            None => 6,
        };
        if !(0..=MAX_FACES).contains(&d) {
            return invalid(format!("a die has 0 to {MAX_FACES} faces"), c.span());
        }
        let faces: Vec<Vec<i32>> = if let Some(n) = c.named("faces") {
            vec![self.const_ints(n)?; num as usize]
        } else if let Some(n) = c.named("facesByDie") {
            let NodeKind::List(lists) = &n.kind else {
                return invalid("expected a list of lists of faces", n.span.clone());
            };
            let by_die = lists.iter().map(|l| self.const_ints(l)).collect::<R<Vec<_>>>()?;
            (0..num as usize)
                .map(|i| by_die.get(i).cloned().unwrap_or_default())
                .collect()
        } else {
            let from = match c.named("from") {
                Some(n) => self.const_int(n)?,
                None => 1,
            };
            vec![(from..from + d).collect(); num as usize]
        };
        if faces.iter().any(|f| f.is_empty() || f.len() > MAX_FACES as usize) {
            return invalid(format!("every die needs 1 to {MAX_FACES} faces"), c.span());
        }
        let first_component = self.components.len() as u16;
        // (numbered over every dice container; the dice are shared: the owner after the
        // players)
        for i in 0..num as usize {
            let name = format!("Die{}", before + i + 1);
            self.components.push(Component {
                base: name.clone(),
                name,
                owner: players + 1,
                ..Component::default()
            });
        }
        Ok(DiceIr {
            container: usize::MAX,
            first_component,
            faces,
        })
    }

    /// The dice containers, after the hands: `Dice0` (the shared dice), one site per die.
    pub(super) fn dice_containers(&mut self, mut dice: Vec<DiceIr>, players: u8) {
        for k in &mut dice {
            k.container = self.containers.len();
            self.containers.push(ContainerIr {
                name: "Dice0".into(),
                owner: players + 1,
                sites: k.faces.len() as u32,
            });
        }
        self.dice.extend(dice);
    }

    /// `(count Pips [role | of:n])`.
    pub(super) fn count_pips(&mut self, c: &Call) -> R<IntFn> {
        self.need_dice(c)?;
        let who = match (c.typed(self.reg, "roleType"), c.named("of")) {
            (Some(r), _) => IntFn::RolePlayer(self.role(r)?),
            (None, Some(n)) => self.int(n)?,
            (None, None) => IntFn::Const(self.players as i32 + 1),
        };
        Ok(IntFn::CountPips(Box::new(who)))
    }

    /// `(forEach Die [<int>] [combined:B] [replayDouble:B] [if:C] M)`.
    pub(super) fn for_each_die(&mut self, c: &Call) -> R<MovesKind> {
        self.need_dice(c)?;
        if c.typed(self.reg, "int").is_some() {
            return unsupported("forEach Die of another container", c.span());
        }
        let replay_double = match c.named("replayDouble") {
            Some(n) => Some(self.boolean(n)?),
            None => None,
        };
        let combined = match c.named("combined") {
            Some(n) => Some(self.boolean(n)?),
            None => None,
        };
        let cond = match c.named("if") {
            Some(n) => Some(self.condition(n)?),
            None => None,
        };
        let body = Box::new(self.moves(super::req(c.typed(self.reg, "moves"), c)?)?);
        Ok(MovesKind::ForEachDie {
            replay_double,
            combined,
            cond,
            body,
        })
    }

    /// A dice ludeme in a game without dice: refused (Ludii's would read nothing).
    pub(super) fn need_dice(&self, c: &Call) -> R<()> {
        if !self.dice.is_empty() {
            Ok(())
        } else {
            unsupported("a dice ludeme without dice", c.span())
        }
    }
}
