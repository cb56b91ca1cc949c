//! Reading judge input: whitespace-separated tokens with their line and column, and errors that
//! point at them.

use std::fmt;
use std::ops::RangeInclusive;

/// Bad judge input: where it is and what is wrong. Its message is shown with the characters a
/// terminal would act on or hide escaped ([`escaped`]), since it quotes the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {}", escaped(message))]
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
/// Tokens are separated by ASCII whitespace. Columns count characters, so a message points at
/// the right place on lines with non-ASCII text. Reading is byte-based and allocation-free on
/// valid input: descriptions of what is expected are only formatted for an error.
///
/// ```
/// use judge::input::Tokens;
/// let mut tokens = Tokens::new("2\n 7 x\n");
/// assert_eq!(tokens.number("the count", 1..=5).unwrap(), 2);
/// assert_eq!(tokens.number(format_args!("value {}", 1), 0..=9).unwrap(), 7);
/// let err = tokens.number::<u32>("a value", 0..=9).unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 4: expected a value (0..=9), found `x`");
/// ```
#[derive(Debug, Clone)]
pub struct Tokens<'a> {
    text: &'a str,
    /// Byte offset of the next unread byte.
    pos: usize,
    line: usize,
    column: usize,
}

impl<'a> Tokens<'a> {
    /// Starts reading `text`.
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens { text, pos: 0, line: 1, column: 1 }
    }

    fn skip_whitespace(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            match b {
                b'\n' => {
                    self.line += 1;
                    self.column = 1;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.column += 1,
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        self.skip_whitespace();
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let (line, column) = (self.line, self.column);
        while let Some(&b) = bytes.get(self.pos) {
            if b.is_ascii_whitespace() || b == 0x0b {
                break;
            }
            // Count characters, not bytes: continuation bytes do not start one.
            self.column += usize::from(b & 0xC0 != 0x80);
            self.pos += 1;
        }
        // Tokens end at ASCII bytes, so both ends are character boundaries.
        (self.pos > start).then(|| Token { text: &self.text[start..self.pos], line, column })
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.text.len()
    }

    /// An error at the current position (the end of the input if nothing is left).
    pub fn error_here(&mut self, message: impl fmt::Display) -> InputError {
        self.skip_whitespace();
        InputError { line: self.line, column: self.column, message: message.to_string() }
    }

    /// The next token, or an error saying that `what` was expected before the end of the input.
    pub fn token(&mut self, what: impl fmt::Display) -> Result<Token<'a>, InputError> {
        match self.next_token() {
            Some(token) => Ok(token),
            None => Err(self.error_here(format_args!("expected {what}, found the end of the input"))),
        }
    }

    /// The next token as a decimal number in `range`, with an error naming `what` otherwise.
    pub fn number<T>(&mut self, what: impl fmt::Display, range: RangeInclusive<T>) -> Result<T, InputError>
    where
        T: Copy + PartialOrd + fmt::Display + TryFrom<i128>,
    {
        let token = self.token(&what)?;
        let value = parse_integer(token.text).and_then(|v| T::try_from(v).ok()).filter(|v| range.contains(v));
        value.ok_or_else(|| {
            let found = shorten(token.text);
            let found = if parse_integer(token.text).is_some() { found } else { format!("`{found}`") };
            token.error(format_args!("expected {what} ({}..={}), found {found}", range.start(), range.end()))
        })
    }

    /// Succeeds if only whitespace is left; otherwise points at the first extra token.
    pub fn expect_end(&mut self, after: &str) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(token.error(format_args!("unexpected `{}` after {after}", shorten(token.text)))),
        }
    }
}

/// A decimal integer with an optional sign, as judges read them (no `_`, no lone sign), or
/// `None` if the text is not one or has more than 30 digits.
fn parse_integer(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        rest => (false, rest),
    };
    if digits.is_empty() || digits.len() > 30 {
        return None;
    }
    let mut value: i128 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value * 10 + (d - b'0') as i128;
    }
    Some(if negative { -value } else { value })
}

/// `text` with every character that a terminal would act on or that cannot be seen written as
/// a visible escape: control characters (`\t`, `\r`, `\n`, `\0`, others as `\u{1b}`), and
/// the invisible or direction-changing ones (no-break and zero-width spaces, the byte-order
/// mark, bidirectional controls, line and paragraph separators) as `\u{..}`. A backslash stays
/// as it is.
///
/// ```
/// use judge::input::escaped;
/// assert_eq!(escaped("ab\u{1b}]0;x\u{7}\u{feff}"), "ab\\u{1b}]0;x\\u{7}\\u{feff}");
/// assert_eq!(escaped("1\t2\u{a0}3"), "1\\t2\\u{a0}3");
/// assert_eq!(escaped("plain text"), "plain text");
/// ```
pub fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{a0}' | '\u{ad}' | '\u{feff}' | '\u{2028}' | '\u{2029}' | '\u{3000}')
            || ('\u{2000}'..='\u{200f}').contains(&c)
            || ('\u{202a}'..='\u{202f}').contains(&c)
            || ('\u{2060}'..='\u{206f}').contains(&c)
    };
    if !text.chars().any(hidden) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\0' => out.push_str("\\0"),
            c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A token cut to a length that fits an error message (24 characters, then `...`).
