//! Stamps the git commit the binary is built from into `gsolve --version` (GSOLVE_COMMIT), so a
//! benchmark table can name the binary it timed rather than the checkout it ran in. Outside a
//! git checkout (a source tarball) the commit is "unknown".
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let text = text.trim();
    (out.status.success() && !text.is_empty()).then(|| text.to_string())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=GSOLVE_COMMIT={commit}");
    // Build again when HEAD moves (a commit, a checkout); other edits do not change the stamp.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        for f in ["HEAD", "packed-refs", "refs/heads"] {
            println!("cargo:rerun-if-changed={dir}/{f}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
