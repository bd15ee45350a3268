//! Lowering of the rules' structure (Ludii's `rules`, `rules/phase`, `rules/meta`): the
//! phases of play (`phases:{(phase ..) ..}`, `nextPhase`) and the meta rules.

use super::*;
use crate::syntax::{Node, NodeKind};

impl Lowerer {
    /// The phases; a global play is offered in every phase after the phase's own moves
    /// (`(or phasePlay globalPlay)`), and is the play of a phase without one.
    pub(super) fn phases(&mut self, list: &Node, global: Option<&Node>) -> R<Vec<PhaseIr>> {
        let items = flatten(&[list]);
        // names first: a nextPhase may name a later phase
        let mut names = Vec::new();
        for item in &items {
            let c = self.call(item, "phase.phase")?;
            match c.positional().first().map(|n| &n.kind) {
                Some(NodeKind::Str(s)) => names.push(s.clone()),
                _ => return invalid("a phase needs a name", c.span()),
            }
        }
        let global = match global {
            Some(g) => {
                let gc = self.call(g, "play")?;
                Some(self.moves(req(gc.positional().first().copied(), &gc)?)?)
            }
            None => None,
        };
        let mut out = Vec::new();
        for (item, name) in items.iter().zip(&names) {
            let c = self.call(item, "phase.phase")?;
            if c.typed(self.reg, "mode").is_some() {
                return unsupported("a phase with a mode", c.span());
            }
            let owner = match c.typed(self.reg, "roleType") {
                Some(r) => match self.role(r)? {
                    Role::Player(p) => Some(p),
                    Role::Shared | Role::All | Role::Each => None,
                    _ => return unsupported("a phase of this owner", r.span.clone()),
                },
                None => None,
            };
            let play_node = req(c.typed(self.reg, "play"), &c)?;
            let pc = self.call(play_node, "play")?;
            let own = self.moves(req(pc.positional().first().copied(), &pc)?)?;
            let play = match &global {
                Some(g) => Moves::new(MovesKind::Or(vec![own, g.clone()]), None),
                None => own,
            };
            let end = match c.typed(self.reg, "end") {
                Some(e) => self.end(e)?,
                None => Vec::new(),
            };
            let mut next = Vec::new();
            if let Some(n) = c.typed(self.reg, "nextPhase") {
                for np in flatten(&[n]) {
                    next.push(self.next_phase(np, &names)?);
                }
            }
            out.push(PhaseIr {
                name: name.clone(),
                owner,
                play,
                end,
                next,
            });
        }
        Ok(out)
    }

    /// `(nextPhase [role | (player n)] [cond] [name])`.
    fn next_phase(&mut self, node: &Node, names: &[String]) -> R<NextPhase> {
        let c = self.call(node, "nextPhase")?;
        let who = if let Some(r) = c.typed(self.reg, "roleType") {
            match self.role(r)? {
                Role::Shared | Role::All => None,
                role @ (Role::Mover | Role::Next | Role::Prev | Role::Player(_)) => Some(IntFn::RolePlayer(role)),
                _ => return unsupported("nextPhase of this role", r.span.clone()),
            }
        } else if let Some(p) = c.typed(self.reg, "moves.player") {
            let pc = self.call(p, "moves.player")?;
            Some(self.int(req(pc.positional().first().copied(), &pc)?)?)
        } else {
            None
        };
        let cond = match c.typed(self.reg, "boolean") {
            Some(b) => Some(self.condition(b)?),
            None => None,
        };
        let target = match c.typed(self.reg, "string").map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => match names.iter().position(|n| n == s) {
                Some(i) => Some(i as u32),
                None => return invalid(format!("no phase named \"{s}\""), c.span()),
            },
            _ => None,
        };
        Ok(NextPhase { who, cond, target })
    }

    /// `(meta ..)`: the meta rules the engine knows (`swap`, `no Repeat`, `passEnd`,
    /// `automove`).
    pub(super) fn meta(&mut self, node: &Node) -> R<()> {
        let c = self.call(node, "meta")?;
        let items: Vec<&Node> = match c.positional().first().map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items.iter().collect(),
            _ => c.positional(),
        };
        for it in items {
            let rule = self.call(it, "metaRule")?;
            match rule.id {
                "meta.swap" => self.meta_swap = true,
                "automove" => self.automove = true,
                "meta.no.no" if rule.word(self.reg) == Some("Repeat") => {
                    let kind = rule.positional().into_iter().find_map(|n| match &n.kind {
                        NodeKind::Atom(a) if a != "Repeat" => Some(a.as_str()),
                        _ => None,
                    });
                    self.no_repeat = Some(match kind {
                        None | Some("Positional") => Repetition::Positional,
                        Some("PositionalInTurn") => Repetition::PositionalInTurn,
                        Some(k) => return unsupported(format!("meta (no Repeat {k})"), rule.span()),
                    });
                }
                "passEnd" => match rule.positional().iter().find_map(|n| match &n.kind {
                    NodeKind::Atom(a) => Some(a.as_str()),
                    _ => None,
                }) {
                    Some("NoEnd") => self.not_all_pass = true,
                    Some("Draw") => {}
                    _ => return invalid("passEnd needs NoEnd or Draw", rule.span()),
                },
                id => return unsupported(format!("meta ({})", Self::head(it).unwrap_or(id)), rule.span()),
            }
        }
        Ok(())
    }
}
