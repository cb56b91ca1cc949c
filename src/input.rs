//! Reading judge input: whitespace-separated tokens with their line and column, and errors that
//! point at them.

use std::fmt;
use std::ops::RangeInclusive;

/// Bad judge input: where it is and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct InputError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

/// A token of the input and where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's text: a maximal run of non-whitespace characters.
    pub text: &'a str,
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters.
    pub column: usize,
}

impl Token<'_> {
    /// An error pointing at this token.
    pub fn error(&self, message: impl fmt::Display) -> InputError {
        InputError { line: self.line, column: self.column, message: message.to_string() }
    }
}

/// Tokens of a judge input, read one at a time.
///
/// ```
/// use gamesolve::input::Tokens;
/// let mut tokens = Tokens::new("2\n 7 x\n");
/// assert_eq!(tokens.number("the count", 1..=5).unwrap(), 2);
/// assert_eq!(tokens.number("a value", 0..=9).unwrap(), 7);
/// let err = tokens.number::<u32>("a value", 0..=9).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 4: expected a value (0..=9), found `x`");
/// ```
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Tokens<'a> {
    /// Starts reading `text`.
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens { rest: text, line: 1, column: 1 }
    }

    fn skip_whitespace(&mut self) {
        let mut chars = self.rest.char_indices();
        let end = loop {
            match chars.next() {
                Some((_, '\n')) => {
                    self.line += 1;
                    self.column = 1;
                }
                Some((_, c)) if c.is_whitespace() => self.column += 1,
                Some((i, _)) => break i,
                None => break self.rest.len(),
            }
        };
        self.rest = &self.rest[end..];
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_whitespace();
        if self.rest.is_empty() {
            return None;
        }
        let end = self.rest.find(char::is_whitespace).unwrap_or(self.rest.len());
        let token = Token { text: &self.rest[..end], line: self.line, column: self.column };
        self.column += token.text.chars().count();
        self.rest = &self.rest[end..];
        Some(token)
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.rest.is_empty()
    }

    /// An error at the current position (the end of the input if nothing is left).
    pub fn error_here(&mut self, message: impl fmt::Display) -> InputError {
        self.skip_whitespace();
        InputError { line: self.line, column: self.column, message: message.to_string() }
    }

    /// The next token, or an error saying that `what` was expected before the end of the input.
    pub fn token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        self.next_token().ok_or_else(|| self.error_here(format_args!("expected {what}, found the end of the input")))
    }

    /// The next token as a number in `range`, with an error naming `what` otherwise.
    pub fn number<T>(&mut self, what: &str, range: RangeInclusive<T>) -> Result<T, InputError>
    where
        T: Copy + PartialOrd + fmt::Display + TryFrom<i128>,
    {
        let token = self.token(what)?;
        let expected = || format!("expected {what} ({}..={})", range.start(), range.end());
        let value: i128 = parse_integer(token.text)
            .ok_or_else(|| token.error(format_args!("{}, found `{}`", expected(), shorten(token.text))))?;
        T::try_from(value)
            .ok()
            .filter(|v| range.contains(v))
            .ok_or_else(|| token.error(format_args!("{}, found {}", expected(), shorten(token.text))))
    }

    /// Succeeds if only whitespace is left; otherwise points at the first extra token.
    pub fn expect_end(&mut self, after: &str) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(token.error(format_args!("unexpected `{}` after {after}", shorten(token.text)))),
        }
    }
}

/// A decimal integer with an optional sign, as judges read them (no `_`, no `+` alone).
fn parse_integer(text: &str) -> Option<i128> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || digits.len() > 30 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A token cut to a length that fits an error message.
fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(MAX).collect::<String>())
    }
}

/// Decodes judge input bytes as UTF-8, or says where the first invalid byte is.
pub fn decode(bytes: &[u8]) -> Result<&str, InputError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("the prefix is valid UTF-8");
        let line = valid.matches('\n').count() + 1;
        let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        InputError { line, column, message: "the input is not valid UTF-8 text".to_string() }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_point_at_the_offending_token() {
        let mut t = Tokens::new("3 4\n\t 99999999999999999999999 -1\n");
        assert_eq!(t.number::<u8>("n", 0..=5).unwrap(), 3);
        assert_eq!(t.number::<u8>("m", 0..=5).unwrap(), 4);
        let e = t.number::<u32>("a card", 0..=4).unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = t.number::<u32>("a card", 0..=4).unwrap_err();
        assert_eq!((e.line, e.column), (2, 27));
        assert_eq!(e.message, "expected a card (0..=4), found -1");
        let e = t.number::<u32>("a card", 0..=4).unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 1: expected a card, found the end of the input");
    }

    #[test]
    fn end_of_input_and_trailing_tokens() {
        let mut t = Tokens::new("1  \n  ");
        assert_eq!(t.number::<i32>("x", -5..=5).unwrap(), 1);
        assert!(t.at_end());
        assert!(t.expect_end("the last case").is_ok());
        let mut t = Tokens::new("1 zz");
        t.next_token();
        assert_eq!(
            t.expect_end("the last case").unwrap_err().to_string(),
            "line 1, column 3: unexpected `zz` after the last case"
        );
    }

    #[test]
    fn invalid_utf8_is_located() {
        let e = decode(b"1 2\n3 \xff").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
    }
}
