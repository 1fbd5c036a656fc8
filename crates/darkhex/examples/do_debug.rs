use darkhex::double_oracle::DoubleOracle;
use darkhex::{Rules, Variant};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let v: Variant = a[3].parse().unwrap();
    let stop: u64 = a[5].parse().unwrap_or(0);
    let mut d = DoubleOracle::new(Rules { rows: a[1].parse().unwrap(), cols: a[2].parse().unwrap(), variant: v, announce_touch: false }).unwrap();
    for _ in 0..a[4].parse::<usize>().unwrap() {
        let lp = d.solve_restricted();
        if d.iterations() + 1 == stop {
            let m = d.payoff();
            let s: Vec<String> = m.iter().map(|r| r.iter().map(|x| x.to_string()).collect::<String>()).collect();
            std::fs::write("/tmp/dh/matrix.txt", s.join("\n")).unwrap();
        }
        let s = d.step();
        println!("{} v={:.6} rg={:.6} cg={:.6} piv {} lo={:.6} up={:.6} best [{:.6},{:.6}] added {:?} sup {:?} nodes {} secs {:?}", s.iteration, s.restricted_value, lp.row_guarantee, lp.col_guarantee, lp.pivots, s.lower.to_f64(), s.upper.to_f64(), s.best_lower.to_f64(), s.best_upper.to_f64(), s.added, s.support, s.responder_nodes, s.seconds);
        if s.added == [false,false] { break; }
    }
}
