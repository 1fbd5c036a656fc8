//! The Dark Hex solve reports: one JSON object with `--json`, else one line.

use super::common::{print_json, Global};
use jobs::darkhex::cfr::CfrReport;
use jobs::darkhex::double_oracle::{responder_nodes, DoubleOracleReport};
use serde_json::json;
use std::path::PathBuf;

pub(super) fn out_name(out: &Option<PathBuf>) -> String {
    out.as_ref()
        .map_or(String::new(), |o| o.display().to_string())
}

pub(super) fn print_double_oracle(r: &DoubleOracleReport, global: &Global) {
    let ((lower, black), (upper, white)) = (&r.lower, &r.upper);
    let policies = r.policies[0] + r.policies[1];
    if global.json {
        let last = r.last_step.as_ref();
        print_json(&json!({
            "rows": r.rules.rows, "cols": r.rules.cols, "variant": r.rules.variant.name(),
            "algorithm": "double-oracle",
            "oracle": r.oracle.name(),
            "iterations": r.iterations, "seconds": r.seconds,
            "lower": lower.to_f64(), "upper": upper.to_f64(), "gap": r.gap(),
            "lower_exact": lower.to_string(), "upper_exact": upper.to_string(),
            "policies": policies,
            "support": [black.policies.len(), white.policies.len()],
            "converged": r.converged,
            "restricted_value": last.map(|s| s.restricted_value),
            "last_iteration_seconds": last.map(|s| json!({
                "lp": s.seconds[0], "best_responses": s.seconds[1], "playouts": s.seconds[2],
                "pivots": s.pivots, "responder_nodes": responder_nodes(s),
            })),
            "run_seconds": json!({
                "lp": r.phase_seconds[0], "best_responses": r.phase_seconds[1],
                "playouts": r.phase_seconds[2],
            }),
            "out": out_name(&r.out),
        }));
    } else {
        println!(
            "{} {}x{} (double oracle): {} iterations, {:.1} s, {} policies: lower {} ≈ {:.9} upper {} ≈ {:.9} gap {:.3e}{} → {}",
            r.rules.variant, r.rules.rows, r.rules.cols, r.iterations, r.seconds, policies,
            lower, lower.to_f64(), upper, upper.to_f64(), r.gap(),
            if r.converged { " (converged)" } else { "" },
            out_name(&r.out)
        );
    }
}

pub(super) fn print_cfr(r: &CfrReport, global: &Global) {
    let b = r.bracket;
    if global.json {
        print_json(&json!({
            "rows": r.rules.rows, "cols": r.rules.cols, "variant": r.rules.variant.name(),
            "representation": r.representation.name(), "algorithm": r.algorithm.describe(),
            "iterations": r.iterations, "seconds": r.seconds,
            "lower": b.map(|b| b.lower), "upper": b.map(|b| b.upper), "gap": b.map(|b| b.gap),
            "nodes": r.nodes, "infosets": r.infosets,
            "out": out_name(&r.out),
        }));
    } else {
        let bracket = b.map_or("not measured (--no-eval)".to_string(), |b| {
            format!(
                "lower {:.9} upper {:.9} gap {:.3e}",
                b.lower, b.upper, b.gap
            )
        });
        println!(
            "{} {}x{} ({}, {}): {} iterations, {:.1} s: {bracket} → {}",
            r.rules.variant,
            r.rules.rows,
            r.rules.cols,
            r.representation.name(),
            r.algorithm.describe(),
            r.iterations,
            r.seconds,
            out_name(&r.out)
        );
    }
}
