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
//! players P, with K the component of x in P's stones when P's two edges count as nodes (x,
//! the groups of P next to x, the edges of P they touch, the groups of P touching those edges,
//! and so on), every neighbour of y that could carry a chain of P (an empty cell or a stone of
//! P, other than x) is a neighbour of x or of a stone of K, or a stone of K, or touches an edge
//! in K, and every edge of P that y touches is in K. Proof: after playing y, pretend to have
//! played x (y empty) and exchange x and y in an optimal strategy for that position; the final
//! boards differ only on x and y (x is P's in one board, y in the other). A chain of P through
//! y in the board where y is P's runs A ⋯ n1 – y – n2 ⋯ B between P's edges A and B; in the
//! other board x is P's, so n1 and n2 (cells of P, or edges) both lie in x's component there
//! with the edges as nodes, and a path from n1 to n2 in it gives a chain: directly, or, if the
//! path passes through an edge, A ⋯ n1 to B or A to n2 ⋯ B. So a chain of P in one board means a
//! chain of P in the other, which gives the mover a result at least as good (both ways of
//! reading the outcome — "the mover has no chain" and "the opponent has one" — are the same on
//! a full board). The reach through edges covers some of the cells near a player's edge that
//! Solrex prunes with Benzene's Hex domination patterns (not all: those are not proved for Rex).
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
//! *Dead cells by the graph test.* On a full board exactly one player has a chain, so a cell
//! is dead as soon as the existence of a chain of **one** player P does not depend on its
//! colour; that holds if the cell lies in no minimal set S of empty cells such that P's stones
//! plus S contain a chain. Build P's graph: one node per group of P not touching an edge, one
//! node per edge of P merged with the groups touching it, and the empty cells. If an empty cell
//! c has at most one stone-or-edge neighbour node, every empty neighbour of c touches that node,
//! and every two empty neighbours of c are adjacent or touch a common stone-or-edge node, then c
//! is in no minimal S: a chain through c enters and leaves it through two of its neighbours x,
//! y, and x, y are joined without c either directly or through a stone-or-edge node, so S minus
//! c still carries a chain. This finds dead cells the ring test misses (groups count as single
//! nodes, and pockets reached through one cell or two adjacent cells are dead ends).
//!
//! *Fill-in pairs* (the Rex form of Benzene's mutual fill-in and presimplicial pairs, after
//! Young–Hayward 2016). Let a, b be empty cells such that for one colour C a stone of C on a
//! makes b dead and a stone of C on b makes a dead (both found by the ring test on the
//! position with that stone added). Then on every completion, the board with a Black and b
//! White has the same chain owner as the board with a White and b Black: each equals the board
//! with both cells C, as the C stone kills the other cell. Theorem: P has the value of
//! Q = P plus one stone of each colour on {a, b}, whoever moves, and the mover has a winning
//! move outside {a, b} whenever it has one at all. Proof: each player can play Q's optimal
//! strategy in P, answering a move of the opponent on a or b by the other cell of the pair; if
//! only a and b are left, the player to move takes one and the opponent must take the other.
//! Either way the pair ends with one stone of each colour, and the final board has Q's chain
//! owner, so each player secures at least Q's value: value(P) = value(Q). Deadness survives
//! added stones, so the same holds for every child P + m with m outside the pair, whose value
//! is that of Q + m; the moves of Q are the moves of P outside the pair. Disjoint pairs are
//! removed together (apply the theorem one pair at a time), as long as some other move is left.
//! *Filling a pair with one colour* (as Solrex's fill-in does): Q' = P plus a stone of C on
//! both a and b has Q's chain owner on every completion — Q and Q' differ only on b, and the C
//! stone on a makes b dead — and Q' has Q's empty cells and mover, so every statement about Q
//! and its descendants holds for Q'. The solver fills each pair with C (the C stones join C's
//! groups and fill C's carriers, so later steps see more), and one stone of each colour when
//! the two C stones would join C's sides.
//! If a stone of **either** colour on a neighbour makes a cell dead, the cell is dead already.
//! *Iterated fill-in* (as Solrex's fill-in loop): since the moves of Q outside the pairs have
//! the values of P's, the whole analysis may be repeated on Q itself (or on Q'): a dead cell
//! of Q is a best move of P, new fill-in pairs of
//! Q are removed too, and domination is judged on Q. The solver repeats this until no new pair
//! is found (or none would leave a move). *Pairings on the filled board*: Q has P's value with
//! the same player to move and the same parity of empty cells (two cells per pair), so a
//! pairing or pre-pairing found on Q decides P exactly as it would decide Q (the pairing
//! theorem below). Filled stones join groups and fill carriers, so Q shows pairings that P
//! hides (Solrex builds its connections on the filled board too).
//!
//! *Kill domination* (the Rex form of Benzene's vulnerable cells and of Solrex's "opponent
//! dead" backups, after Young–Hayward 2016). If a stone of either colour C on an empty cell p
//! makes an empty cell d dead (d's colour no longer changes the chain owner on any completion),
//! then playing d is at least as good for the mover X as playing p. Proof: after X plays d,
//! imagine X's stone on p and d empty, and follow an optimal strategy for that position,
//! answering "play p" by playing d and mapping the opponent Y's d to p. The final boards agree,
//! or the real one has X on d and Y on p where the imagined one has X on p and Y on d. If C is
//! Y: in the real board Y's p kills d, so it has the owner of the board with Y on both; that
//! board is the imagined one with p turned from X to Y, no worse for X by monotonicity. If C is
//! X: in the imagined board X's p kills d, so it has the owner of the board with X on both; the
//! real board is that one with p turned from X to Y, again no worse for X. The solver finds
//! these pairs with the ring test (the neighbours of p whose ring state, with p coloured, is
//! dead) and, in positions with few empty cells, with the reachability and graph tests run on
//! the position with p coloured; it keeps a move only if no kept move dominates it, by either this rule or the
//! neighbourhood rule above; among moves that dominate one another in a cycle the first in move
//! order is kept, so every removed move has a kept one at least as good. (Each relation is the
//! value order "at least as good as", so combining them is sound.)
//!
//! *Colour symmetry* (the strategy-stealing argument of Winder and Lagarias–Sleator, used by
//! Solrex). On a square board the transposition σ (row ↔ column), and σ after the 180°
//! rotation, map the board onto itself, keep adjacency and exchange the players' edges. Call a
//! position symmetric if White's stones are the image of Black's under one of them. Theorem: in
//! a symmetric position with e empty cells, the mover wins iff e is even. Write X for the mover,
//! Y for the other player; a symmetric position is its own image with the colours (and the
//! mover) exchanged, so the value "the mover wins" is well defined.
//! * e even. Suppose X loses: every move m of X loses, so (applying the mirror) in the position
//!   plus a Y stone on σ(m) with X to move, X wins, by some strategy S. X plays S in the real
//!   game, pretending a Y stone (a *phantom*) sits on σ(m). The real board always equals S's
//!   board minus the phantom cell, which is empty in reality. If Y plays the phantom cell, the
//!   boards agree and X puts a new phantom on an empty cell of S's board (a move of Y there) and
//!   answers by S. S's board has one empty cell less than the real one; as e is even, Y makes
//!   the last real move, and when one real cell is left S's board is full, so Y fills the
//!   phantom cell and the final boards agree: X wins, a contradiction.
//! * e odd. Suppose X wins by a move m; then (mirror) in the position plus a Y stone on σ(m)
//!   with X to move, Y wins by some strategy S. Y plays S in the real game. There is always
//!   exactly one *phantom* cell, empty in reality and occupied on S's board (at first σ(m)).
//!   When X plays the phantom cell, S sees no move, so Y makes one up: an X move on an empty
//!   cell of S's board, the new phantom; S then answers. (A phantom of Y that X fills becomes a
//!   cell that is X's in reality and Y's on S's board.) So the real board equals S's board
//!   except on the phantom cell and on cells that are X's in reality and Y's on S's board. S's
//!   board has one empty cell less, and X makes the last real move, into the phantom cell. By
//!   monotonicity the real final board is at least as good for Y as S's final board, which Y
//!   wins: a contradiction.
//!
//! Hence the solver scores a symmetric position at once; with e even, a move that makes the
//! position symmetric wins at once (e − 1 cells are left to the opponent); with e odd such a
//! move loses and is not searched.
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
