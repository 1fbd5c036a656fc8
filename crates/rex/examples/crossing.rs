//! Development experiment: the exact exchange-domination relation ("y is at least as good as x
//! for the mover unless a Black chain and a White chain, both through y, both avoiding x, share
//! only y") on one position, found by path enumeration: `crossing ROWSxCOLS MOVES`.
use game::Player;
use rex::RexPosition;

struct Ctx<'a> {
    pos: &'a RexPosition<u64>,
    budget: u64,
}

impl Ctx<'_> {
    fn nb(&self, c: u32) -> u64 {
        self.pos.hex().neighbours(c)
    }
    fn flood(&self, seeds: u64, within: u64) -> u64 {
        self.pos.hex().flood(seeds, within)
    }
    /// Induced paths from edge `a` to edge `b` inside `allowed` through `y`; calls `f` with the
    /// path's cell set; stops when `f` returns true.
    fn paths(
        &mut self,
        a: u64,
        b: u64,
        allowed: u64,
        y: u32,
        f: &mut dyn FnMut(&mut Self, u64) -> bool,
    ) -> bool {
        let starts = a & allowed;
        for s in bits(starts) {
            if self.extend(a, b, allowed, y, 1 << s, s, 0, f) {
                return true;
            }
        }
        false
    }
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        a: u64,
        b: u64,
        allowed: u64,
        y: u32,
        path: u64,
        last: u32,
        banned: u64,
        f: &mut dyn FnMut(&mut Self, u64) -> bool,
    ) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        if b >> last & 1 == 1 {
            return path >> y & 1 == 1 && f(self, path);
        }
        // Future cells: allowed, not on the path, not next to an earlier path cell, not on a.
        let region = allowed & !path & !banned & !a;
        let reach = self.flood(self.nb(last) & region, region);
        if reach & b == 0 || (path >> y & 1 == 0 && reach >> y & 1 == 0) {
            return false;
        }
        let next_banned = banned | self.nb(last) | (1 << last);
        for c in bits(self.nb(last) & region) {
            if self.extend(
                a,
                b,
                allowed,
                y,
                path | 1 << c,
                c,
                next_banned & !(1 << c),
                f,
            ) {
                return true;
            }
        }
        false
    }
    /// A crossing through y avoiding `avoid`: (Black path, White path) cell sets.
    fn crossing(&mut self, y: u32, avoid: u64) -> Option<u64> {
        let hex = self.pos.hex();
        let empty = self.pos.empty() & !avoid;
        let black = (self.pos.stones(Player::First) | empty) | 1 << y;
        let white = self.pos.stones(Player::Second) | empty | 1 << y;
        let (top, bottom, left, right) = (hex.top(), hex.bottom(), hex.left(), hex.right());
        let mut found = None;
        self.paths(top, bottom, black, y, &mut |ctx, bpath| {
            let wallowed = white & !(bpath & !(1 << y));
            ctx.paths(left, right, wallowed, y, &mut |_, wpath| {
                found = Some(bpath | wpath);
                true
            })
        });
        found
    }
}

fn bits(mut s: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if s == 0 {
            None
        } else {
            let i = s.trailing_zeros();
            s &= s - 1;
            Some(i)
        }
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (r, c) = args[0].split_once('x').expect("ROWSxCOLS");
    let mut pos = RexPosition::<u64>::new(r.parse().unwrap(), c.parse().unwrap()).unwrap();
    if let Some(list) = args.get(1) {
        pos.play_list(list).unwrap();
    }
    let empty = pos.empty();
    let name = |c: u32| pos.hex().name(c);
    let mut dominated = 0u64;
    let mut ctx = Ctx {
        pos: &pos,
        budget: u64::MAX,
    };
    for y in bits(empty) {
        ctx.budget = 50_000_000;
        let Some(first) = ctx.crossing(y, 0) else {
            println!("{}: dead (no crossing)", name(y));
            continue;
        };
        let mut cand = first & empty & !(1 << y);
        let mut d = 0u64;
        while cand != 0 {
            let x = cand.trailing_zeros();
            cand &= cand - 1;
            ctx.budget = 50_000_000;
            match ctx.crossing(y, 1 << x) {
                Some(other) => cand &= other,
                None if ctx.budget == 0 => println!("{} vs {}: budget", name(y), name(x)),
                None => d |= 1 << x,
            }
        }
        dominated |= d;
        let names: Vec<String> = bits(d).map(name).collect();
        println!("{} >= {}", name(y), names.join(" "));
    }
    let names: Vec<String> = bits(dominated).map(name).collect();
    println!(
        "dominated by something ({}): {}",
        dominated.count_ones(),
        names.join(" ")
    );
}
