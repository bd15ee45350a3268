//! The house imports one way (`ARCHITECTURE.md`, "Layers"): a module of `src/` uses only the
//! layers below it, never one above or beside it; and inside a folder, files import each
//! other in circles of at most [`MAX_CIRCLE`] files (a folder still over it has a ceiling of
//! its own that may only come down).
//!
//! Read from the source text: every `crate::..` and `super::..` path outside comments and
//! `#[cfg(test)]` items, resolved to the file that defines its module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers from the bottom up: a module may use those of lower rank only.
const LAYERS: &[&str] = &[
    "source", "diag", "expand", "syntax", "registry", "check", "board", "ir", "compile", "engine", "load", "trace",
    "ai", "cli", "main",
];

/// The most files a circle of imports inside one folder may hold.
const MAX_CIRCLE: usize = 4;

/// Folders whose files still import each other in a larger circle: the circle's size there
/// may not grow (and the ceiling comes down as the folder is taken apart).
const CEILINGS: &[(&str, usize)] = &[];

/// A source file: its path under `src/` and its module path (`engine::compiled::steps`).
struct File {
    rel: PathBuf,
    module: Vec<String>,
    text: String,
}

fn files() -> Vec<File> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<File>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, root, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix(root).unwrap().to_path_buf();
                let mut module: Vec<String> = rel
                    .parent()
                    .into_iter()
                    .flat_map(|d| d.iter())
                    .map(|c| c.to_string_lossy().into_owned())
                    .collect();
                let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
                if stem == "main" && module.is_empty() {
                    module.push("main".into());
                } else if stem != "mod" && !(stem == "lib" && module.is_empty()) {
                    module.push(stem);
                }
                let text = code_of(&std::fs::read_to_string(&p).unwrap());
                out.push(File { rel, module, text });
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out
}

/// The text of a file without comments and `#[cfg(test)]` items (string literals are kept:
/// paths inside them are rare and harmless).
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t.starts_with("//") {
            continue;
        }
        if t.starts_with("#[cfg(test)]") {
            // skip the next item: to the end of its braces, or its `;`
            let (mut depth, mut opened) = (0i32, false);
            for l in lines.by_ref() {
                let code = l.split("//").next().unwrap_or("");
                depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
                opened |= code.contains('{');
                if (opened && depth <= 0) || (!opened && code.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        out.push_str(line.split(" //").next().unwrap_or(""));
        out.push('\n');
    }
    out
}

/// Every module path named by a `crate::` or `super::` path in `f`, resolved from the root.
fn references(f: &File, is_dir_module: bool) -> Vec<Vec<String>> {
    let ident = |s: &str| -> usize { s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len()) };
    let mut out = Vec::new();
    let text = &f.text;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let at_word = i == 0 || !text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
        let (base, mut j): (Vec<String>, usize) = if at_word && rest.starts_with("crate::") {
            (Vec::new(), "crate::".len())
        } else if at_word && rest.starts_with("super::") {
            // a file's `super` is its parent module; `mod.rs` (and `lib.rs`) is its folder's
            let mut base = f.module.clone();
            if !is_dir_module {
                base.pop();
            }
            let mut j = 0;
            while rest[j..].starts_with("super::") {
                if j > 0 {
                    base.pop();
                }
                j += "super::".len();
            }
            (base, j)
        } else {
            i += rest.chars().next().map_or(1, |c| c.len_utf8());
            continue;
        };
        // one path, or a braced list of them
        let mut heads: Vec<Vec<String>> = Vec::new();
        let mut path: Vec<String> = base;
        loop {
            let n = ident(&rest[j..]);
            if n > 0 {
                path.push(rest[j..j + n].to_string());
                j += n;
                if rest[j..].starts_with("::") {
                    j += 2;
                    continue;
                }
                heads.push(path);
                break;
            }
            if rest[j..].starts_with('{') {
                let (mut depth, mut k) = (0, j);
                for (o, c) in rest[j..].char_indices() {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    if depth == 0 {
                        k = j + o;
                        break;
                    }
                }
                for item in split_top(&rest[j + 1..k]) {
                    let mut p = path.clone();
                    p.extend(item.split("::").map(|s| s.trim()).filter(|s| !s.is_empty()).map(|s| {
                        let n = ident(s);
                        s[..n].to_string()
                    }));
                    heads.push(p);
                }
                j = k + 1;
            } else {
                heads.push(path);
            }
            break;
        }
        out.extend(heads);
        i += j.max(1);
    }
    out
}

/// A braced list's items at its top level.
fn split_top(s: &str) -> Vec<&str> {
    let (mut out, mut depth, mut from) = (Vec::new(), 0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[from..]);
    out.into_iter().filter(|x| !x.trim().is_empty()).collect()
}

/// The file (index) defining the longest prefix of `path` that is a module of ours.
fn resolve(path: &[String], by_module: &BTreeMap<Vec<String>, usize>) -> Option<usize> {
    (1..=path.len()).rev().find_map(|n| by_module.get(&path[..n]).copied())
}

