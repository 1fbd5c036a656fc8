//! Colours: the Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"), whose eight
//! colours stay distinct under protanopia, deuteranopia and tritanopia, and a viridis ramp for
//! heat maps (perceptually uniform, readable in grey and by colour-blind readers).

/// Okabe–Ito orange.
pub const ORANGE: (u8, u8, u8) = (0xE6, 0x9F, 0x00);
/// Okabe–Ito sky blue.
pub const SKY_BLUE: (u8, u8, u8) = (0x56, 0xB4, 0xE9);
/// Okabe–Ito bluish green.
pub const BLUISH_GREEN: (u8, u8, u8) = (0x00, 0x9E, 0x73);
/// Okabe–Ito yellow.
pub const YELLOW: (u8, u8, u8) = (0xF0, 0xE4, 0x42);
/// Okabe–Ito blue.
pub const BLUE: (u8, u8, u8) = (0x00, 0x72, 0xB2);
/// Okabe–Ito vermillion.
pub const VERMILLION: (u8, u8, u8) = (0xD5, 0x5E, 0x00);
/// Okabe–Ito reddish purple.
pub const REDDISH_PURPLE: (u8, u8, u8) = (0xCC, 0x79, 0xA7);
/// A neutral grey for cells that carry no value (open, losing).
pub const GREY: (u8, u8, u8) = (0xD9, 0xD9, 0xD9);

/// `#rrggbb`.
pub fn hex(c: (u8, u8, u8)) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// Viridis at `t` in [0, 1] (linear between nine published stops).
pub fn viridis(t: f64) -> (u8, u8, u8) {
    const STOPS: [(u8, u8, u8); 9] = [
        (0x44, 0x01, 0x54),
        (0x47, 0x2c, 0x7a),
        (0x3b, 0x51, 0x8b),
        (0x2c, 0x71, 0x8e),
        (0x21, 0x90, 0x8d),
        (0x27, 0xad, 0x81),
        (0x5c, 0xc8, 0x63),
        (0xaa, 0xdc, 0x32),
        (0xfd, 0xe7, 0x25),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let x = t * (STOPS.len() - 1) as f64;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Black or white text, whichever reads better on `c` (relative luminance).
pub fn text_on(c: (u8, u8, u8)) -> &'static str {
    let l = 0.2126 * c.0 as f64 + 0.7152 * c.1 as f64 + 0.0722 * c.2 as f64;
    if l > 140.0 {
        "#000000"
    } else {
        "#ffffff"
    }
}
