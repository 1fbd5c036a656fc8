//! One module per subcommand; each owns its clap arguments and its `run`.

pub mod balance;
pub mod bench;
pub mod coins;
pub mod common;
pub mod darkhex;
mod darkhex_count;
pub mod darkhex_play;
mod darkhex_print;
mod darkhex_table;
pub mod dola;
pub mod gtp;
pub mod hexecs;
pub mod human;
pub mod merge;
pub mod perft_file;
pub mod play_shard;
pub mod report;
pub mod rex;
pub mod rex_map;
pub mod search;
pub mod uci;
