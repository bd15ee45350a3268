//! Tracks: named paths over a board's sites (`(track "Name" .. [loop:] [owner] [directed:])`),
//! as Ludii's `Track.buildTrack` makes them once the board exists.
//!
//! A path is a list of sites or a string of steps (`"0,ESE,E,ENE,WNW,N,W"`): a number is a
//! site, `End` is the off-board end, a compass name (optionally followed by a count, `N3`)
//! follows every radial of that direction from the current site, to its end or for that
//! many steps, the last site reached becoming the current one. Consecutive repeats of a site
//! are folded into a "bump" count on the one kept. Only boards on cells or vertices build
//! step strings (on edges Ludii leaves the track unbuilt: refused here). As Java's `split`,
//! a trailing comma adds no step.

use super::{Board, Dir, Direction, Relation, SiteType};

/// Ludii's `Constants.END`: the off-board end of a track.
pub const TRACK_END: i32 = -2;

/// The path of a track as written.
#[derive(Clone, Debug, PartialEq)]
pub enum TrackPath {
    /// `{s1 s2 ..}`: sites.
    Sites(Vec<i32>),
    /// `"0,N,E2,.."`: a start site, then sites, `End`, and compass steps.
    Steps(String),
}

/// A `(track ..)` as written, before the board is known.
#[derive(Clone, Debug, PartialEq)]
pub struct TrackSpec {
    pub name: String,
    /// The owning player (0: none).
    pub owner: u8,
    pub looped: bool,
    pub directed: bool,
    pub path: TrackPath,
}

/// A track built on a board.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    pub name: String,
    pub owner: u8,
    pub looped: bool,
    pub directed: bool,
    /// The sites in order (consecutive repeats folded; [`TRACK_END`] for `End`).
    pub sites: Vec<i32>,
    /// How many repeats were folded into each site of `sites`.
    pub bumps: Vec<u32>,
    /// Some site occurs twice (only looked for when nothing was folded, as Ludii does).
    pub internal_loop: bool,
}

/// Why a track could not be built.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TrackError {
    #[error("track {0}: the first step must be a site number")]
    NoStart(String),
    #[error("track {track}: step {step} without a board site to start from")]
    NoSite { track: String, step: String },
    #[error("track {track}: {step} is not a direction of this board")]
    BadDirection { track: String, step: String },
    #[error("track {0}: step strings need a board on cells or vertices")]
    SiteType(String),
    #[error("track {0}: fewer than two sites")]
    TooShort(String),
}

impl Board {
    /// Builds a track on this board as Ludii does.
    pub fn track(&self, spec: &TrackSpec) -> Result<Track, TrackError> {
        let raw = match &spec.path {
            TrackPath::Sites(s) => s.clone(),
            TrackPath::Steps(text) => self.track_steps(&spec.name, text)?,
        };
        let mut sites = Vec::with_capacity(raw.len());
        let mut bumps = Vec::with_capacity(raw.len());
        let mut folded = 0;
        for (i, &s) in raw.iter().enumerate() {
            if raw.get(i + 1) == Some(&s) {
                folded += 1;
            } else {
                sites.push(s);
                bumps.push(folded);
                folded = 0;
            }
        }
        if sites.len() < 2 {
            // Ludii's elements need a next and a previous site
            return Err(TrackError::TooShort(spec.name.clone()));
        }
        let internal_loop = bumps.iter().all(|&b| b == 0) && {
            let mut seen = std::collections::HashSet::new();
            !sites.iter().all(|s| seen.insert(*s))
        };
        Ok(Track {
            name: spec.name.clone(),
            owner: spec.owner,
            looped: spec.looped,
            directed: spec.directed,
            sites,
            bumps,
            internal_loop,
        })
    }

    fn track_steps(&self, name: &str, text: &str) -> Result<Vec<i32>, TrackError> {
        if self.site_type() == SiteType::Edge {
            return Err(TrackError::SiteType(name.into()));
        }
        let number = |s: &str| -> Option<i32> {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse().ok())
                .flatten()
        };
        // Java's `split(",")`: trailing empty steps are dropped, inner ones kept
        let mut parts: Vec<&str> = text.split(',').collect();
        while parts.len() > 1 && parts.last() == Some(&"") {
            parts.pop();
        }
        let mut steps = parts.into_iter();
        let start = steps
            .next()
            .and_then(number)
            .ok_or_else(|| TrackError::NoStart(name.into()))?;
        let n = self.num_sites() as i32;
        let on_board = |s: i32| (0..n).contains(&s).then_some(s as u32);
        let mut out = vec![start];
        let mut current = on_board(start);
        for step in steps {
            if let Some(site) = number(step) {
                out.push(site);
                current = on_board(site);
                continue;
            }
            if step == "End" {
                out.push(TRACK_END);
                continue;
            }
            let Some(from) = current else {
                return Err(TrackError::NoSite {
                    track: name.into(),
                    step: step.into(),
                });
            };
            // the direction is the step's letters, a count may follow
            let letters: String = step.chars().filter(|c| !c.is_ascii_digit()).collect();
            let count = if letters.len() == step.len() {
                None
            } else {
                step[letters.len()..].parse::<usize>().ok()
            };
            let bad = || TrackError::BadDirection {
                track: name.into(),
                step: step.into(),
            };
            let dir = Dir::from_name(&letters).ok_or_else(bad)?;
            if self.supported_bits(Relation::All) & (1 << dir as u16) == 0 {
                return Err(bad());
            }
            let radials: Vec<&[u32]> = self.radials(from, Direction::Compass(dir)).collect();
            for radial in radials {
                let end = count.map_or(radial.len(), |k| radial.len().min(k + 1));
                for &site in radial.iter().take(end).skip(1) {
                    out.push(site as i32);
                    current = Some(site);
                }
            }
        }
        Ok(out)
    }
}
