//! The board: dots, the lines between neighbouring dots, the boxes they enclose, and how lines
//! are numbered in a bitmask of drawn lines.

use std::fmt::Write;

/// A dot of the grid: row `0..=rows`, column `0..=cols`. Dots are numbered from 1, row by row
/// (on a 3x3 board these are HDU 4753's points 1..16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Dot {
    /// Row, from the top.
    pub row: u8,
    /// Column, from the left.
    pub col: u8,
}

/// Why a board size was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No boxes at all.
    #[error("a board has at least one row and one column of boxes, not {rows}x{cols}")]
    Empty {
        /// Rows of boxes asked for.
        rows: usize,
        /// Columns of boxes asked for.
        cols: usize,
    },
    /// More lines than a bitmask state id can hold.
    #[error("a {rows}x{cols} board has {lines} lines; at most {max} fit a state id", max = Board::MAX_LINES)]
    TooLarge {
        /// Rows of boxes asked for.
        rows: usize,
        /// Columns of boxes asked for.
        cols: usize,
        /// Lines the board would have.
        lines: usize,
    },
}

/// An R x C board of boxes: (R + 1) x (C + 1) dots and R(C + 1) + C(R + 1) lines.
///
/// Lines are numbered horizontal ones first, row by row, then vertical ones, row by row, and
/// a set of drawn lines is a `u32` with bit `e` for line `e`. At most [`Board::MAX_LINES`] lines,
/// so bit 31 is never a line and every set of lines is below `2^31`, a valid state id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u8,
    cols: u8,
}

/// A set of lines as a bitmask (bit `e` for line `e`).
pub type Lines = u32;

impl Board {
    /// The most lines a board may have: 2^31 sets of lines fit below `StateId::LIMIT`.
    pub const MAX_LINES: usize = 31;

