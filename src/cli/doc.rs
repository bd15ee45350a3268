use crate::check::form_text;
use crate::registry::{Form, ParamType, Registry};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct DocArgs {
    /// A ludeme keyword (`step`, `sites`, `+`), a keyword and its kind (`"is Line"`,
    /// `"move Step"`: the forms of that kind only) or a grammar symbol (`moves`, `roleType`).
    /// Without it, the whole reference is printed as Markdown.
    pub name: Option<String>,
}

pub fn run(args: &DocArgs) -> ExitCode {
    let reg = Registry::global();
    match &args.name {
        Some(name) => match lookup(name) {
            Ok(text) => print!("{text}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(super::EXIT_USAGE);
            }
        },
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

/// The reference of a ludeme keyword (`step`), of a keyword's forms of one kind (`is Line`),
/// or of a grammar symbol (`moves`), as Markdown; else what is wrong (with a "did you mean").
pub fn lookup(name: &str) -> Result<String, String> {
    let reg = Registry::global();
    let mut out = String::new();
    if name.split_whitespace().count() == 2 {
        let mut words = name.split_whitespace();
        let (keyword, kind) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        for &id in reg.with_keyword(keyword) {
            let forms: Vec<&Form> = reg
                .symbol(id)
                .forms
                .iter()
                .filter(|f| f.keyword == keyword && form_of_kind(reg, f, kind))
                .collect();
            if !forms.is_empty() {
                out.push_str(&describe_forms(reg, id, &forms));
            }
        }
        if out.is_empty() {
            return Err(format!(
                "no ludeme `{name}` (`ludeme doc {keyword}` lists the forms of `{keyword}`)"
            ));
        }
        return Ok(out);
    }
    let mut ids: Vec<u32> = reg.with_keyword(name).to_vec();
    if let Some(id) = reg.id(name) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if ids.is_empty() {
        let all: Vec<&str> = reg.keywords().collect();
        return Err(match crate::diag::did_you_mean(name, all) {
            Some(s) => format!("no ludeme `{name}` (did you mean `{s}`?)"),
            None => format!("no ludeme `{name}`"),
        });
    }
    for id in ids {
        out.push_str(&describe(reg, id));
    }
    Ok(out)
}

/// The kinds a keyword's forms take as their first word (`Add`, `Step`, ... of `move`).
pub fn kinds_of(keyword: &str) -> Vec<String> {
    let reg = Registry::global();
    let mut out: Vec<String> = Vec::new();
    for &id in reg.with_keyword(keyword) {
        for f in reg.symbol(id).forms.iter().filter(|f| f.keyword == keyword) {
            let words: Vec<String> = match f.params.first().map(|p| &p.ty) {
                Some(ParamType::Const(c)) => vec![c.to_string()],
                Some(ParamType::Sym(s)) => reg.symbol(*s).constants.iter().map(|c| c.to_string()).collect(),
                _ => Vec::new(),
            };
            for w in words {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
    }
    out.sort();
    out
}

/// The forms a call `(keyword kind ..)` may be: those of that kind when some are, else all
/// of the keyword's.
pub fn forms_of(keyword: &str, kind: Option<&str>) -> Vec<&'static Form> {
    let reg = Registry::global();
    let all: Vec<&'static Form> = reg
        .with_keyword(keyword)
        .iter()
        .flat_map(|&id| reg.symbol(id).forms.iter().filter(|f| f.keyword == keyword))
        .collect();
    let of_kind: Vec<&'static Form> = match kind {
        Some(k) => all.iter().copied().filter(|f| form_of_kind(reg, f, k)).collect(),
        None => Vec::new(),
    };
    if of_kind.is_empty() {
        all
    } else {
        of_kind
    }
}

/// Whether a form is of this kind: its first parameter is the word, or an enum that has it
/// (`(is <isIntegerType> ..)` is of kind `Even`).
fn form_of_kind(reg: &Registry, form: &Form, kind: &str) -> bool {
    match form.params.first().map(|p| &p.ty) {
        Some(ParamType::Const(c)) => c == kind,
        Some(ParamType::Sym(s)) => reg.accepts_constant(*s, kind),
        _ => false,
    }
}

/// One symbol as Markdown: its name, package, doc line, forms, alternatives, example.
fn describe(reg: &Registry, id: u32) -> String {
    let sym = reg.symbol(id);
    let forms: Vec<&Form> = sym.forms.iter().collect();
    describe_forms(reg, id, &forms)
}

/// [`describe`] with only these of its forms, each followed by what Ludii refuses of it.
fn describe_forms(reg: &Registry, id: u32, forms: &[&Form]) -> String {
    let sym = reg.symbol(id);
    let mut out = format!("## `{}` ({})\n\n{}\n\n", sym.id, sym.package, sym.decl.doc);
    if !forms.is_empty() {
        out.push_str("```\n");
        for f in forms {
            out.push_str(&form_text(reg, f));
            out.push('\n');
        }
        out.push_str("```\n\n");
        for f in forms {
            for c in &f.checks {
                out.push_str(&format!(
                    "Refused when the game is built (`{}`): {}.\n\n",
                    form_text(reg, f),
                    c.construction.message
                ));
            }
        }
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
