//! Boards as graphs: Ludii's site numbering, labels, coordinates, relations, directions,
//! radials and distances.
