//! Octal codes: the rules of a take-and-break game written as digits `d0.d1d2d3...`.

use std::fmt;
use std::str::FromStr;

/// Bit of a digit `d_k`: removing `k` tokens may take the whole heap (leaving no heap).
pub const TAKE_ALL: u8 = 1;
/// Bit of a digit `d_k`: removing `k` tokens may leave one nonempty heap.
pub const LEAVE_ONE: u8 = 2;
/// Bit of a digit `d_k`: removing `k` tokens may leave two nonempty heaps (split the rest).
pub const LEAVE_TWO: u8 = 4;

/// The most digits after the point a code may have: the largest removal is bounded so that
/// the engines' per-removal buffers stay small.
pub const MAX_REMOVAL: usize = 1 << 16;

/// The rules of an octal game: digit `d_k` (0..=7) says what a move that removes `k` tokens
/// from one heap may leave behind, as a sum of the bits [`TAKE_ALL`] (nothing: the heap had
/// exactly `k` tokens), [`LEAVE_ONE`] (one nonempty heap) and [`LEAVE_TWO`] (two nonempty
/// heaps). A digit 0 forbids removing `k`.
///
/// `d_0` (before the point) is 0 or 4: removing nothing may only split a heap in two, since
/// taking "all of nothing" or leaving the heap as it was is no move. Trailing zero digits are
/// dropped, so equal rules compare equal.
///
/// ```
/// use octal::OctalCode;
/// let kayles: OctalCode = "0.77".parse().unwrap();
/// assert_eq!(kayles.max_removal(), 2);
/// assert_eq!(kayles.digit(2), 7);
/// assert_eq!(".07".parse::<OctalCode>().unwrap().to_string(), "0.07");
/// // hdu2999's rows: remove a block of 2 or 5 consecutive stones anywhere in a row.
/// assert_eq!(OctalCode::from_removals([5, 2, 2]).to_string(), "0.07007");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]` is `d_k`; the last digit is nonzero unless there is only `d_0`.
    digits: Vec<u8>,
}

/// A string that is not an octal code, with the 0-based byte offset of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an octal code at offset {offset}: {message}")]
pub struct CodeError {
    /// Byte offset in the string.
    pub offset: usize,
    /// What is wrong.
    pub message: &'static str,
}

impl OctalCode {
    /// The code with these digits, `digits[k]` being `d_k`.
    ///
    /// # Errors
    /// A digit above 7, a `d_0` other than 0 or 4, or more than [`MAX_REMOVAL`] digits after
    /// the point.
    pub fn from_digits(digits: &[u8]) -> Result<OctalCode, CodeError> {
        if let Some(offset) = digits.iter().position(|&d| d > 7) {
            return Err(CodeError { offset, message: "a digit is at most 7" });
        }
        if digits.first().is_some_and(|&d| d != 0 && d != 4) {
            return Err(CodeError { offset: 0, message: "d0 is 0 or 4 (removing nothing may only split a heap)" });
        }
        let mut digits = if digits.is_empty() { vec![0] } else { digits.to_vec() };
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() > MAX_REMOVAL + 1 {
            return Err(CodeError { offset: MAX_REMOVAL + 1, message: "the largest removal is at most 65536" });
        }
        Ok(OctalCode { digits })
    }

    /// The game on rows of stones where a move removes a block of `k` consecutive stones,
    /// `k` in `removals`: every such `d_k` is 7 (the block may be the whole row, an end, or the
    /// middle). Sizes 0 and above [`MAX_REMOVAL`] are ignored; repeats count once.
    pub fn from_removals(removals: impl IntoIterator<Item = usize>) -> OctalCode {
        let mut digits = vec![0u8];
        for k in removals.into_iter().filter(|&k| (1..=MAX_REMOVAL).contains(&k)) {
            if digits.len() <= k {
                digits.resize(k + 1, 0);
            }
            digits[k] = TAKE_ALL | LEAVE_ONE | LEAVE_TWO;
        }
        OctalCode { digits }
    }

    /// `d_k`: what removing `k` tokens may leave (0 beyond the last digit).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The digits `d_0, d_1, ..., d_t`.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `t`, the largest number of tokens a move may remove (0 if only `d_0` is set or no move
    /// exists). The Guy-Smith periodicity theorem needs it.
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// The removals `k` whose digit has `bit`, in increasing order.
    pub fn removals_with(&self, bit: u8) -> Vec<usize> {
        (0..self.digits.len()).filter(|&k| self.digits[k] & bit != 0).collect()
    }

    /// Whether some move may split a heap in two.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & LEAVE_TWO != 0)
    }
}

impl FromStr for OctalCode {
    type Err = CodeError;

    /// `d0.d1d2...` with `d0` 0 or 4 and optional (`.77` is `0.77`), at least one digit after
    /// the point.
    fn from_str(text: &str) -> Result<OctalCode, CodeError> {
        let bytes = text.as_bytes();
        let point = bytes.iter().position(|&b| b == b'.').ok_or(CodeError { offset: 0, message: "expected `.`" })?;
        let d0 = match &bytes[..point] {
            [] => 0,
            [d @ (b'0' | b'4')] => d - b'0',
            [_] => {
                return Err(CodeError { offset: 0, message: "d0 is 0 or 4 (removing nothing may only split a heap)" });
            }
            _ => return Err(CodeError { offset: 1, message: "expected `.` after the single digit d0" }),
        };
        let after = &bytes[point + 1..];
        if after.is_empty() {
            return Err(CodeError { offset: point + 1, message: "expected a digit after `.`" });
        }
        let mut digits = Vec::with_capacity(after.len() + 1);
        digits.push(d0);
        for (i, &b) in after.iter().enumerate() {
            if !(b'0'..=b'7').contains(&b) {
                return Err(CodeError { offset: point + 1 + i, message: "expected an octal digit 0..7" });
            }
            digits.push(b - b'0');
        }
        // Digit k sits at byte point + k; d0 at byte 0.
        OctalCode::from_digits(&digits)
            .map_err(|e| CodeError { offset: if e.offset == 0 { 0 } else { point + e.offset }, ..e })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return write!(f, "0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OctalCode({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for (text, shown) in [("0.77", "0.77"), (".137", "0.137"), ("4.07", "4.07"), ("0.160", "0.16"), ("0.0", "0.0")]
        {
            assert_eq!(text.parse::<OctalCode>().unwrap().to_string(), shown);
        }
        assert_eq!("0.0".parse::<OctalCode>().unwrap().max_removal(), 0);
        assert_eq!("0.16".parse::<OctalCode>().unwrap().removals_with(LEAVE_TWO), vec![2]);
    }

    #[test]
    fn bad_codes_say_where() {
        let offset = |text: &str| text.parse::<OctalCode>().unwrap_err().offset;
        assert_eq!(offset("077"), 0);
        assert_eq!(offset("0.78"), 3);
        assert_eq!(offset("1.7"), 0);
        assert_eq!(offset("0."), 2);
        assert_eq!(offset("04.7"), 1);
        assert_eq!(
            "2.7".parse::<OctalCode>().unwrap_err().message,
            "d0 is 0 or 4 (removing nothing may only split a heap)"
        );
    }

    #[test]
    fn removal_sets_become_sevens() {
        let code = OctalCode::from_removals([3, 1, 3, 0]);
        assert_eq!(code.digits(), &[0, 7, 0, 7]);
        assert_eq!(OctalCode::from_removals([]).to_string(), "0.0");
    }
}
