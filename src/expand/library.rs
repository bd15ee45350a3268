//! The standard define library: name → body, with the file and span each body came from.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use super::text::{find, matching_bracket};

/// One library define.
#[derive(Clone, Debug)]
pub struct LibDefine {
    /// The name, without quotes.
    pub name: String,
    /// `"Name"`, with quotes: the text that invokes it.
    pub tag: String,
    /// The body text (trimmed).
    pub body: String,
    /// Index into [`Library::files`].
    pub file: usize,
    /// Byte offset of the body in its file's text.
    pub body_start: usize,
}

/// A set of define files. Names come from the `(define "Name" …)` content, not file names.
#[derive(Clone, Debug, Default)]
pub struct Library {
    files: Vec<(String, Arc<str>)>,
    defines: Vec<LibDefine>,
    by_name: HashMap<String, usize>,
}

impl Library {
    /// Our standard library ([`super::stdlib::files`]), built once.
    pub fn standard() -> &'static Library {
        static STD: OnceLock<Library> = OnceLock::new();
        STD.get_or_init(|| Library::from_files(super::stdlib::files().iter().map(|&(p, t)| (p, t))))
    }

    /// A library from `(path, text)` pairs. Files without a well-formed define are skipped;
    /// with duplicate names the first file wins.
    pub fn from_files<P: AsRef<str>, T: AsRef<str>>(files: impl IntoIterator<Item = (P, T)>) -> Library {
        let mut lib = Library::default();
        for (path, text) in files {
            let text: Arc<str> = Arc::from(text.as_ref());
            let file = lib.files.len();
            lib.files.push((path.as_ref().to_string(), text.clone()));
            if let Some(d) = parse_define(&text, file) {
                if !lib.by_name.contains_key(&d.name) {
                    lib.by_name.insert(d.name.clone(), lib.defines.len());
                    lib.defines.push(d);
                }
            }
        }
        lib
    }

    /// Every `*.def` file under `dir`, recursively, in path order (paths relative to `dir`).
    pub fn load_dir(dir: &std::path::Path) -> std::io::Result<Library> {
        let mut paths = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d)? {
                let p = e?.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "def") {
                    paths.push(p);
                }
            }
        }
        paths.sort();
        let mut files = Vec::new();
        for p in paths {
            let text = std::fs::read_to_string(&p)?;
            let rel = p.strip_prefix(dir).unwrap_or(&p).to_string_lossy().replace('\\', "/");
            files.push((rel, text));
        }
        Ok(Library::from_files(files))
    }

    pub fn defines(&self) -> &[LibDefine] {
        &self.defines
    }

    pub fn get(&self, name: &str) -> Option<&LibDefine> {
        self.by_name.get(name).map(|&i| &self.defines[i])
    }

    /// (path, text) of a library file.
    pub fn file(&self, i: usize) -> (&str, &Arc<str>) {
        let (p, t) = &self.files[i];
        (p, t)
    }

    pub fn len(&self) -> usize {
        self.defines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.defines.is_empty()
    }
}

/// The first `(define "Name" body)` of a library file. `//` lines are skipped.
fn parse_define(text: &str, file: usize) -> Option<LibDefine> {
    let b = text.as_bytes();
    // skip comment lines so that `(define ` in a comment is not taken
    let mut from = 0;
    let c = loop {
        let c = find(b, b"(define ", from)?;
        let line_start = b[..c].iter().rposition(|&x| x == b'\n').map_or(0, |i| i + 1);
        if find(&b[line_start..c], b"//", 0).is_some() {
            from = c + 1;
            continue;
        }
        break c;
    };
    let cc = matching_bracket(b, c, true)?;
    let q1 = c + b[c..cc].iter().position(|&x| x == b'"')?;
    let q2 = q1 + 1 + b[q1 + 1..cc].iter().position(|&x| x == b'"')?;
    let name = text.get(q1 + 1..q2)?.to_string();
    let mut a = q2 + 1;
    let mut e = cc;
    while a < e && b[a] <= b' ' {
        a += 1;
    }
    while e > a && b[e - 1] <= b' ' {
        e -= 1;
    }
    Some(LibDefine {
        tag: format!("\"{name}\""),
        name,
        body: text.get(a..e)?.to_string(),
        file,
        body_start: a,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_files() {
        let lib = Library::from_files([
            (
                "a/Step.def",
                "// (define \"Not\" x)\n// doc\n(define \"StepToEmpty\"\n    (move Step #1 (to if:(is Empty (to)))))\n",
            ),
            ("b/Bad.def", "no define here"),
            ("c/Star.def", "(define \"CrossBoard\" (board))"),
        ]);
        assert_eq!(lib.len(), 2);
        let d = lib.get("StepToEmpty").expect("define");
        assert_eq!(d.body, "(move Step #1 (to if:(is Empty (to))))");
        assert_eq!(&lib.file(d.file).1[d.body_start..d.body_start + 5], "(move");
        assert!(lib.get("CrossBoard").is_some());
    }
}
