//! Source files and positions.
//!
//! Every span the user sees is a byte range in one [`SourceFile`] of a [`SourceMap`]: the
//! user's description (always [`FileId::MAIN`]) or one of the standard define files that an
//! expansion pulled text from.

use std::sync::Arc;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

impl FileId {
    /// The description being checked.
    pub const MAIN: FileId = FileId(0);
}

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SrcSpan {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl SrcSpan {
    pub fn new(file: FileId, start: usize, end: usize) -> Self {
        SrcSpan {
            file,
            start: start as u32,
            end: end as u32,
        }
    }
}

/// One text with its name and a line index.
#[derive(Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
    line_starts: Vec<u32>,
}

/// A 1-based line and column; columns count characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> Self {
        let text: Arc<str> = text.into();
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        SourceFile {
            name: name.into(),
            text,
            line_starts,
        }
    }

    /// Line and column (1-based, columns in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line] as usize;
        let mut cut = offset;
        while !self.text.is_char_boundary(cut) {
            cut -= 1;
        }
        let column = self.text[start..cut].chars().count() + 1;
        LineCol { line: line + 1, column }
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: usize) -> &str {
        let Some(&start) = self.line_starts.get(line.wrapping_sub(1)) else {
            return "";
        };
        let end = self
            .line_starts
            .get(line)
            .map(|&e| e as usize)
            .unwrap_or(self.text.len());
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }
}

/// The files a check refers to: the main file first, then library files as they are used.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new(main: SourceFile) -> Self {
        SourceMap { files: vec![main] }
    }

    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn main(&self) -> &SourceFile {
        &self.files[0]
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// Find a file already added under this name.
    pub fn find(&self, name: &str) -> Option<FileId> {
        self.files.iter().position(|f| f.name == name).map(|i| FileId(i as u32))
    }
}

/// Every `.lud` file under `root` (a file itself if `root` is one), sorted by path.
/// Directories that cannot be read are passed over.
pub fn lud_files(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    if !root.is_dir() {
        return vec![root.to_path_buf()];
    }
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "lud") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The description of a match's subgame, `<name>.lud`, as Ludii finds it in its library:
/// here in the match's directory or, failing that, anywhere under its nearest ancestor
/// directory that holds one (up to `MAX_SUBGAME_ANCESTORS` levels up).
pub fn find_subgame(match_file: &std::path::Path, name: &str) -> Option<std::path::PathBuf> {
    let file = format!("{name}.lud");
    let mut dir = match_file.parent()?;
    for _ in 0..=MAX_SUBGAME_ANCESTORS {
        let here = dir.join(&file);
        if here.is_file() {
            return Some(here);
        }
        if let Some(p) = lud_files(dir)
            .into_iter()
            .find(|p| p.file_name().is_some_and(|f| *f == *file))
        {
            return Some(p);
        }
        dir = dir.parent()?;
    }
    None
}

/// How many directories up [`find_subgame`] looks.
pub const MAX_SUBGAME_ANCESTORS: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters() {
        let f = SourceFile::new("t", "ab\n\"é\"x\n");
        assert_eq!(f.line_col(0), LineCol { line: 1, column: 1 });
        assert_eq!(f.line_col(3), LineCol { line: 2, column: 1 });
        // 'x' is after a quote, a two-byte é and a quote
        assert_eq!(f.line_col(7), LineCol { line: 2, column: 4 });
        assert_eq!(f.line_text(2), "\"é\"x");
        assert_eq!(f.line_text(9), "");
    }
}
