//! Rex (reverse Hex, misère Hex) on rhombus boards of up to 121 cells.
//!
//! # Rules
//! Hex's board, stones and turn order; the player who completes a chain between their own two
//! sides **loses**. Black moves first and owns top and bottom; White owns left and right (the
//! conventions of `bitboard::hex`). There are no draws and no passes. The swap rule is an option
//! ([`RexPosition::with_swap`]): after Black's first stone White may answer `swap`, which
//! replaces that stone by a White stone on the mirror cell (row and column exchanged, as in
//! Benzene's `swap-pieces`), after which Black moves again. Swap needs a square board.
//!
//! # Analysis used by the exact solver
//! Everything that prunes moves is proven in this header and cross-checked by tests that solve
//! the same positions with and without it.
//!
//! *Fill-up equivalence.* A completed chain stays on the board and a full Hex board holds exactly
//! one chain, so the loser of a Rex game is the player whose chain is on the board once every
//! cell is filled: Rex equals the game "fill the board; the player with a chain loses".
//!
//! *Monotonicity.* Turning one of Black's stones White never makes the result worse for Black
//! (and symmetrically): every final board of the new position has a subset of the Black stones,
//! so a Black chain there was one before.
//!
//! *Suicide cells.* A cell that would complete the mover's own chain loses at once; the mover
//! plays one only when every empty cell is such a cell (then the mover has lost). They are found
//! by two flood fills (cells touching both the top-connected and the bottom-connected part).
//!
//! *Forbidden cells* (Lagarias–Sleator's lemma, generalised). A player A with a suicide cell f
//! loses if A makes the last move of the fill-up: the opponent never plays f (there is always
//! another empty cell on the opponent's turn), so f ends up A's and A's chain is on the full
//! board. With two suicide cells A loses whoever moves last: the opponent avoids both, and if A
//! never took one, they are the last two empty cells, on A's turn.
//!
//! *Pairing strategies* (after Hayward–Toft–Henderson 2012 and Solrex's early win detection).
//! Call a player Y *pair-connected* if there are disjoint pairs {a, b} of empty cells such that
//! Y's stones plus any one cell of every pair contain a Y chain. Then Y loses, whoever moves.
//! The opponent X answers Y's move in a pair with the other cell of that pair; otherwise X plays
//! a *free* cell (empty, in no pair, not avoided); when none is left X plays one cell of an
//! untouched pair and from then on *avoids* its partner (never plays it). On X's turn the
//! number of empty cells has the parity fixed by who moves last, so a parity count shows X
//! never needs to break a pair while an avoided cell is still empty: at most one cell is
//! avoided at a time, and every avoided cell ends up Y's. Y therefore ends with one cell of
//! every pair, and Y's chain is on the full board. With one more empty cell f that Y's chain may
//! use (Y's stones plus f plus any cell of every pair contain a chain), the same holds when Y
//! makes the last move: X starts with f avoided (the forbidden-cell lemma is the case of no
//! pairs). Two searches find pairings ([`RexPosition::pairing`]): a greedy one (two empty cells that
//! both touch the same two components — groups of Y, or Y's edges — link them for any choice;
//! linked components merge) and a connection search restricted to pairs ([`pairing`]: Solrex's
//! H-search with the OR rule on two semi-connections, after Young–Hayward 2016), which nests
//! pairs through empty cells and also yields *pre-pairings*: a cell k with Y's stones plus k
//! plus any cell of every pair containing a chain (k is the cell f above).
//!
//! *Own pre-pairing keys.* If the mover has a pre-pairing with key k, playing k makes the mover
//! pair-connected, so k loses whoever moves next; the solver never searches it (the mover has
//! lost if every other cell is such a key or a suicide cell).
//!
//! *Domination.* For the mover, a cell y is at least as good as a cell x if, for one of the
//! players P, every neighbour of y that could carry a chain of P (an empty cell or a stone of P,
//! other than x) is a neighbour of x or in a group of P touching x, and every edge of P that y
//! touches, x or one of those groups touches. Proof: after playing y, pretend to have played x
//! (y empty) and exchange x and y in an optimal strategy for that position; the final boards
//! differ only on x and y, and a chain of P through y in one can be rerouted through x in the
//! other, which gives the mover a result at least as good (both ways of reading the outcome —
//! "the mover has no chain" and "the opponent has one" — are the same on a full board). The
//! solver keeps a cell only if no cell kept before it dominates it.
//!
//! *Dead cells.* An empty cell is dead if its colour can never change who has a chain on the full
//! board. Locally: write its six neighbours in cyclic order (an edge counts as a stone of its
//! owner); if no completion of the empty neighbours has the colours B, W, B, W appearing in cyclic
//! order, then in every final board the Black neighbours form one arc of the ring (so do the
//! White ones), any chain through the cell can go round it, and the cell is dead. Theorem (a
//! stealing argument on the fill-up game with monotonicity): *if an empty cell d is dead, playing
//! d is at least as good for the mover as any other move x.* Proof: after the mover plays d,
//! imagine the mover's stone on x instead and d empty; follow an optimal strategy for that
//! imagined position, answering "play d" by playing x, and mapping the opponent's x to d. The two
//! final boards differ only on x and d; d is dead, and on x the real board carries the opponent's
//! colour or the mover's, never worse for the mover by monotonicity. Hence when a dead cell
//! exists the solver searches that single move; this is the "fill-in in pairs" of the Solrex
//! paper seen from the search (two dead cells are filled, one by each player, without changing
//! the value). Hex's captured-cell fill-in is **not** used: it does not carry over to Rex.
//!
//! *Symmetry.* The 180° rotation maps each player's edges to themselves, so a position and its
//! rotation have the same value. Each position keeps two incremental Zobrist key pairs, one
//! for the board and one for its 180° image (drawn from a seed that includes the board size);
//! the canonical keys are the smaller pair, so a position and its rotation share them.

#![warn(missing_docs)]

pub mod pairing;
mod position;
pub mod report;
pub mod solrex;

pub use position::{
    colour_name, RexError, RexGeometry, RexMove, RexPosition, Stone, PAIR_SEARCH_FROM,
};
