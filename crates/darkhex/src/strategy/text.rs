//! Reading the text export back (`B|W HISTORY cell:prob …` lines under a `# board` header),
//! so strategies written by other tools (OpenSpiel policies converted by
//! `scripts/openspiel_eval.py import`) are evaluated by the exact best response.

use super::{
    replay_history, Entry, Representation, StrategyError, StrategyFile, StrategyHeader,
    FORMAT_VERSION, STRATEGY_MAGIC,
};
use crate::rules::{DarkHex, Rules, Variant};
use bitboard::BitWord;

/// Probabilities of one information set may sum to 1 ± this before they are normalised
/// (the text export rounds each to six decimals).
const SUM_TOLERANCE: f64 = 1e-4;

impl StrategyFile {
    /// Parse the text export of a perfect-recall (`History`) strategy: the `# board` header
    /// line, then one line per information set; a legal probe a line does not name has
    /// probability 0, and each line's probabilities are normalised. The result is validated
    /// like a binary strategy file.
    pub fn from_text(text: &str) -> Result<StrategyFile, StrategyError> {
        let mut header: Option<StrategyHeader> = None;
        let mut entries = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = |what: String| StrategyError::Corrupt(format!("line {}: {what}", n + 1));
            match words.first() {
                None => continue,
                Some(&"#") => {
                    if words.get(1) == Some(&"board") {
                        header = Some(parse_header(&words[1..]).map_err(bad)?);
                    }
                    continue;
                }
                Some(_) => {}
            }
            let h = header
                .as_ref()
                .ok_or_else(|| bad("an information set before the '# board' header".into()))?;
            let game = DarkHex::new(h.rules).map_err(|e| bad(e.to_string()))?;
            entries.push(parse_entry(&game, &words).map_err(bad)?);
        }
        let header = header.ok_or_else(|| {
            StrategyError::Corrupt("no '# board ROWSxCOLS variant …' header line".into())
        })?;
        entries.sort_by_key(|e| (e.player, e.key));
        if entries
            .windows(2)
            .any(|w| (w[0].player, w[0].key) == (w[1].player, w[1].key))
        {
            return Err(StrategyError::Corrupt(
                "an information set listed twice".into(),
            ));
        }
        // The binary reader's checks: possible histories, one probability per legal probe.
        StrategyFile::from_bytes(&StrategyFile { header, entries }.to_bytes())
    }
}

/// `board RxC variant V [announce_touch B] representation history [algorithm A] …`.
fn parse_header(words: &[&str]) -> Result<StrategyHeader, String> {
    let field = |name: &str| {
        words
            .iter()
            .position(|w| *w == name)
            .and_then(|i| words.get(i + 1).copied())
    };
    let board = field("board").ok_or("no board")?;
    let (rows, cols) = bitboard::hex::parse_size(board).map_err(|e| e.to_string())?;
    let variant: Variant = field("variant")
        .ok_or("no variant")?
        .parse()
        .map_err(|e: crate::rules::DarkHexError| e.to_string())?;
    let announce_touch = match field("announce_touch").unwrap_or("false") {
        "true" => true,
        "false" => false,
        other => return Err(format!("announce_touch {other:?} (true or false)")),
    };
    if field("representation") != Some("history") {
        return Err(
            "only the perfect-recall representation (`representation history`) is read from text"
                .into(),
        );
    }
    Ok(StrategyHeader {
        magic: STRATEGY_MAGIC,
        version: FORMAT_VERSION,
        game: "darkhex".into(),
        rules: Rules {
            rows,
            cols,
            variant,
            announce_touch,
        },
        representation: Representation::History,
        algorithm: field("algorithm").unwrap_or("imported").to_string(),
        iterations: field("iterations")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
        seed: field("seed").and_then(|s| s.parse().ok()).unwrap_or(0),
        toolkit: field("toolkit").unwrap_or("unknown").to_string(),
        command: "text import".into(),
        bracket: (f64::NAN, f64::NAN),
    })
}

/// `B|W HISTORY cell:prob …`.
fn parse_entry(game: &DarkHex, words: &[&str]) -> Result<Entry, String> {
    let player = match words[0] {
        "B" => 0u8,
        "W" => 1u8,
        other => return Err(format!("player {other:?} (B or W)")),
    };
    let text = words.get(1).ok_or("no history")?;
    let key: u128 = text
        .parse()
        .map_err(|_| format!("history {text:?} is not a number"))?;
    let (own, known) = replay_history(game, player, key)?;
    let legal: Vec<u32> = (game.all() & !(own | known)).iter().collect();
    let mut probs = vec![0.0; legal.len()];
    for item in &words[2..] {
        let (cell, p) = item
            .split_once(':')
            .ok_or_else(|| format!("{item:?} is not cell:probability"))?;
        let c = game
            .geometry()
            .parse_cell(cell)
            .map_err(|e| e.to_string())?;
        let i = legal
            .iter()
            .position(|&l| l == c)
            .ok_or_else(|| format!("{cell} is not a legal probe after history {key}"))?;
        let p: f64 = p.parse().map_err(|_| format!("probability {p:?}"))?;
        if !p.is_finite() || p < 0.0 {
            return Err(format!("probability {p} of {cell}"));
        }
        probs[i] += p;
    }
    let sum: f64 = probs.iter().sum();
    if (sum - 1.0).abs() > SUM_TOLERANCE {
        return Err(format!("probabilities sum to {sum}"));
    }
    probs.iter_mut().for_each(|p| *p /= sum);
    Ok(Entry { player, key, probs })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A strategy read back from its own text export has the same entries (to the export's
    /// six decimals) and header fields; malformed texts are refused.
    #[test]
    fn text_export_reads_back() {
        let words = [
            "board",
            "2x2",
            "variant",
            "abrupt",
            "representation",
            "history",
        ];
        let entry = |player, key, probs: &[f64]| Entry {
            player,
            key,
            probs: probs.to_vec(),
        };
        let f = StrategyFile {
            header: parse_header(&words).unwrap(),
            // Black's first probe, Black after a1 placed (history (0 + 1) << 1 | 1), White's
            // first probe.
            entries: vec![
                entry(0, 0, &[0.1, 0.2, 0.3, 0.4]),
                entry(0, 3, &[0.5, 0.25, 0.25]),
                entry(1, 0, &[1.0, 0.0, 0.0, 0.0]),
            ],
        };
        let f = StrategyFile::from_bytes(&f.to_bytes()).expect("a valid strategy");
        let back = StrategyFile::from_text(&f.to_text()).unwrap();
        assert_eq!(back.header.rules, f.header.rules);
        assert_eq!(back.entries.len(), f.entries.len());
        for (a, b) in back.entries.iter().zip(&f.entries) {
            assert_eq!((a.player, a.key), (b.player, b.key));
            for (x, y) in a.probs.iter().zip(&b.probs) {
                assert!((x - y).abs() < 1e-5, "{x} {y}");
            }
        }
        let head = "# board 2x2 variant abrupt representation history\n";
        for bad in [
            "B 0 a1:1\n".to_string(),
            "# board 2x2 variant abrupt representation view\n".to_string(),
            format!("{head}B 0 a1:0.5\n"),
            format!("{head}B 0 z9:1\n"),
            format!("{head}B 99999 a1:1\n"),
            format!("{head}B 0 a1:1\nB 0 a1:1\n"),
            format!("{head}X 0 a1:1\n"),
        ] {
            assert!(StrategyFile::from_text(&bad).is_err(), "{bad:?}");
        }
    }
}