    /// The board of `rows` x `cols` boxes, if it has at least one box and at most
    /// [`Board::MAX_LINES`] lines (e.g. 3x3 with 24 lines, 2x5 with 27, 3x4 with 31).
    pub fn new(rows: usize, cols: usize) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty { rows, cols });
        }
        let count = || rows.checked_mul(cols.checked_add(1)?)?.checked_add(cols.checked_mul(rows.checked_add(1)?)?);
        let lines = count().unwrap_or(usize::MAX);
        if lines > Self::MAX_LINES {
            return Err(BoardError::TooLarge { rows, cols, lines });
        }
        Ok(Board { rows: rows as u8, cols: cols as u8 })
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

    /// The set of every line.
    pub fn all_lines(&self) -> Lines {
        ((1u64 << self.lines()) - 1) as Lines
    }

    /// The number of dots.
    pub fn dots(&self) -> usize {
        (self.rows() + 1) * (self.cols() + 1)
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

    /// The two dots line `e` joins, the upper or left one first.
    ///
    /// # Panics
    /// If `e` is not a line of the board.
    pub fn line(&self, e: usize) -> (Dot, Dot) {
        assert!(e < self.lines(), "line {e} of a board with {} lines", self.lines());
        let dot = |row: usize, col: usize| Dot { row: row as u8, col: col as u8 };
        if e < self.horizontal() {
            let (row, col) = (e / self.cols(), e % self.cols());
            (dot(row, col), dot(row, col + 1))
        } else {
            let k = e - self.horizontal();
            let (row, col) = (k / (self.cols() + 1), k % (self.cols() + 1));
            (dot(row, col), dot(row + 1, col))
        }
    }

    /// The line joining `a` and `b` (in either order), or `None` if they are not neighbours on
    /// the board.
    pub fn line_between(&self, a: Dot, b: Dot) -> Option<usize> {
        let (a, b) = (a.min(b), a.max(b));
        let on_board = |d: Dot| d.row <= self.rows && d.col <= self.cols;
        if !on_board(a) || !on_board(b) {
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

    /// Line `e` written as its dots' numbers, e.g. `5-9`.
    pub fn line_name(&self, e: usize) -> String {
        let (a, b) = self.line(e);
        format!("{}-{}", self.dot_number(a), self.dot_number(b))
    }

    /// The four lines of box (`row`, `col`): top, bottom, left, right.
    pub fn box_lines(&self, row: usize, col: usize) -> [usize; 4] {
        [self.h(row, col), self.h(row + 1, col), self.v(row, col), self.v(row, col + 1)]
    }

    /// The lines of box (`row`, `col`) as a set.
    pub fn box_mask(&self, row: usize, col: usize) -> Lines {
        self.box_lines(row, col).iter().fold(0, |m, &e| m | 1 << e)
    }

    /// The boxes line `e` borders: one on the edge of the board, two inside, as (row, col).
    pub fn boxes_of_line(&self, e: usize) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (a, b) = self.line(e);
        let (row, col) = (a.row as usize, a.col as usize);
        let (rows, cols) = (self.rows(), self.cols());
        let (before, after) = if a.row == b.row {
            // Horizontal: the box above and the box below.
            ((row > 0).then(|| (row - 1, col)), (row < rows).then_some((row, col)))
        } else {
            // Vertical: the box to the left and the box to the right.
            ((col > 0).then(|| (row, col - 1)), (col < cols).then_some((row, col)))
        };
        before.into_iter().chain(after)
    }

    /// How many boxes drawing line `e` completes when `drawn` is already drawn (0, 1 or 2).
    pub fn completed_by(&self, drawn: Lines, e: usize) -> u32 {
        self.boxes_completed_by(drawn, e).count() as u32
    }

    /// The boxes, as (row, col), that drawing line `e` completes when `drawn` is already drawn:
    /// those it borders whose other three lines are in `drawn`.
    pub fn boxes_completed_by(&self, drawn: Lines, e: usize) -> impl Iterator<Item = (usize, usize)> + use<> {
        let after = drawn | 1 << e;
        let board = *self;
        self.boxes_of_line(e).filter(move |&(r, c)| after & board.box_mask(r, c) == board.box_mask(r, c))
    }

    /// The line joining the dots numbered `a` and `b` (from 1, row by row, in either order), or
    /// `None` if either is not a dot of the board or they are not neighbours.
    pub fn line_between_numbers(&self, a: usize, b: usize) -> Option<usize> {
        self.line_between(self.dot(a)?, self.dot(b)?)
    }

    /// The board as text: dots by number, `--` and `|` for drawn lines, and inside each box
    /// the character `owner` gives it (a space for none). Lines end without trailing spaces.
    ///
    /// ```
    /// use dots_and_boxes::Board;
    /// let board = Board::new(1, 2).unwrap();
    /// // 1-2, 1-4, 2-5 and 4-5 close the left box.
    /// let drawn = [(1, 2), (1, 4), (2, 5), (4, 5)]
    ///     .iter()
    ///     .map(|&(a, b)| board.line_between(board.dot(a).unwrap(), board.dot(b).unwrap()).unwrap())
    ///     .fold(0, |m, e| m | 1 << e);
    /// let text = board.draw(drawn, |r, c| ((r, c) == (0, 0)).then_some('A')).replace(' ', ".");
    /// assert_eq!(text, ".1.--..2.....3\n.|..A..|\n.4.--..5.....6\n");
    /// ```
    pub fn draw(&self, drawn: Lines, owner: impl Fn(usize, usize) -> Option<char>) -> String {
        let mut out = String::new();
        let is_drawn = |e: usize| drawn >> e & 1 == 1;
        for row in 0..=self.rows() {
            let mut text = String::new();
            for col in 0..=self.cols() {
                let _ = write!(text, "{:>2}", self.dot_number(Dot { row: row as u8, col: col as u8 }));
                if col < self.cols() {
                    text += if is_drawn(self.h(row, col)) { " -- " } else { "    " };
                }
            }
            out += text.trim_end();
            out.push('\n');
            if row == self.rows() {
                break;
            }
            text.clear();
            for col in 0..=self.cols() {
                text += if is_drawn(self.v(row, col)) { " |" } else { "  " };
                if col < self.cols() {
                    let _ = write!(text, "  {} ", owner(row, col).unwrap_or(' '));
                }
            }
            out += text.trim_end();
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_counts_and_numbering_round_trip() {
        for (rows, cols, lines) in [(1, 1, 4), (1, 3, 10), (3, 3, 24), (2, 5, 27), (3, 4, 31), (1, 10, 31)] {
            let board = Board::new(rows, cols).unwrap();
            assert_eq!(board.lines(), lines);
            for e in 0..lines {
                let (a, b) = board.line(e);
                assert_eq!(board.line_between(a, b), Some(e));
                assert_eq!(board.line_between(b, a), Some(e));
                assert_eq!(board.dot(board.dot_number(a)), Some(a));
            }
        }
        assert_eq!(Board::new(4, 4), Err(BoardError::TooLarge { rows: 4, cols: 4, lines: 40 }));
        assert_eq!(Board::new(0, 3), Err(BoardError::Empty { rows: 0, cols: 3 }));
        assert!(Board::new(usize::MAX, usize::MAX).is_err());
    }

    #[test]
    fn hdu_points_and_boxes() {
        let board = Board::new(3, 3).unwrap();
        let line = |a, b| board.line_between(board.dot(a).unwrap(), board.dot(b).unwrap());
        assert_eq!(line(1, 2).map(|e| board.line_name(e)), Some("1-2".to_string()));
        assert_eq!(line(8, 12).map(|e| board.line_name(e)), Some("8-12".to_string()));
        assert_eq!(line(4, 5), None, "4 ends a row and 5 starts the next");
        assert_eq!(line(1, 6), None);
        assert_eq!(line(1, 1), None);
        assert_eq!(board.dot(17), None);
        assert_eq!(board.dot(0), None);
        // The middle box is 6-7-11-10.
        let middle: Vec<usize> =
            [(6, 7), (10, 11), (6, 10), (7, 11)].iter().map(|&(a, b)| line(a, b).unwrap()).collect();
        assert_eq!(board.box_lines(1, 1).to_vec(), middle);
        assert_eq!(board.boxes_of_line(middle[0]).collect::<Vec<_>>(), [(0, 1), (1, 1)]);
        assert_eq!(board.boxes_of_line(line(1, 2).unwrap()).collect::<Vec<_>>(), [(0, 0)]);
    }
}