struct House {
    files: Vec<File>,
    /// Per file, the files it imports.
    edges: Vec<BTreeSet<usize>>,
}

fn house() -> House {
    let files = files();
    let by_module: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.module.is_empty())
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let edges = files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let stem = f.rel.file_stem().unwrap();
            let dir_module = stem == "mod" || (stem == "lib" && f.module.is_empty());
            references(f, dir_module)
                .iter()
                .filter_map(|p| resolve(p, &by_module))
                .filter(|&t| t != i)
                .collect()
        })
        .collect();
    House { files, edges }
}

#[test]
fn layers_import_only_layers_below() {
    let h = house();
    fn layer(f: &File) -> &str {
        f.module.first().map_or("lib", String::as_str)
    }
    let rank = |name: &str| LAYERS.iter().position(|l| *l == name);
    let mut wrong = Vec::new();
    for (i, f) in h.files.iter().enumerate() {
        let from = layer(f);
        if from == "lib" {
            continue;
        }
        let Some(rf) = rank(from) else {
            wrong.push(format!("{}: the layer `{from}` is not in LAYERS", f.rel.display()));
            continue;
        };
        for &t in &h.edges[i] {
            let to = layer(&h.files[t]);
            if to != from && rank(to).is_none_or(|rt| rt >= rf) {
                wrong.push(format!(
                    "{} ({from}) imports {} ({to})",
                    f.rel.display(),
                    h.files[t].rel.display()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers:\n{}", wrong.join("\n"));
}

/// The strongly connected components of the graph restricted to `nodes` (Tarjan's, iterative
/// enough for a few hundred files).
fn circles(edges: &[BTreeSet<usize>], nodes: &BTreeSet<usize>) -> Vec<Vec<usize>> {
    struct T<'a> {
        edges: &'a [BTreeSet<usize>],
        nodes: &'a BTreeSet<usize>,
        index: BTreeMap<usize, usize>,
        low: BTreeMap<usize, usize>,
        stack: Vec<usize>,
        on: BTreeSet<usize>,
        out: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T, v: usize) {
        let k = t.index.len();
        t.index.insert(v, k);
        t.low.insert(v, k);
        t.stack.push(v);
        t.on.insert(v);
        for &w in t.edges[v].iter().filter(|w| t.nodes.contains(w)) {
            if !t.index.contains_key(&w) {
                visit(t, w);
                let lw = t.low[&w];
                let lv = t.low.get_mut(&v).unwrap();
                *lv = (*lv).min(lw);
            } else if t.on.contains(&w) {
                let iw = t.index[&w];
                let lv = t.low.get_mut(&v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if t.low[&v] == t.index[&v] {
            let mut c = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(&w);
                c.push(w);
                if w == v {
                    break;
                }
            }
            t.out.push(c);
        }
    }
    let mut t = T {
        edges,
        nodes,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for &v in nodes {
        if !t.index.contains_key(&v) {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn circles_inside_a_folder_are_small() {
    let h = house();
    let mut folders: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for (i, f) in h.files.iter().enumerate() {
        let top = f.rel.iter().next().unwrap().to_string_lossy().into_owned();
        folders.entry(top).or_default().insert(i);
    }
    let mut wrong = Vec::new();
    for (folder, nodes) in &folders {
        let ceiling = CEILINGS
            .iter()
            .find(|(f, _)| f == folder)
            .map_or(MAX_CIRCLE, |&(_, c)| c);
        for c in circles(&h.edges, nodes) {
            if c.len() > 1 {
                let names: Vec<String> = c.iter().map(|&i| h.files[i].rel.display().to_string()).collect();
                println!("{folder}: a circle of {} files: {}", c.len(), names.join(", "));
            }
            if c.len() > ceiling {
                let names: Vec<String> = c.iter().map(|&i| h.files[i].rel.display().to_string()).collect();
                wrong.push(format!(
                    "{folder}: {} files (at most {ceiling}): {}",
                    c.len(),
                    names.join(", ")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "circles of imports too large:\n{}", wrong.join("\n"));
}

#[test]
fn the_reader_sees_imports() {
    // a check that the reader finds what it must, so the tests above can fail
    let h = house();
    let find = |p: &str| h.files.iter().position(|f| f.rel == Path::new(p)).unwrap();
    let (load, engine_api, compile) = (find("load.rs"), find("engine/api.rs"), find("compile/mod.rs"));
    assert!(h.edges[load].contains(&compile), "load.rs lowers through compile");
    let game = find("engine/game.rs");
    assert!(h.edges[engine_api].contains(&game), "engine/api.rs uses engine/game.rs");
    let f = File {
        rel: "engine/x.rs".into(),
        module: vec!["engine".into(), "x".into()],
        text: code_of("use super::{a::B, c};\n// crate::cli\nfn f() { crate::ir::X; super::super::load::Y; }\n#[cfg(test)]\nmod t {\n use crate::cli;\n}\n"),
    };
    let refs = references(&f, false);
    let heads: Vec<String> = refs.iter().map(|p| p.join("::")).collect();
    assert_eq!(heads, ["engine::a::B", "engine::c", "ir::X", "load::Y"]);
}
