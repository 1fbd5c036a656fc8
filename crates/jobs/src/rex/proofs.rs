//! The solved-position database on disk: a [`ProofStore`] saved as a gzip file.
//!
//! Format (version 1): the 8 magic bytes `GSPROOF1`, one line of JSON (game, board, key
//! fingerprint, producer, number of entries), then per entry the two canonical keys (little
//! endian `u64`s) and one byte (1: the player to move wins), oldest first (the order in which
//! a full store replaces them, [`ProofStore::entries`]; files written before were sorted by
//! key, which reads the same); the whole file is gzip-compressed. Files are written to a temporary name and renamed into place, so a kill
//! never leaves a torn file. A file whose fingerprint differs (another board, or a changed key
//! scheme) is refused with an error that says so.

use exact::ProofStore;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"GSPROOF1";

/// The JSON header of a proofs file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProofsHeader {
    /// `"rex"`.
    pub game: String,
    /// `ROWSxCOLS`.
    pub board: String,
    /// Canonical keys of two fixed positions, in hex: changes with the key scheme.
    pub key_fingerprint: String,
    /// The toolkit that wrote the file.
    pub producer: String,
    /// Number of entries that follow.
    pub entries: u64,
}

/// Errors reading or writing a proofs file.
#[derive(Debug, thiserror::Error)]
pub enum ProofsError {
    /// Input/output failure.
    #[error("{path}: {err}")]
    Io {
        /// The file.
        path: String,
        /// What failed.
        err: std::io::Error,
    },
    /// Not a proofs file, or a damaged one.
    #[error("{path}: not a gsolve proofs file ({why})")]
    Format {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// A proofs file of another board or key scheme.
    #[error(
        "{path}: made for {found} (key fingerprint {found_fp}), this run needs {want} ({want_fp})"
    )]
    Mismatch {
        /// The file.
        path: String,
        /// The file's board.
        found: String,
        /// The file's fingerprint.
        found_fp: String,
        /// This run's board.
        want: String,
        /// This run's fingerprint.
        want_fp: String,
    },
}

/// Write every entry of `store` to `path` (temporary file, then rename).
pub fn save(path: &Path, header: &ProofsHeader, store: &ProofStore) -> Result<u64, ProofsError> {
    let io = |err| ProofsError::Io {
        path: path.display().to_string(),
        err,
    };
    let entries = store.entries();
    let mut h = header.clone();
    h.entries = entries.len() as u64;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let tmp = crate::output::temporary_name(path);
    let written = (|| -> Result<(), ProofsError> {
        let f = std::fs::File::create(&tmp).map_err(io)?;
        let mut z = GzEncoder::new(std::io::BufWriter::new(f), Compression::default());
        z.write_all(MAGIC).map_err(io)?;
        let line = serde_json::to_string(&h).expect("header serialises");
        z.write_all(line.as_bytes()).map_err(io)?;
        z.write_all(b"\n").map_err(io)?;
        for ((k1, k2), r) in &entries {
            z.write_all(&k1.to_le_bytes()).map_err(io)?;
            z.write_all(&k2.to_le_bytes()).map_err(io)?;
            z.write_all(&[*r as u8]).map_err(io)?;
        }
        let w = z.finish().map_err(io)?;
        w.into_inner()
            .map_err(|e| io(e.into_error()))?
            .sync_all()
            .map_err(io)?;
        Ok(())
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    Ok(h.entries)
}

/// Run `work` while a second thread saves `store` to `path` every `every` (the solved-position
/// database of a long solve, so that a kill loses at most `every` of its proofs); the first
/// failed save is returned once the work is done.
pub fn saving_every<R>(
    path: &Path,
    header: &ProofsHeader,
    store: &ProofStore,
    every: std::time::Duration,
    work: impl FnOnce() -> R,
) -> Result<R, ProofsError> {
    // The saver waits on a channel that closes when the work is done: no sleep to sit out.
    let (finished, wait) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|s| {
        let saver = s.spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(every) {
                save(path, header, store)?;
            }
            Ok(())
        });
        let r = work();
        drop(finished);
        saver
            .join()
            .expect("the saver thread does not panic")
            .map(|_: ()| r)
    })
}

/// Read `path` into `store`, checking its board and fingerprint against `want`; returns the
/// number of entries read.
pub fn load(path: &Path, want: &ProofsHeader, store: &ProofStore) -> Result<u64, ProofsError> {
    let name = path.display().to_string();
    let io = |err| ProofsError::Io {
        path: name.clone(),
        err,
    };
    let format = |why: &str| ProofsError::Format {
        path: name.clone(),
        why: why.into(),
    };
    let f = std::fs::File::open(path).map_err(io)?;
    let mut r = BufReader::new(GzDecoder::new(f));
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic)
        .map_err(|_| format("too short or not gzip"))?;
    if &magic != MAGIC {
        return Err(format("bad magic bytes"));
    }
    let mut line = String::new();
    r.read_line(&mut line).map_err(|_| format("bad header"))?;
    let h: ProofsHeader =
        serde_json::from_str(line.trim_end()).map_err(|e| format(&format!("header: {e}")))?;
    if h.game != want.game || h.board != want.board || h.key_fingerprint != want.key_fingerprint {
        return Err(ProofsError::Mismatch {
            path: name.clone(),
            found: format!("{} {}", h.game, h.board),
            found_fp: h.key_fingerprint,
            want: format!("{} {}", want.game, want.board),
            want_fp: want.key_fingerprint.clone(),
        });
    }
    let mut buf = [0u8; 17];
    for _ in 0..h.entries {
        r.read_exact(&mut buf)
            .map_err(|_| format("fewer entries than the header says"))?;
        let k1 = u64::from_le_bytes(buf[0..8].try_into().expect("8 bytes"));
        let k2 = u64::from_le_bytes(buf[8..16].try_into().expect("8 bytes"));
        if buf[16] > 1 {
            return Err(format("bad result byte"));
        }
        store.insert((k1, k2), buf[16] == 1);
    }
    Ok(h.entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> ProofsHeader {
        ProofsHeader {
            game: "rex".into(),
            board: "3x3".into(),
            key_fingerprint: "abc".into(),
            producer: "test".into(),
            entries: 0,
        }
    }

    #[test]
    fn round_trip_and_refusals() {
        let dir = std::env::temp_dir().join(format!("gsolve-proofs-{}", std::process::id()));
        let path = dir.join("p.bin.gz");
        let a = ProofStore::new(0);
        for i in 0..1000u64 {
            a.insert((i * 7, i ^ 0x55), i % 3 == 0);
        }
        assert_eq!(save(&path, &header(), &a).unwrap(), 1000);
        let b = ProofStore::new(0);
        assert_eq!(load(&path, &header(), &b).unwrap(), 1000);
        assert_eq!(a.entries(), b.entries());
        let mut other = header();
        other.board = "4x4".into();
        assert!(matches!(
            load(&path, &other, &ProofStore::new(0)),
            Err(ProofsError::Mismatch { .. })
        ));
        std::fs::write(&path, b"not a proofs file").unwrap();
        assert!(matches!(
            load(&path, &header(), &ProofStore::new(0)),
            Err(ProofsError::Format { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