pub fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(MAX).collect::<String>())
    }
}

/// The most bytes an input may have unless its problem says less
/// ([`Problem::max_input_bytes`](crate::problem::Problem::max_input_bytes)): 1 GiB, above the
/// largest legal input of every problem (loopy-graph's 50,000,000 edges take about 800 MB).
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Why an input could not be read whole.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The system's error.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// More bytes than the problem's largest legal input: not read further.
    #[error(
        "the input is larger than {}, the most a legal input of this problem can be, and was not read further",
        crate::resources::show_bytes(*.0)
    )]
    TooLarge(u64),
    /// More bytes than memory allows (`--max-memory`, the system's): not read further.
    #[error(transparent)]
    OutOfMemory(#[from] crate::resources::OutOfMemory),
    /// Not a regular file (a FIFO, a device or a folder) where only a file is taken.
    #[error("not a regular file (a FIFO, a device or a folder); give a file")]
    NotAFile,
}

/// Reads `reader` to its end, but never more than `limit` bytes (a problem's
/// [`max_input_bytes`](crate::problem::Problem::max_input_bytes)) nor more than the memory
/// limit ([`crate::resources::memory_limit`]): an endless source (`/dev/zero`, a pipe that
/// never ends) is refused once it passes either, without reading on. The size a file claims is
/// not trusted.
pub fn read_bounded(mut reader: impl std::io::Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    let memory = crate::resources::memory_limit();
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        let len = bytes.len() as u64 + n as u64;
        if len > limit {
            return Err(ReadError::TooLarge(limit));
        }
        let out_of_memory = |limit, source_of_limit| crate::resources::OutOfMemory {
            what: "the input".to_string(),
            needed: len,
            limit,
            source_of_limit,
        };
        if let Some((memory, source)) = memory
            && len > memory
        {
            return Err(out_of_memory(memory, source).into());
        }
        bytes.try_reserve(n).map_err(|_| out_of_memory(0, "bytes the allocator could give"))?;
        bytes.extend_from_slice(&chunk[..n]);
    }
}

/// Reads the file at `path` with [`read_bounded`], refusing anything but a regular file
/// ([`ReadError::NotAFile`]) before reading: on Unix it is opened without blocking (a FIFO
/// with no writer would block the open forever), and what was opened is checked, not the name.
pub fn read_file_bounded(path: &std::path::Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(ReadError::NotAFile);
    }
    read_bounded(file, limit)
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

/// How an input lays out its cases, for joining standalone one-case inputs (what
/// [`Problem::split_cases`](crate::problem::Problem::split_cases) returns) back into one input:
/// what [`Problem::join_cases`](crate::problem::Problem::join_cases) needs for most formats.
///
/// ```
/// use judge::input::CaseList;
/// let cases = ["1\n3 4\n".to_string(), "2\n1 1\n0 2\n".to_string()];
/// assert_eq!(CaseList::Counted.join(&cases).unwrap(), "3\n3 4\n1 1\n0 2\n");
/// assert_eq!(CaseList::UntilEnd.join(&cases[..1]).unwrap(), "1\n3 4\n");
/// let ended = ["2\n5 6\n0\n".to_string(), "1\n7\n0\n".to_string()];
/// assert_eq!(CaseList::Terminated("0").join(&ended).unwrap(), "2\n5 6\n1\n7\n0\n");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaseList {
    /// A count of cases first, then the cases.
    Counted,
    /// The cases one after another, up to the end of the input.
    UntilEnd,
    /// The cases, then this token marking the end.
    Terminated(&'static str),
}

