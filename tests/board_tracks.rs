//! Tracks of Ludii's mancala boards (`../shared/ludii/lud/board/sow/`), built on the board
//! as Ludii's `Track.buildTrack` does: every corpus sowing game's tracks build (with its
//! default options) and stay on the board, every corpus board's tracks build, and a few are
//! checked site by site.

mod common;

use ludeme::board::{Track, TRACK_END};
use ludeme::engine::Game;
use ludeme::expand::Selections;
use ludeme::load::LoadError;

fn tracks(rel: &str) -> Result<Vec<Track>, LoadError> {
    let path = common::shared("ludii/lud/board/sow").join(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    Game::load_board_tracks(rel, &text, &Selections::default()).map(|(_, t)| t)
}

fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "lud") {
            out.push(p);
        }
    }
}

#[test]
fn every_sowing_game_builds_its_tracks() {
    let root = common::shared("ludii/lud/board/sow");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    let (mut built, mut tracks_built, mut refused) = (0, 0, Vec::new());
    for path in &files {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        match Game::load_board_tracks(&rel, &text, &Selections::default()) {
            Ok((board, tracks)) => {
                built += 1;
                tracks_built += tracks.len();
                let n = board.num_sites() as i32;
                for t in &tracks {
                    assert!(
                        t.sites.iter().all(|&s| (0..n).contains(&s) || s == TRACK_END),
                        "{rel}: track {} leaves the board: {:?}",
                        t.name,
                        t.sites
                    );
                }
            }
            Err(e) => refused.push(format!("{rel}: {e}")),
        }
    }
    println!(
        "{built} of {} sowing games build their board and {tracks_built} tracks",
        files.len()
    );
    for r in &refused {
        println!("  {r}");
    }
}

/// Every corpus board that builds builds its tracks (sites may lie past the board, in the
/// hands, as in race games; a trailing comma in a step string adds no step).
#[test]
fn every_corpus_board_builds_its_tracks() {
    let root = common::shared("ludii/lud");
    let mut files = Vec::new();
    walk(&root, &mut files);
    let mut tracks = 0;
    for path in &files {
        let rel = path.strip_prefix(&root).unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        match Game::load_board_tracks(&rel, &text, &Selections::default()) {
            Ok((_, t)) => tracks += t.len(),
            Err(e @ LoadError::Track(_)) => panic!("{rel}: {e}"),
            Err(_) => {}
        }
    }
    assert!(tracks >= 700, "{tracks} tracks");
}

/// The sites of each track of a game, by name.
fn sites(rel: &str) -> Vec<(String, u8, Vec<i32>)> {
    tracks(rel)
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
        .into_iter()
        .map(|t| (t.name, t.owner, t.sites))
        .collect()
}

/// Tracks worked out by hand from Ludii's rules (and, for FairKalah, its trace: sowing 4
/// seeds from hole 6 fills the store 13 and then 12, 11, 10).
#[test]
fn tracks_follow_the_steps() {
    let r = |a: i32, b: i32| -> Vec<i32> {
        if a <= b {
            (a..=b).collect()
        } else {
            (b..=a).rev().collect()
        }
    };
    let cat = |parts: &[Vec<i32>]| parts.concat();
    // 2×6 with stores: store, bottom row E, ENE to the right store, WNW, N (nothing), W
    assert_eq!(
        sites("two_rows/Kalah.lud"),
        [("Track".into(), 0, cat(&[r(0, 6), vec![13], r(12, 7)]))]
    );
    // 4×7 without stores: each player's two rows
    assert_eq!(
        sites("four_rows/Hawalis.lud"),
        [
            ("Track1".into(), 1, cat(&[r(0, 6), r(13, 7)])),
            ("Track2".into(), 2, cat(&[r(14, 20), r(27, 21)]))
        ]
    );
    // counted steps and sites: 3×6, "0,E,N1,W2,17,W,S1,E2"
    assert_eq!(
        sites("three_rows/Selus.lud"),
        [("Track".into(), 0, cat(&[r(0, 5), vec![11, 10, 9], r(17, 12), r(6, 8)]))]
    );
    // a radial does not bend onto a store: 2×5 with stores, "0,1,E,11,10,W"
    assert_eq!(sites("two_rows/O An Quan.lud")[0].2, cat(&[r(0, 5), r(11, 6)]));
    // N runs to the top row: 4×8 without stores, "0,E,N,W,S2"
    assert_eq!(
        sites("four_rows/Quendo.lud")[0].2,
        cat(&[r(0, 7), vec![15, 23], r(31, 24), vec![16, 8]])
    );
}

/// Surakarta's loops (`surakartaBoard`): two rings, each a forward and a backward track,
/// with a bump where a corner curve follows, as Ludii builds them on the official 6×6 board.
#[test]
fn surakarta_loops_are_ludiis_tracks() {
    let path = common::shared("ludii/lud/board/war/replacement/eliminate/all/Surakarta.lud");
    let text = std::fs::read_to_string(&path).unwrap();
    let (board, tracks) = Game::load_board_tracks("Surakarta.lud", &text, &Selections::default()).unwrap();
    assert_eq!(board.num_sites(), 36);
    let names: Vec<&str> = tracks.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Track1F", "Track1B", "Track2F", "Track2B"]);
    let t = &tracks[0];
    assert_eq!(
        t.sites,
        [6, 7, 8, 9, 10, 11, 4, 10, 16, 22, 28, 34, 29, 28, 27, 26, 25, 24, 31, 25, 19, 13, 7, 1]
    );
    let curves: Vec<i32> = (0..t.sites.len())
        .filter(|&i| t.bumps[i] == 1)
        .map(|i| t.sites[i])
        .collect();
    assert_eq!(curves, [11, 34, 24, 1]);
    assert!(t.looped);
    assert_eq!(
        tracks[3].sites,
        [2, 8, 14, 20, 26, 32, 18, 19, 20, 21, 22, 23, 33, 27, 21, 15, 9, 3, 17, 16, 15, 14, 13, 12]
    );
}
