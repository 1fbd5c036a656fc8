//! Drawing a position: plain text and a self-contained SVG.
//!
//! Text: rank 10 on top, one cell per square with the FEN letters (`+` prefix for super pieces,
//! lower case Black, `.` empty, queen modes as a trailing `n`/`c`), the frontier as a line of
//! `=` between ranks 6 and 5. SVG: 48-pixel squares (j1 light), the red frontier line, each
//! piece a disc with its French letters (CT, CF, SD …) and the queen mode under it.

use crate::position::Position;
use crate::types::*;
use bitboard::dola::square;
use std::fmt::Write;

impl Position {
    /// The board as text (see the module header).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for rank in (0..10).rev() {
            let _ = write!(s, "{:>2} ", rank + 1);
            for file in 0..10 {
                let cell = match self.piece_at(square(file, rank)) {
                    None => ".".to_string(),
                    Some(p) => {
                        let mut l = p.kind.piece_type().fen().to_string();
                        if p.color == Color::Black {
                            l = l.to_ascii_lowercase();
                        }
                        match p.kind.mode() {
                            QueenMode::Knight => l.push('n'),
                            QueenMode::Camel => l.push('c'),
                            _ => {}
                        }
                        l
                    }
                };
                let _ = write!(s, "{cell:>4}");
            }
            s.push('\n');
            if rank == 5 {
                s += "   ========================================  frontier\n";
            }
        }
        s += "      a   b   c   d   e   f   g   h   i   j\n";
        let _ = writeln!(
            s,
            "{} to move; FEN {}",
            if self.side == Color::White {
                "White"
            } else {
                "Black"
            },
            self.to_fen()
        );
        s
    }

    /// The board as an SVG document (see the module header).
    pub fn to_svg(&self) -> String {
        const S: u32 = 48;
        const M: u32 = 24;
        let size = 10 * S + 2 * M;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}" font-family="sans-serif">"#
        );
        let _ = writeln!(
            s,
            "<!-- gsolve dola {} position {} -->",
            self.variant.name(),
            self.to_fen()
        );
        let _ = writeln!(
            s,
            r##"<rect width="{size}" height="{size}" fill="#ffffff"/>"##
        );
        for rank in 0..10u32 {
            for file in 0..10u32 {
                let (x, y) = (M + file * S, M + (9 - rank) * S);
                // j1 (file 9, rank 0) is light: light squares have odd file + rank.
                let fill = if (file + rank) % 2 == 1 {
                    "#f0d9b5"
                } else {
                    "#b58863"
                };
                let _ = writeln!(
                    s,
                    r#"<rect x="{x}" y="{y}" width="{S}" height="{S}" fill="{fill}"/>"#
                );
                if let Some(p) = self.piece_at(square(file, rank)) {
                    let (cx, cy) = (x + S / 2, y + S / 2);
                    let (bg, fg) = if p.color == Color::White {
                        ("#ffffff", "#000000")
                    } else {
                        ("#202020", "#ffffff")
                    };
                    let _ = writeln!(
                        s,
                        r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="{bg}" stroke="#000000" stroke-width="1.5"/>"##,
                        S / 2 - 4
                    );
                    let label = p.kind.piece_type().french();
                    let _ = writeln!(
                        s,
                        r#"<text x="{cx}" y="{}" text-anchor="middle" font-size="15" font-weight="bold" fill="{fg}">{label}</text>"#,
                        cy + 5
                    );
                    let mode = match p.kind.mode() {
                        QueenMode::Knight => "+CT",
                        QueenMode::Camel => "+CF",
                        QueenMode::Both => "+CA",
                        QueenMode::None => "",
                    };
                    if !mode.is_empty() {
                        let _ = writeln!(
                            s,
                            r#"<text x="{cx}" y="{}" text-anchor="middle" font-size="9" fill="{fg}">{mode}</text>"#,
                            cy + 16
                        );
                    }
                }
            }
        }
        let fy = M + 5 * S;
        let _ = writeln!(
            s,
            r##"<line x1="{M}" y1="{fy}" x2="{}" y2="{fy}" stroke="#d00000" stroke-width="4"/>"##,
            M + 10 * S
        );
        for i in 0..10u32 {
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" text-anchor="middle" font-size="12">{}</text>"#,
                M + i * S + S / 2,
                size - 6,
                (b'a' + i as u8) as char
            );
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" text-anchor="middle" font-size="12">{}</text>"#,
                M / 2,
                M + (9 - i) * S + S / 2 + 4,
                i + 1
            );
        }
        s += "</svg>\n";
        s
    }
}
