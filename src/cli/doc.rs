use crate::check::form_text;
use crate::registry::Registry;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct DocArgs {
    /// A ludeme keyword (`step`, `sites`, `+`) or a grammar symbol (`moves`, `roleType`).
    /// Without it, the whole reference is printed as Markdown.
    pub name: Option<String>,
}

pub fn run(args: &DocArgs) -> ExitCode {
    let reg = Registry::global();
    match &args.name {
        Some(name) => {
            let mut ids: Vec<u32> = reg.with_keyword(name).to_vec();
            if let Some(id) = reg.id(name) {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            if ids.is_empty() {
                let all: Vec<&str> = reg.keywords().collect();
                match crate::diag::did_you_mean(name, all) {
                    Some(s) => eprintln!("error: no ludeme `{name}` (did you mean `{s}`?)"),
                    None => eprintln!("error: no ludeme `{name}`"),
                }
                return ExitCode::from(super::EXIT_USAGE);
            }
            for id in ids {
                print!("{}", describe(reg, id));
            }
        }
        None => {
            println!("# Ludeme reference\n\nGenerated from ludeme's declarations (`ludeme doc`).\n");
            let mut ids: Vec<u32> = (0..reg.symbols.len() as u32).collect();
            ids.sort_by_key(|&i| (reg.symbol(i).package, reg.symbol(i).id));
            for id in ids {
                print!("{}", describe(reg, id));
            }
        }
    }
    ExitCode::SUCCESS
}

/// One symbol as Markdown: its name, package, doc line, forms, alternatives, example.
fn describe(reg: &Registry, id: u32) -> String {
    let sym = reg.symbol(id);
    let mut out = format!("## `{}` ({})\n\n{}\n\n", sym.id, sym.package, sym.decl.doc);
    if !sym.forms.is_empty() {
        out.push_str("```\n");
        for f in &sym.forms {
            out.push_str(&form_text(reg, f));
            out.push('\n');
        }
        out.push_str("```\n\n");
    }
    let alts: Vec<String> = sym
        .alts
        .iter()
        .map(|&a| format!("<{}>", reg.symbol(a).id))
        .chain(sym.constants.iter().map(|c| c.to_string()))
        .collect();
    if !alts.is_empty() {
        out.push_str(&format!("Accepts: {}\n\n", alts.join(" | ")));
    }
    if !sym.decl.example.is_empty() {
        out.push_str(&format!("Example: `{}`\n\n", sym.decl.example));
    }
    out
}
