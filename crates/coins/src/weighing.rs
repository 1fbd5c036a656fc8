//! Concrete weighings, hypotheses and outcomes, with their text form.
//!
//! Text form of a weighing: the coins on the left pan, `|`, the coins on the right pan, coins
//! as decimal labels `1..=N` separated by spaces and the reference coin as `ref`; for example
//! `1 2 3 4 | 5 6 7 8` or `9 10 11 | 1 2 ref`. An empty pan is allowed in the text (the checker,
//! not the parser, decides legality).

use crate::CoinsError;
use std::fmt;

/// One pan of the balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pan {
    /// The left pan.
    Left,
    /// The right pan.
    Right,
}

/// The result of one weighing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Both pans weigh the same.
    Balance = 0,
    /// The left pan is heavier (goes down).
    Left = 1,
    /// The right pan is heavier (goes down).
    Right = 2,
}

impl Outcome {
    /// All outcomes, in child order.
    pub const ALL: [Outcome; 3] = [Outcome::Balance, Outcome::Left, Outcome::Right];

    /// Short symbol used in printed trees: `=`, `left`, `right`.
    pub fn symbol(self) -> &'static str {
        match self {
            Outcome::Balance => "=",
            Outcome::Left => "left",
            Outcome::Right => "right",
        }
    }
}

/// One hypothesis: which coin is counterfeit and whether it is heavy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Hypothesis {
    /// The counterfeit coin, `1..=N`.
    pub coin: u16,
    /// `true` heavy, `false` light.
    pub heavy: bool,
}

impl fmt::Display for Hypothesis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            self.coin,
            if self.heavy { "heavy" } else { "light" }
        )
    }
}

/// One weighing with concrete coins.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub struct Weighing {
    /// Coins on the left pan (labels `1..=N`).
    pub left: Vec<u16>,
    /// Coins on the right pan.
    pub right: Vec<u16>,
    /// Where the reference coin stands, if it is used.
    pub reference: Option<Pan>,
}

impl Weighing {
    /// Number of coins on a pan, the reference coin included.
    pub fn pan_size(&self, pan: Pan) -> usize {
        let (coins, this) = match pan {
            Pan::Left => (&self.left, Pan::Left),
            Pan::Right => (&self.right, Pan::Right),
        };
        coins.len() + usize::from(self.reference == Some(this))
    }

    /// The outcome if `h` is the truth (assumes the coins of the two pans are disjoint).
    pub fn outcome(&self, h: Hypothesis) -> Outcome {
        let down = if self.left.contains(&h.coin) {
            Pan::Left
        } else if self.right.contains(&h.coin) {
            Pan::Right
        } else {
            return Outcome::Balance;
        };
        match (down, h.heavy) {
            (Pan::Left, true) | (Pan::Right, false) => Outcome::Left,
            _ => Outcome::Right,
        }
    }

    /// Read the text form (see the module doc); coin labels must lie in `1..=coins`.
    pub fn parse(text: &str, coins: u16) -> Result<Self, CoinsError> {
        let err = |reason: String| CoinsError::Parse {
            text: text.to_string(),
            reason,
        };
        let mut parts = text.split('|');
        let (Some(left), Some(right), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(err("expected exactly one '|' between the two pans".into()));
        };
        let mut w = Weighing::default();
        for (pan, side) in [(left, Pan::Left), (right, Pan::Right)] {
            for token in pan.split_whitespace() {
                if token == "ref" {
                    if w.reference.is_some() {
                        return Err(err("the reference coin 'ref' appears twice".into()));
                    }
                    w.reference = Some(side);
                    continue;
                }
                let coin: u16 = token.parse().map_err(|_| {
                    err(format!(
                        "{token:?} is not a coin label (expected 1..={coins} or 'ref')"
                    ))
                })?;
                if coin == 0 || coin > coins {
                    return Err(err(format!(
                        "coin {coin} is out of range (expected 1..={coins})"
                    )));
                }
                match side {
                    Pan::Left => w.left.push(coin),
                    Pan::Right => w.right.push(coin),
                }
            }
        }
        Ok(w)
    }
}

impl fmt::Display for Weighing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pan = |coins: &[u16], with_ref: bool| {
            let mut items: Vec<String> = coins.iter().map(u16::to_string).collect();
            if with_ref {
                items.push("ref".into());
            }
            items.join(" ")
        };
        let l = pan(&self.left, self.reference == Some(Pan::Left));
        let r = pan(&self.right, self.reference == Some(Pan::Right));
        match (l.is_empty(), r.is_empty()) {
            (true, true) => write!(f, "|"),
            (true, false) => write!(f, "| {r}"),
            (false, true) => write!(f, "{l} |"),
            (false, false) => write!(f, "{l} | {r}"),
        }
    }
}
