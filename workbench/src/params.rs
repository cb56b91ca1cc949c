//! The parameters of a space target, declared once ([`Param`]: name, default, range or
//! choices, help) and checked before any work ([`Args::parse`]), with the typed error that
//! names what is wrong ([`ParamError`]).

use std::collections::BTreeMap;

/// What values a parameter takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Number {
        /// The least.
        min: u64,
        /// The largest.
        max: u64,
    },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// Text that `check` accepts (it says why not).
    Text(fn(&str) -> Result<(), String>),
}

/// A parameter of a space target, declared once: `verify`, `stats`, `solve`, the table
/// headers and `--help` all read it from here.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// Its name on the command line (`name=value`).
    pub name: &'static str,
    /// Its value when not given.
    pub default: &'static str,
    /// The values it takes.
    pub kind: Kind,
    /// What it means, a few words.
    pub help: &'static str,
}

impl Param {
    /// A whole number in `min..=max`.
    pub const fn number(name: &'static str, default: &'static str, min: u64, max: u64, help: &'static str) -> Param {
        Param { name, default, kind: Kind::Number { min, max }, help }
    }

    /// One of `choices`.
    pub const fn choice(
        name: &'static str,
        default: &'static str,
        choices: &'static [&'static str],
        help: &'static str,
    ) -> Param {
        Param { name, default, kind: Kind::Choice(choices), help }
    }

    /// Text that `check` accepts.
    pub const fn text(
        name: &'static str,
        default: &'static str,
        check: fn(&str) -> Result<(), String>,
        help: &'static str,
    ) -> Param {
        Param { name, default, kind: Kind::Text(check), help }
    }

    /// `value` if this parameter takes it.
    fn check(&self, value: &str) -> Result<(), ParamError> {
        let name = self.name.to_string();
        match self.kind {
            Kind::Number { min, max } => {
                let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
                match value.parse::<u64>() {
                    Ok(n) if digits && (min..=max).contains(&n) => Ok(()),
                    _ => Err(ParamError::Number { name, value: value.to_string(), min, max }),
                }
            }
            Kind::Choice(choices) if choices.contains(&value) => Ok(()),
            Kind::Choice(choices) => Err(ParamError::Choice { name, value: value.to_string(), choices }),
            Kind::Text(check) => {
                check(value).map_err(|reason| ParamError::Text { name, value: value.to_string(), reason })
            }
        }
    }

    /// `name=default (range): help`, as `--help` lists it.
    pub fn usage(&self) -> String {
        let values = match self.kind {
            Kind::Number { min, max } => format!(" ({min}..={max})"),
            Kind::Choice(choices) => format!(" ({})", choices.join("|")),
            Kind::Text(_) => String::new(),
        };
        format!("{}={}{values}: {}", self.name, self.default, self.help)
    }
}

/// Why parameters were refused, before any work.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// A word that is not `key=value`.
    #[error("expected key=value, found `{0}`")]
    NotKeyValue(String),
    /// A parameter given twice.
    #[error("`{0}` is given twice")]
    Twice(String),
    /// A parameter the target does not take.
    #[error("unknown parameter `{name}`; {}", known_ones(known))]
    Unknown {
        /// What was given.
        name: String,
        /// What the target takes.
        known: Vec<&'static str>,
    },
    /// A number out of its range, or not a number.
    #[error("{name} must be a number in {min}..={max}, found `{value}`")]
    Number {
        /// The parameter.
        name: String,
        /// What was given.
        value: String,
        /// The least it takes.
        min: u64,
        /// The largest it takes.
        max: u64,
    },
    /// A word not among the choices.
    #[error("{name} must be one of {}, found `{value}`", choices.join(", "))]
    Choice {
        /// The parameter.
        name: String,
        /// What was given.
        value: String,
        /// What it takes.
        choices: &'static [&'static str],
    },
    /// Text the parameter does not take.
    #[error("{name} `{value}`: {reason}")]
    Text {
        /// The parameter.
        name: String,
        /// What was given.
        value: String,
        /// Why not.
        reason: String,
    },
}

fn known_ones(known: &[&str]) -> String {
    match known {
        [] => "it takes none".to_string(),
        _ => format!("it takes {}", known.join(", ")),
    }
}

/// Every parameter of a target with its value, defaults filled in, each checked against its
/// declaration: what `open` reads, and what identifies a table's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Args {
    values: BTreeMap<&'static str, String>,
}

impl Args {
    /// `words` (`key=value`) against `params`: every key declared, given once, every value of
    /// its kind; the rest take their defaults.
    ///
    /// Time O(words + params).
    pub fn parse(params: &'static [Param], words: &[String]) -> Result<Args, ParamError> {
        let mut given = BTreeMap::new();
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| ParamError::NotKeyValue(word.clone()))?;
            if given.insert(key.to_string(), value.to_string()).is_some() {
                return Err(ParamError::Twice(key.to_string()));
            }
        }
        Args::from_map(params, &given)
    }

    /// The parameters a table file's header records.
    pub fn from_map(params: &'static [Param], given: &BTreeMap<String, String>) -> Result<Args, ParamError> {
        if let Some(name) = given.keys().find(|k| !params.iter().any(|p| p.name == k.as_str())) {
            return Err(ParamError::Unknown { name: name.clone(), known: params.iter().map(|p| p.name).collect() });
        }
        let mut values = BTreeMap::new();
        for param in params {
            let value = given.get(param.name).map_or(param.default, String::as_str);
            param.check(value)?;
            values.insert(param.name, value.to_string());
        }
        Ok(Args { values })
    }

    /// The number `name` as `T`. Panics if `name` is not a declared number parameter whose
    /// range fits `T`: a mistake in the target's code, which the registry's tests catch.
    pub fn number<T: TryFrom<u64>>(&self, name: &str) -> T {
        let value: u64 = self.text(name).parse().expect("a declared number parameter");
        T::try_from(value).unwrap_or_else(|_| panic!("parameter {name}: its range fits the type it is read as"))
    }

    /// The value of `name`. Panics if `name` is not declared (a mistake in the target's code).
    pub fn text(&self, name: &str) -> &str {
        self.values.get(name).unwrap_or_else(|| panic!("parameter {name} is declared"))
    }

    /// Every parameter and its value, for a table's header.
    pub fn map(&self) -> BTreeMap<String, String> {
        self.values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    /// The parameters as `key=value` words in declared order, e.g. `rows=3 cols=3`.
    pub fn words(&self, params: &[Param]) -> String {
        let words: Vec<String> = params.iter().map(|p| format!("{}={}", p.name, self.text(p.name))).collect();
        words.join(" ")
    }

    /// The same arguments with `name` set to `value` (for a game that writes a value in a
    /// normal form, e.g. an octal code). Panics if `name` is not declared.
    pub fn with(mut self, name: &str, value: String) -> Args {
        let key = *self.values.keys().find(|k| **k == name).unwrap_or_else(|| panic!("parameter {name} is declared"));
        self.values.insert(key, value);
        self
    }
}
