//! `ludeme info FILE`: what a description offers (name, players, options, rulesets,
//! equipment) and whether the engine can run it.

use super::{read_description, SelectArgs, EXIT_USAGE};
use crate::check::{check_source, Checked};
use crate::engine::Game;
use crate::expand::Selections;
use crate::load::{FindSubgame, LoadError};
use crate::syntax::{Node, NodeKind};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct InfoArgs {
    /// The description (.lud).
    pub file: PathBuf,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Output format: `human` or `json` (one object).
    #[arg(long, default_value = "human", value_parser = ["human", "json"])]
    pub format: String,
}

/// What `info` reports of a description.
#[derive(Debug, Serialize, PartialEq)]
pub struct Info {
    pub name: String,
    /// Number of players (`None` where the description does not say it as a number or list).
    pub players: Option<usize>,
    pub options: Vec<OptionInfo>,
    pub rulesets: Vec<RulesetInfo>,
    /// Each item of the equipment, as written after expansion (clipped).
    pub equipment: Vec<String>,
    /// Whether the engine runs it, with these selections.
    pub runs: bool,
    /// Why not: the ludeme the engine lacks, or what is wrong with the description.
    pub refused: Option<String>,
    /// When it runs: sites of the board (its default site type).
    pub sites: Option<usize>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct OptionInfo {
    pub heading: String,
    /// Items by name; `selected` is the one in force.
    pub items: Vec<String>,
    pub selected: usize,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct RulesetInfo {
    pub name: String,
    pub options: Vec<String>,
}

/// The first argument of `node` that is a call with this head.
fn call<'n>(node: &'n Node, head: &str) -> Option<&'n Node> {
    match &node.kind {
        NodeKind::Call { args, .. } => args
            .iter()
            .find(|a| matches!(&a.kind, NodeKind::Call { head: h, .. } if h == head)),
        _ => None,
    }
}

fn args(node: &Node) -> &[Node] {
    match &node.kind {
        NodeKind::Call { args, .. } => args,
        _ => &[],
    }
}

/// Describe a checked description (`text` as read, for loading it in the engine; a match's
/// subgames found by `find`).
pub fn info(checked: &Checked, text: &str, name: &str, selections: &Selections, find: FindSubgame) -> Info {
    let exp = &checked.expansion;
    let game_text = &exp.game;
    let game = checked.game.as_ref();
    let title = game
        .and_then(|g| args(g).first())
        .and_then(|a| match &a.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => None,
        })
        .unwrap_or_default();
    let players = game
        .and_then(|g| call(g, "players"))
        .and_then(|p| match &args(p).first()?.kind {
            NodeKind::Atom(a) => a.parse().ok(),
            NodeKind::List(items) => Some(items.len()),
            _ => None,
        });
    let clip = |s: &str| {
        let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
        if s.chars().count() > 80 {
            s.chars().take(77).collect::<String>() + "..."
        } else {
            s
        }
    };
    let equipment = game
        .and_then(|g| call(g, "equipment"))
        .and_then(|e| args(e).first())
        .map(|list| match &list.kind {
            NodeKind::List(items) => items
                .iter()
                .map(|i| clip(game_text.get(i.full_span()).unwrap_or("")))
                .collect(),
            _ => vec![clip(game_text.get(list.full_span()).unwrap_or(""))],
        })
        .unwrap_or_default();
    let (runs, refused, sites) = if checked.has_errors() {
        let n = checked.diagnostics.iter().filter(|d| d.is_error()).count();
        (
            false,
            Some(format!("the description has {n} error(s): see `ludeme check`")),
            None,
        )
    } else {
        match Game::load_with(name, text, selections, find) {
            Ok(g) => (true, None, Some(g.num_sites())),
            Err(LoadError::Unsupported { ludeme, at }) => (
                false,
                Some(format!(
                    "the engine cannot run `{ludeme}` yet{}",
                    at.map(|a| format!(" ({a})")).unwrap_or_default()
                )),
                None,
            ),
            Err(e) => (false, Some(e.to_string()), None),
        }
    };
    Info {
        name: title,
        players,
        options: exp
            .options
            .iter()
            .map(|c| OptionInfo {
                heading: c.heading.clone(),
                items: c.items.iter().map(|i| i.name.clone()).collect(),
                selected: c.selected,
            })
            .collect(),
        rulesets: exp
            .rulesets
            .iter()
            .map(|r| RulesetInfo {
                name: r.heading.clone(),
                options: r.options.clone(),
            })
            .collect(),
        equipment,
        runs,
        refused,
        sites,
    }
}

fn human(i: &Info) -> String {
    let mut t = format!("{}\n", if i.name.is_empty() { "(unnamed)" } else { &i.name });
    if let Some(p) = i.players {
        t += &format!("players: {p}\n");
    }
    if !i.options.is_empty() {
        t += "options (--option \"Heading/Item\"; * in force):\n";
        for o in &i.options {
            let items: Vec<String> = o
                .items
                .iter()
                .enumerate()
                .map(|(k, it)| if k == o.selected { format!("*{it}") } else { it.clone() })
                .collect();
            t += &format!("  {}: {}\n", o.heading, items.join(", "));
        }
    }
    if !i.rulesets.is_empty() {
        t += "rulesets (--ruleset):\n";
        for r in &i.rulesets {
            t += &format!("  {}\n", r.name);
        }
    }
    if !i.equipment.is_empty() {
        t += "equipment:\n";
        for e in &i.equipment {
            t += &format!("  {e}\n");
        }
    }
    t += &match (&i.refused, i.sites) {
        (None, Some(n)) => format!("engine: runs ({n} sites)\n"),
        (Some(why), _) => format!("engine: cannot run it: {why}\n"),
        (None, None) => "engine: runs\n".to_string(),
    };
    t
}

pub fn run(args: &InfoArgs) -> ExitCode {
    let (text, _) = match read_description(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let name = args.file.display().to_string();
    let selections = args.select.selections();
    let checked = match check_source(&name, &text, &selections) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let i = info(&checked, &text, &name, &selections, &|sub| {
        crate::load::near(&name, sub)
    });
    if args.format == "json" {
        println!("{}", serde_json::to_string(&i).unwrap_or_default());
    } else {
        print!("{}", human(&i));
    }
    if checked.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
