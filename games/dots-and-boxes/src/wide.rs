//! Boards of up to 64 lines for forward search ([`crate::search`]): the geometry of [`Board`]
//! (the same numbering of dots and lines) on sets of lines held in a `u64`, and the crate's
//! notation of positions (`1-2 2-6`, or `empty`), which the whole-space commands use too.

use crate::board::{Board, Dot};

/// A set of lines of a wide board as a bitmask (bit `e` for line `e`).
pub type WideLines = u64;

/// Why a wide board size was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WideBoardError {
    /// No boxes at all.
    #[error("a board has at least one row and one column of boxes, not {rows}x{cols}")]
    Empty {
        /// Rows of boxes asked for.
        rows: usize,
        /// Columns of boxes asked for.
        cols: usize,
    },
    /// More lines than a `u64` holds.
    #[error(
        "a {rows}x{cols} board has {lines} lines; forward search takes at most {max} (e.g. 4x4: 40, 4x5: 49, 5x5: 60)",
        max = WideBoard::MAX_LINES
    )]
    TooLarge {
        /// Rows of boxes asked for.
        rows: usize,
        /// Columns of boxes asked for.
        cols: usize,
        /// Lines the board would have (saturated at `usize::MAX`).
        lines: usize,
    },
}

/// An R x C board of boxes of at most [`WideBoard::MAX_LINES`] lines, numbered as [`Board`]
/// numbers them: horizontal lines first, row by row, then vertical ones, row by row; dots from
/// 1, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WideBoard {
    rows: u8,
    cols: u8,
}

impl From<Board> for WideBoard {
    /// The same board (at most 31 lines, so it fits).
    fn from(board: Board) -> WideBoard {
        WideBoard { rows: board.rows() as u8, cols: board.cols() as u8 }
    }
}

impl WideBoard {
    /// The most lines: one bit each in a `u64`.
    pub const MAX_LINES: usize = 64;

    /// The board of `rows` x `cols` boxes, if it has a box and at most 64 lines (4x4: 40;
    /// 4x5: 49; 5x5: 60; 1x21: 64).
    pub fn new(rows: usize, cols: usize) -> Result<WideBoard, WideBoardError> {
        if rows == 0 || cols == 0 {
            return Err(WideBoardError::Empty { rows, cols });
        }
        let count = || rows.checked_mul(cols.checked_add(1)?)?.checked_add(cols.checked_mul(rows.checked_add(1)?)?);
        let lines = count().unwrap_or(usize::MAX);
        if lines > Self::MAX_LINES {
            return Err(WideBoardError::TooLarge { rows, cols, lines });
        }
        // At most 64 lines: rows and cols are each at most 31, so they fit a byte.
        Ok(WideBoard { rows: rows as u8, cols: cols as u8 })
    }

    /// Rows of boxes.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Columns of boxes.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The number of lines.
    pub fn lines(&self) -> usize {
        self.horizontal() + self.rows() * (self.cols() + 1)
    }