impl CaseList {
    /// One input holding every case of `inputs`, in order: for [`CaseList::Counted`] the
    /// counts are added up and each input's text after its count follows; for
    /// [`CaseList::Terminated`] each input's last token, the terminator, is dropped and one
    /// ends the whole. Text only: the caller validates the result (a judge rejects a join of
    /// inputs that were not whole one-case inputs). An error says which input lacks its count
    /// or terminator.
    pub fn join(self, inputs: &[String]) -> Result<String, InputError> {
        let mut body = String::new();
        let mut total: u128 = 0;
        for input in inputs {
            let mut tokens = Tokens::new(input);
            let rest = match self {
                CaseList::Counted => {
                    total += tokens.number::<u128>("the count of cases", 0..=u64::MAX as u128)?;
                    &input[tokens.pos..]
                }
                CaseList::UntilEnd => input.as_str(),
                CaseList::Terminated(end) => {
                    let trimmed = input.trim_end();
                    match trimmed.strip_suffix(end) {
                        Some(rest) if rest.is_empty() || rest.ends_with(|c: char| c.is_ascii_whitespace()) => rest,
                        _ => return Err(tokens.error_here(format_args!("expected the input to end with `{end}`"))),
                    }
                }
            };
            let rest = rest.trim_start_matches([' ', '\t', '\r']);
            let rest = rest.strip_prefix('\n').unwrap_or(rest);
            body += rest;
            if !body.is_empty() && !body.ends_with('\n') {
                body.push('\n');
            }
        }
        Ok(match self {
            CaseList::Counted => format!("{total}\n{body}"),
            CaseList::UntilEnd => body,
            CaseList::Terminated(end) => format!("{body}{end}\n"),
        })
    }
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
    fn control_characters_in_a_token_reach_the_message_escaped() {
        // An OSC sequence that would retitle a terminal, a BOM and a no-break space.
        let mut t = Tokens::new("\u{1b}]0;pwned\u{7} \u{feff}7 1\u{a0}2");
        let e = t.number::<u8>("n", 0..=5).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 1: expected n (0..=5), found `\\u{1b}]0;pwned\\u{7}`");
        let e = t.number::<u8>("n", 0..=5).unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 12: expected n (0..=5), found `\\u{feff}7`");
        let e = t.number::<u8>("n", 0..=5).unwrap_err();
        assert!(e.to_string().ends_with("found `1\\u{a0}2`"), "{e}");
        assert!(!e.to_string().chars().any(|c| c.is_control()));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        // `é` is 2 bytes and `€` 3: the second token starts at character 4, byte 7.
        let mut t = Tokens::new("é€ x");
        t.next_token();
        let e = t.number::<u8>("n", 0..=5).unwrap_err();
        assert_eq!((e.line, e.column), (1, 4));
    }

    #[test]
    fn a_number_has_1_to_30_digits_after_its_sign() {
        let thirty = "9".repeat(30);
        assert_eq!(Tokens::new(&thirty).number::<u128>("n", 0..=u128::MAX).unwrap(), 10u128.pow(30) - 1);
        assert_eq!(Tokens::new("-7").number::<i8>("n", -9..=9).unwrap(), -7);
        assert_eq!(Tokens::new("+7").number::<i8>("n", -9..=9).unwrap(), 7);
        for text in [format!("1{thirty}"), "-".to_string(), "+".to_string(), "1_0".to_string()] {
            let e = Tokens::new(&text).number::<u128>("n", 0..=u128::MAX).unwrap_err();
            assert!(e.message.ends_with(&format!("found `{}`", shorten(&text))), "{text}: {}", e.message);
        }
    }

    #[test]
    fn invisible_and_direction_changing_characters_are_escaped() {
        for c in ['\u{2000}', '\u{200b}', '\u{200f}', '\u{202a}', '\u{202e}', '\u{202f}', '\u{2060}', '\u{206f}'] {
            assert_eq!(escaped(&format!("a{c}b")), format!("a\\u{{{:x}}}b", c as u32));
        }
        // Just outside those ranges: visible, kept.
        for c in ['\u{1fff}', '\u{2010}', '\u{2070}'] {
            assert_eq!(escaped(&format!("a{c}b")), format!("a{c}b"));
        }
    }

    #[test]
    fn joined_cases_end_their_lines_and_need_the_terminator_as_a_token() {
        let inputs = |texts: &[&str]| texts.iter().map(|t| t.to_string()).collect::<Vec<_>>();
        assert_eq!(CaseList::UntilEnd.join(&inputs(&["1 2", "3 4"])).unwrap(), "1 2\n3 4\n");
        // `10` ends with the terminator `0` as text, not as a token.
        let e = CaseList::Terminated("0").join(&inputs(&["1\n10\n"])).unwrap_err();
        assert_eq!(e.message, "expected the input to end with `0`");
        // The text before the terminator is kept as it is, its space included.
        assert_eq!(CaseList::Terminated("0").join(&inputs(&["1\n1 0\n", "0"])).unwrap(), "1\n1 \n0\n");
    }

    #[test]
    fn invalid_utf8_is_located() {
        let e = decode(b"1 2\n3 \xff").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
    }
}