    /// The number of boxes.
    pub fn boxes(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The number of dots.
    pub fn dots(&self) -> usize {
        (self.rows() + 1) * (self.cols() + 1)
    }

    /// The set of every line.
    pub fn all_lines(&self) -> WideLines {
        u64::MAX >> (64 - self.lines())
    }

    fn horizontal(&self) -> usize {
        (self.rows() + 1) * self.cols()
    }

    fn h(&self, row: usize, col: usize) -> usize {
        row * self.cols() + col
    }

    fn v(&self, row: usize, col: usize) -> usize {
        self.horizontal() + row * (self.cols() + 1) + col
    }

    /// The two dots line `e` joins, the upper or left one first, if `e` is a line.
    pub fn line(&self, e: usize) -> Option<(Dot, Dot)> {
        let dot = |row: usize, col: usize| Dot { row: row as u8, col: col as u8 };
        if e < self.horizontal() {
            let (row, col) = (e / self.cols(), e % self.cols());
            Some((dot(row, col), dot(row, col + 1)))
        } else if e < self.lines() {
            let k = e - self.horizontal();
            let (row, col) = (k / (self.cols() + 1), k % (self.cols() + 1));
            Some((dot(row, col), dot(row + 1, col)))
        } else {
            None
        }
    }

    /// The line joining `a` and `b` (in either order), or `None` if they are not neighbours on
    /// the board.
    pub fn line_between(&self, a: Dot, b: Dot) -> Option<usize> {
        let (a, b) = (a.min(b), a.max(b));
        if b.row > self.rows || b.col > self.cols {
            return None;
        }
        let (row, col) = (a.row as usize, a.col as usize);
        if a.row == b.row && b.col == a.col + 1 {
            Some(self.h(row, col))
        } else if a.col == b.col && b.row == a.row + 1 {
            Some(self.v(row, col))
        } else {
            None
        }
    }

    /// The dot numbered `number` (from 1, row by row), if the board has it.
    pub fn dot(&self, number: usize) -> Option<Dot> {
        let k = number.checked_sub(1).filter(|&k| k < self.dots())?;
        let width = self.cols() + 1;
        Some(Dot { row: (k / width) as u8, col: (k % width) as u8 })
    }

    /// The number of `dot` (from 1, row by row).
    pub fn dot_number(&self, dot: Dot) -> usize {
        dot.row as usize * (self.cols() + 1) + dot.col as usize + 1
    }

    /// Line `e` written as its dots' numbers, e.g. `5-9` (`?` for a number that is no line).
    pub fn line_name(&self, e: usize) -> String {
        match self.line(e) {
            Some((a, b)) => format!("{}-{}", self.dot_number(a), self.dot_number(b)),
            None => "?".to_string(),
        }
    }

    /// The four lines of box `b` (numbered row by row from 0): top, bottom, left, right.
    pub fn box_lines(&self, b: usize) -> [usize; 4] {
        let (row, col) = (b / self.cols(), b % self.cols());
        [self.h(row, col), self.h(row + 1, col), self.v(row, col), self.v(row, col + 1)]
    }

    /// The drawn lines by their dots' numbers (`1-2 2-6`), or `empty`: the notation of the
    /// whole-space commands (see [`crate::solvable`]). Time `O(lines)`.
    pub fn describe(&self, lines: WideLines) -> String {
        let names: Vec<String> =
            (0..self.lines()).filter(|&e| lines >> e & 1 == 1).map(|e| self.line_name(e)).collect();
        if names.is_empty() { "empty".to_string() } else { names.join(" ") }
    }

    /// Drawn lines written as [`WideBoard::describe`] writes them (separated by spaces or
    /// commas; `empty` or nothing for none), each a line of the board given once. Time linear
    /// in the text.
    pub fn parse(&self, text: &str) -> Result<WideLines, String> {
        let text = text.trim();
        if text == "empty" || text.is_empty() {
            return Ok(0);
        }
        let mut lines: WideLines = 0;
        for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            let line = word
                .split_once('-')
                .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
                .and_then(|(a, b)| self.line_between(self.dot(a)?, self.dot(b)?))
                .ok_or_else(|| {
                    format!(
                        "`{word}` is not a line of the {}x{} board (two neighbouring dots numbered 1..={}, e.g. 1-2)",
                        self.rows(),
                        self.cols(),
                        self.dots()
                    )
                })?;
            if lines >> line & 1 == 1 {
                return Err(format!("line {word} is given twice"));
            }
            lines |= 1 << line;
        }
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_boards_number_lines_as_boards_do() {
        for (rows, cols) in [(1, 1), (1, 3), (3, 1), (3, 3), (2, 5), (3, 4), (1, 10)] {
            let board = Board::new(rows, cols).unwrap();
            let wide = WideBoard::from(board);
            assert_eq!(wide, WideBoard::new(rows, cols).unwrap());
            assert_eq!(wide.lines(), board.lines());
            assert_eq!(wide.all_lines(), u64::from(board.all_lines()));
            for e in 0..board.lines() {
                assert_eq!(wide.line(e), Some(board.line(e)));
                assert_eq!(wide.line_name(e), board.line_name(e));
            }
            for b in 0..board.boxes() {
                assert_eq!(wide.box_lines(b), board.box_lines(b / cols, b % cols));
            }
        }
    }

    #[test]
    fn sizes_up_to_64_lines_and_the_notation() {
        assert_eq!(WideBoard::new(4, 4).map(|b| b.lines()), Ok(40));
        assert_eq!(WideBoard::new(4, 5).map(|b| b.lines()), Ok(49));
        assert_eq!(WideBoard::new(5, 5).map(|b| b.lines()), Ok(60));
        assert_eq!(WideBoard::new(1, 21).map(|b| b.all_lines()), Ok(u64::MAX));
        assert_eq!(WideBoard::new(5, 6), Err(WideBoardError::TooLarge { rows: 5, cols: 6, lines: 71 }));
        assert_eq!(WideBoard::new(0, 2), Err(WideBoardError::Empty { rows: 0, cols: 2 }));
        assert!(WideBoard::new(usize::MAX, 2).is_err());
        let board = WideBoard::new(5, 5).unwrap();
        // Dots 1..36; the last line joins 30 and 36 (vertical, bottom right).
        assert_eq!(board.line_name(59), "30-36");
        assert_eq!(board.parse("30-36, 1-2"), Ok(1 << 59 | 1));
        assert_eq!(board.describe(1 << 59 | 1), "1-2 30-36");
        assert_eq!(board.parse(" empty "), Ok(0));
        for bad in ["1-3", "36-37", "1-2 2-1", "x", "1-"] {
            assert!(board.parse(bad).is_err(), "{bad}");
        }
        assert_eq!(board.line(60), None);
        assert_eq!(board.line_name(64), "?");
    }
}
