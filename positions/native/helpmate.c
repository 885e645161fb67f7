/* Every line to a fixed depth, in C: is there a helpmate by one side within N plies?
 *
 * The same search as positions/helpmate.py (iterative deepening, a transposition table of
 * positions known to lead to no mate within so many plies, the same sure pruning), with its
 * own move generator, a hundred times faster than the Python one, so that every line of ten
 * plies and more is searched before any guided search. positions/helpmate.py calls it and
 * keeps the Python search for a machine where this module could not be built; the test suite
 * runs both on the same positions and compares them, and compares the move generator with
 * python-chess's (perft).
 *
 * Squares are numbered as in python-chess (a1 = 0, h8 = 63); colours too (white = 1).
 * A man is coded as its type (1 pawn .. 6 king) plus 8 for white; 0 is an empty square.
 * Standard chess only: castling with the king on e1/e8 and the rooks in the corners.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

enum { EMPTY = 0, PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6 };
enum { BLACK = 0, WHITE = 1 };
#define CODE(color, type) ((type) | ((color) ? 8 : 0))
#define TYPE(code) ((code) & 7)
#define COLOR(code) (((code) >> 3) & 1)
#define SQ(file, rank) ((rank) * 8 + (file))
#define FILE_OF(sq) ((sq) & 7)
#define RANK_OF(sq) ((sq) >> 3)
#define BIT(sq) (1ULL << (sq))
#define NEVER 99
#define DEAD (1 << 20)
#define MAX_PLY 64

static u64 KNIGHT_ATTACKS[64], KING_ATTACKS[64], PAWN_ATTACKS[2][64];
static int8_t RAYS[8][64][8]; /* squares along each direction, -1 after the last */
static const int DIRECTIONS[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static u64 BETWEEN[64][64]; /* squares strictly between two squares on a line, else 0 */
static u64 LINES[2][64];     /* [straight 0, diagonal 1]: squares a slider there would attack on an empty board */
static uint8_t KNIGHT_DISTANCE[64][64];
static uint8_t CHECK_COST[2][64][64][8]; /* [knight 0, bishop 1][source][king][radius] */
static u64 LIGHT_SQUARES;

typedef struct {
    uint8_t from, to, promotion, flags; /* flags: 1 en passant, 2 castling */
} Move;

typedef struct {
    uint8_t board[64];
    u64 occupied[2];
    u64 pieces[2][7];
    int king[2];
    int turn;
    u64 castling; /* rook squares that keep their castling right */
    int ep;       /* en passant target square, or -1 */
    u64 packed[4]; /* the board, four bits a square: the key of the transposition table */
} Position;

typedef struct {
    uint8_t captured, captured_square, moved;
    u64 castling;
    int ep;
} Undo;

typedef struct {
    u64 packed[4];
    uint32_t meta; /* turn, castling, en passant: see meta_of */
    int32_t known; /* no mate within this many plies (DEAD: none at all); 0: empty slot */
} Entry;

typedef struct {
    Position pos;
    int color;
    long long nodes, budget;
    int spent, cut;
    Entry *table;
    size_t mask, used, max_entries;
    Move line[MAX_PLY];
    int line_length;
} Search;

/* ------------------------------------------------------------------ tables */

static int on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

static int square_distance(int a, int b) {
    int df = abs(FILE_OF(a) - FILE_OF(b)), dr = abs(RANK_OF(a) - RANK_OF(b));
    return df > dr ? df : dr;
}

static void init_tables(void) {
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int sq = 0; sq < 64; sq++) {
        int f = FILE_OF(sq), r = RANK_OF(sq);
        if ((f + r) % 2 == 1) LIGHT_SQUARES |= BIT(sq);
        KNIGHT_ATTACKS[sq] = KING_ATTACKS[sq] = 0;
        for (int i = 0; i < 8; i++) {
            if (on_board(f + knight[i][0], r + knight[i][1])) KNIGHT_ATTACKS[sq] |= BIT(SQ(f + knight[i][0], r + knight[i][1]));
            if (on_board(f + DIRECTIONS[i][0], r + DIRECTIONS[i][1]))
                KING_ATTACKS[sq] |= BIT(SQ(f + DIRECTIONS[i][0], r + DIRECTIONS[i][1]));
        }
        PAWN_ATTACKS[WHITE][sq] = PAWN_ATTACKS[BLACK][sq] = 0;
        for (int df = -1; df <= 1; df += 2) {
            if (on_board(f + df, r + 1)) PAWN_ATTACKS[WHITE][sq] |= BIT(SQ(f + df, r + 1));
            if (on_board(f + df, r - 1)) PAWN_ATTACKS[BLACK][sq] |= BIT(SQ(f + df, r - 1));
        }
        for (int d = 0; d < 8; d++) {
            int n = 0, ff = f + DIRECTIONS[d][0], rr = r + DIRECTIONS[d][1];
            while (on_board(ff, rr)) {
                RAYS[d][sq][n++] = (int8_t)SQ(ff, rr);
                ff += DIRECTIONS[d][0];
                rr += DIRECTIONS[d][1];
            }
            while (n < 8) RAYS[d][sq][n++] = -1;
        }
    }
    for (int sq = 0; sq < 64; sq++) {
        LINES[0][sq] = LINES[1][sq] = 0;
        for (int d = 0; d < 8; d++) {
            u64 passed = 0;
            for (int i = 0; i < 8 && RAYS[d][sq][i] >= 0; i++) {
                int t = RAYS[d][sq][i];
                LINES[d < 4 ? 0 : 1][sq] |= BIT(t);
                BETWEEN[sq][t] = passed;
                passed |= BIT(t);
            }
        }
    }
    for (int source = 0; source < 64; source++) {
        for (int t = 0; t < 64; t++) KNIGHT_DISTANCE[source][t] = NEVER;
        KNIGHT_DISTANCE[source][source] = 0;
        int frontier[64], count = 1, distance = 0;
        frontier[0] = source;
        while (count) {
            int following[64], next_count = 0;
            distance++;
            for (int i = 0; i < count; i++) {
                u64 targets = KNIGHT_ATTACKS[frontier[i]];
                while (targets) {
                    int t = __builtin_ctzll(targets);
                    targets &= targets - 1;
                    if (KNIGHT_DISTANCE[source][t] == NEVER) {
                        KNIGHT_DISTANCE[source][t] = (uint8_t)distance;
                        following[next_count++] = t;
                    }
                }
            }
            memcpy(frontier, following, sizeof(int) * (size_t)next_count);
            count = next_count;
        }
    }
    /* Fewest moves for a knight or bishop on source to attack some square within radius king
     * steps of king, on an empty board (positions/helpmate.py: _check_cost). */
    for (int source = 0; source < 64; source++) {
        int light = (LIGHT_SQUARES & BIT(source)) != 0;
        for (int king = 0; king < 64; king++) {
            for (int radius = 0; radius < 8; radius++) {
                int knight_cost = NEVER, bishop_cost = NEVER;
                for (int target = 0; target < 64; target++) {
                    if (square_distance(target, king) > radius) continue;
                    int moves = target == source ? 1 : KNIGHT_DISTANCE[source][target] - 1;
                    if (moves < knight_cost) knight_cost = moves;
                    if (((LIGHT_SQUARES & BIT(target)) != 0) != light) continue;
                    int df = abs(FILE_OF(target) - FILE_OF(source)), dr = abs(RANK_OF(target) - RANK_OF(source));
                    int on_diagonal = target != source && df == dr;
                    moves = on_diagonal ? 0 : 1;
                    if (moves < bishop_cost) bishop_cost = moves;
                }
                CHECK_COST[0][source][king][radius] = (uint8_t)knight_cost;
                CHECK_COST[1][source][king][radius] = (uint8_t)bishop_cost;
            }
        }
    }
}

/* ------------------------------------------------------------------ the board */

static void put(Position *p, int sq, int code) {
    p->board[sq] = (uint8_t)code;
    p->occupied[COLOR(code)] |= BIT(sq);
    p->pieces[COLOR(code)][TYPE(code)] |= BIT(sq);
    p->packed[sq >> 4] ^= (u64)code << ((sq & 15) * 4);
    if (TYPE(code) == KING) p->king[COLOR(code)] = sq;
}

static void lift(Position *p, int sq) {
    int code = p->board[sq];
    p->board[sq] = EMPTY;
    p->occupied[COLOR(code)] &= ~BIT(sq);
    p->pieces[COLOR(code)][TYPE(code)] &= ~BIT(sq);
    p->packed[sq >> 4] ^= (u64)code << ((sq & 15) * 4);
}

static int attacked_by(const Position *p, int color, int sq) {
    if (KNIGHT_ATTACKS[sq] & p->pieces[color][KNIGHT]) return 1;
    if (KING_ATTACKS[sq] & p->pieces[color][KING]) return 1;
    if (PAWN_ATTACKS[!color][sq] & p->pieces[color][PAWN]) return 1;
    u64 straight = p->pieces[color][ROOK] | p->pieces[color][QUEEN];
    u64 diagonal = p->pieces[color][BISHOP] | p->pieces[color][QUEEN];
    for (int d = 0; d < 8; d++) {
        u64 sliders = d < 4 ? straight : diagonal;
        if (!sliders) continue;
        for (int i = 0; i < 8; i++) {
            int t = RAYS[d][sq][i];
            if (t < 0) break;
            if (p->board[t]) {
                if (sliders & BIT(t)) return 1;
                break;
            }
        }
    }
    return 0;
}

static int in_check(const Position *p, int color) { return attacked_by(p, !color, p->king[color]); }

static void make(Position *p, Move m, Undo *u) {
    int us = p->turn, code = p->board[m.from];
    u->moved = (uint8_t)code;
    u->castling = p->castling;
    u->ep = p->ep;
    u->captured = EMPTY;
    u->captured_square = m.to;
    if (m.flags & 1) {
        u->captured_square = (uint8_t)(us == WHITE ? m.to - 8 : m.to + 8);
        u->captured = p->board[u->captured_square];
        lift(p, u->captured_square);
    } else if (p->board[m.to]) {
        u->captured = p->board[m.to];
        lift(p, m.to);
    }
    lift(p, m.from);
    put(p, m.to, m.promotion ? CODE(us, m.promotion) : code);
    if (m.flags & 2) { /* castling: the rook jumps over */
        int rank = us == WHITE ? 0 : 7;
        int rook_from = m.to > m.from ? SQ(7, rank) : SQ(0, rank);
        int rook_to = m.to > m.from ? SQ(5, rank) : SQ(3, rank);
        lift(p, rook_from);
        put(p, rook_to, CODE(us, ROOK));
    }
    p->castling &= ~(BIT(m.from) | BIT(m.to));
    if (TYPE(code) == KING) p->castling &= ~(us == WHITE ? 0xFFULL : 0xFF00000000000000ULL);
    p->ep = -1;
    if (TYPE(code) == PAWN && abs(m.to - m.from) == 16) p->ep = (m.to + m.from) / 2;
    p->turn = !us;
}

static void unmake(Position *p, Move m, const Undo *u) {
    int us = !p->turn;
    if (m.flags & 2) {
        int rank = us == WHITE ? 0 : 7;
        int rook_from = m.to > m.from ? SQ(7, rank) : SQ(0, rank);
        int rook_to = m.to > m.from ? SQ(5, rank) : SQ(3, rank);
        lift(p, rook_to);
        put(p, rook_from, CODE(us, ROOK));
    }
    lift(p, m.to);
    put(p, m.from, u->moved);
    if (u->captured) put(p, u->captured_square, u->captured);
    p->castling = u->castling;
    p->ep = u->ep;
    p->turn = us;
}

static int add(Move *moves, int n, int from, int to, int promotion, int flags) {
    moves[n].from = (uint8_t)from;
    moves[n].to = (uint8_t)to;
    moves[n].promotion = (uint8_t)promotion;
    moves[n].flags = (uint8_t)flags;
    return n + 1;
}

static int add_pawn(Move *moves, int n, int us, int from, int to) {
    if (RANK_OF(to) == (us == WHITE ? 7 : 0)) {
        n = add(moves, n, from, to, QUEEN, 0);
        n = add(moves, n, from, to, ROOK, 0);
        n = add(moves, n, from, to, BISHOP, 0);
        return add(moves, n, from, to, KNIGHT, 0);
    }
    return add(moves, n, from, to, 0, 0);
}

/* Pseudo-legal moves of the side to move (legality: the mover's king not attacked after). */
static int generate(const Position *p, Move *moves) {
    int us = p->turn, them = !us, n = 0;
    u64 own = p->occupied[us], all = own | p->occupied[them];
    /* A king is never taken (the caller passes only legal positions: this is a safeguard). */
    u64 theirs = p->occupied[them] & ~p->pieces[them][KING];
    u64 pawns = p->pieces[us][PAWN];
    int forward = us == WHITE ? 8 : -8, start_rank = us == WHITE ? 1 : 6;
    while (pawns) {
        int from = __builtin_ctzll(pawns);
        pawns &= pawns - 1;
        u64 captures = PAWN_ATTACKS[us][from] & theirs;
        while (captures) {
            int to = __builtin_ctzll(captures);
            captures &= captures - 1;
            n = add_pawn(moves, n, us, from, to);
        }
        int to = from + forward;
        if (!(all & BIT(to))) {
            n = add_pawn(moves, n, us, from, to);
            if (RANK_OF(from) == start_rank && !(all & BIT(to + forward))) n = add(moves, n, from, to + forward, 0, 0);
        }
        if (p->ep >= 0 && (PAWN_ATTACKS[us][from] & BIT(p->ep)) && !(all & BIT(p->ep))) n = add(moves, n, from, p->ep, 0, 1);
    }
    u64 knights = p->pieces[us][KNIGHT];
    while (knights) {
        int from = __builtin_ctzll(knights);
        knights &= knights - 1;
        u64 targets = KNIGHT_ATTACKS[from] & ~own & ~p->pieces[them][KING];
        while (targets) {
            int to = __builtin_ctzll(targets);
            targets &= targets - 1;
            n = add(moves, n, from, to, 0, 0);
        }
    }
    for (int type = BISHOP; type <= QUEEN; type++) {
        u64 sliders = p->pieces[us][type];
        int first = type == BISHOP ? 4 : 0, last = type == ROOK ? 4 : 8;
        while (sliders) {
            int from = __builtin_ctzll(sliders);
            sliders &= sliders - 1;
            for (int d = first; d < last; d++) {
                for (int i = 0; i < 8; i++) {
                    int to = RAYS[d][from][i];
                    if (to < 0 || (own & BIT(to)) || (p->pieces[them][KING] & BIT(to))) break;
                    n = add(moves, n, from, to, 0, 0);
                    if (theirs & BIT(to)) break;
                }
            }
        }
    }
    int king = p->king[us];
    u64 targets = KING_ATTACKS[king] & ~own & ~p->pieces[them][KING];
    while (targets) {
        int to = __builtin_ctzll(targets);
        targets &= targets - 1;
        n = add(moves, n, king, to, 0, 0);
    }
    int rank = us == WHITE ? 0 : 7;
    if (p->castling && king == SQ(4, rank) && !attacked_by(p, them, king)) {
        int rook = SQ(7, rank);
        if ((p->castling & BIT(rook)) && p->board[rook] == CODE(us, ROOK) && !(all & (BIT(SQ(5, rank)) | BIT(SQ(6, rank))))
            && !attacked_by(p, them, SQ(5, rank)) && !attacked_by(p, them, SQ(6, rank)))
            n = add(moves, n, king, SQ(6, rank), 0, 2);
        rook = SQ(0, rank);
        if ((p->castling & BIT(rook)) && p->board[rook] == CODE(us, ROOK)
            && !(all & (BIT(SQ(1, rank)) | BIT(SQ(2, rank)) | BIT(SQ(3, rank)))) && !attacked_by(p, them, SQ(3, rank))
            && !attacked_by(p, them, SQ(2, rank)))
            n = add(moves, n, king, SQ(2, rank), 0, 2);
    }
    return n;
}

static int has_legal_move(Position *p) {
    Move moves[256];
    Undo u;
    int n = generate(p, moves), us = p->turn;
    for (int i = 0; i < n; i++) {
        make(p, moves[i], &u);
        int legal = !in_check(p, us);
        unmake(p, moves[i], &u);
        if (legal) return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ pruning (sure only) */

/* Squares a man of the side to move must leave to uncover a check on the opponent's king:
 * those between the king and a slider of that side aligned with it (on an empty board). */
static u64 discovery_squares(const Position *p) {
    int us = p->turn, king = p->king[!us];
    u64 straight = (p->pieces[us][ROOK] | p->pieces[us][QUEEN]) & LINES[0][king];
    u64 diagonal = (p->pieces[us][BISHOP] | p->pieces[us][QUEEN]) & LINES[1][king];
    u64 sliders = straight | diagonal, squares = 0;
    while (sliders) {
        int sq = __builtin_ctzll(sliders);
        sliders &= sliders - 1;
        squares |= BETWEEN[king][sq];
    }
    return squares;
}

/* Whether a move may give check (never false when it does): it lands where its man attacks the
 * king on an empty board, leaves a discovery square, promotes, castles or takes en passant. */
static int may_check(const Position *p, Move m, u64 discovery) {
    if (m.flags || m.promotion || (discovery & BIT(m.from))) return 1;
    int king = p->king[!p->turn];
    switch (TYPE(p->board[m.from])) {
    case PAWN: return (PAWN_ATTACKS[p->turn][m.to] & BIT(king)) != 0;
    case KNIGHT: return (KNIGHT_ATTACKS[m.to] & BIT(king)) != 0;
    case BISHOP: return (LINES[1][m.to] & BIT(king)) != 0;
    case ROOK: return (LINES[0][m.to] & BIT(king)) != 0;
    case QUEEN: return ((LINES[0][m.to] | LINES[1][m.to]) & BIT(king)) != 0;
    default: return 0;
    }
}

static int colours_of(u64 squares) { /* bit 0: some dark square, bit 1: some light square */
    return ((squares & ~LIGHT_SQUARES) ? 1 : 0) | ((squares & LIGHT_SQUARES) ? 2 : 0);
}

static int one_colour(u64 squares) {
    int c = colours_of(squares);
    return c == 1 || c == 2;
}

/* positions/mate.py: material_cannot_mate */
static int cannot_mate(const Position *p, int color) {
    u64 own = p->occupied[color] & ~p->pieces[color][KING];
    u64 other = p->occupied[!color] & ~p->pieces[!color][KING];
    if (!own) return 1;
    u64 bishops = p->pieces[WHITE][BISHOP] | p->pieces[BLACK][BISHOP];
    u64 non_bishops = (own | other) & ~bishops;
    if (!non_bishops && colours_of(bishops) != 3) return 1;
    if (other) return 0;
    if (p->pieces[color][PAWN] | p->pieces[color][ROOK] | p->pieces[color][QUEEN]) return 0;
    u64 knights = p->pieces[color][KNIGHT], own_bishops = p->pieces[color][BISHOP];
    if (!own_bishops && __builtin_popcountll(knights) == 1) return 1;
    return !knights && one_colour(own_bishops);
}

/* positions/helpmate.py: _can_check_in_time */
static int can_check_in_time(const Position *p, int color, int attacker_moves, int defender_moves) {
    if (p->pieces[color][PAWN] | p->pieces[color][ROOK] | p->pieces[color][QUEEN]) return 1;
    int king = p->king[!color];
    int radius = defender_moves < 7 ? defender_moves : 7;
    for (int type = KNIGHT; type <= BISHOP; type++) {
        u64 men = p->pieces[color][type];
        while (men) {
            int sq = __builtin_ctzll(men);
            men &= men - 1;
            if (CHECK_COST[type - KNIGHT][sq][king][radius] <= attacker_moves) return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ transposition table */

static uint32_t meta_of(const Position *p) {
    /* An en passant square counts only when a pawn could take there (python-chess keys it
     * only when the capture is legal: this keeps a few more positions apart, never fewer). */
    int ep = 0;
    if (p->ep >= 0 && (PAWN_ATTACKS[!p->turn][p->ep] & p->pieces[p->turn][PAWN])) ep = p->ep + 1;
    uint32_t castling = (uint32_t)(((p->castling >> 0) & 1) | ((p->castling >> 6) & 2) | ((p->castling >> 54) & 4)
                                   | ((p->castling >> 60) & 8));
    return (uint32_t)p->turn | (castling << 1) | ((uint32_t)ep << 5);
}

static u64 hash_of(const Position *p, uint32_t meta) {
    u64 h = meta * 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 4; i++) {
        h ^= p->packed[i] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return h;
}

static Entry *slot(Search *s, const Position *p, uint32_t meta, int *found) {
    u64 h = hash_of(p, meta);
    size_t i = (size_t)h & s->mask;
    for (int probe = 0; probe < 8; probe++, i = (i + 1) & s->mask) {
        Entry *e = &s->table[i];
        if (!e->known) {
            *found = 0;
            return e;
        }
        if (e->meta == meta && !memcmp(e->packed, p->packed, sizeof e->packed)) {
            *found = 1;
            return e;
        }
    }
    *found = 0;
    return &s->table[(size_t)h & s->mask]; /* full neighbourhood: replace (only costs a search again) */
}

static int grow(Search *s) {
    size_t size = (s->mask + 1) * 2;
    Entry *table = calloc(size, sizeof(Entry));
    if (!table) return 0;
    Entry *old = s->table;
    size_t old_size = s->mask + 1;
    s->table = table;
    s->mask = size - 1;
    s->used = 0;
    for (size_t i = 0; i < old_size; i++) {
        if (!old[i].known) continue;
        Position key;
        memcpy(key.packed, old[i].packed, sizeof key.packed);
        u64 h = hash_of(&key, old[i].meta);
        size_t j = (size_t)h & s->mask;
        for (int probe = 0; probe < 8; probe++, j = (j + 1) & s->mask)
            if (!table[j].known) break;
        table[j] = old[i];
        s->used++;
    }
    free(old);
    return 1;
}

static void remember(Search *s, int known) {
    uint32_t meta = meta_of(&s->pos);
    int found;
    Entry *e = slot(s, &s->pos, meta, &found);
    if (!found) {
        if (!e->known) s->used++;
        memcpy(e->packed, s->pos.packed, sizeof e->packed);
        e->meta = meta;
    }
    e->known = known;
    if (s->used * 2 > s->mask + 1 && s->mask + 1 < s->max_entries) grow(s);
}

/* ------------------------------------------------------------------ the search */

static int mates_within(Search *s, int plies) {
    Position *p = &s->pos;
    uint32_t meta = meta_of(p);
    int found;
    Entry *e = slot(s, p, meta, &found);
    if (found && e->known >= plies) {
        if (e->known < DEAD) s->cut = 1;
        return 0;
    }
    int color = s->color;
    if (cannot_mate(p, color)) {
        remember(s, DEAD);
        return 0;
    }
    int attacking = p->turn == color;
    int attacker_moves = attacking ? (plies + 1) / 2 : plies / 2;
    int defender_moves = attacking ? attacker_moves - 1 : attacker_moves;
    if (!attacker_moves || !can_check_in_time(p, color, attacker_moves, defender_moves)) {
        s->cut = 1;
        remember(s, plies);
        return 0;
    }
    if (s->nodes >= s->budget) {
        s->spent = 1;
        return 0;
    }
    int last = plies == 1, us = p->turn, any_legal = 0;
    Move moves[256];
    Undo u;
    int n = generate(p, moves);
    u64 discovery = last ? discovery_squares(p) : 0;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (last && !may_check(p, m, discovery)) {
            /* No check, so no mate: skipped unplayed (it may be legal: the position is not
             * taken for one without a legal move). */
            s->cut = 1;
            any_legal = 1;
            continue;
        }
        make(p, m, &u);
        if (in_check(p, us)) {
            unmake(p, m, &u);
            continue;
        }
        any_legal = 1;
        int check = in_check(p, !us);
        if (last && !check) {
            s->cut = 1;
            unmake(p, m, &u);
            continue;
        }
        s->nodes++;
        if ((attacking && check && !has_legal_move(p)) || (!last && mates_within(s, plies - 1))) {
            s->line[s->line_length++] = m;
            unmake(p, m, &u);
            return 1;
        }
        unmake(p, m, &u);
        if (s->spent) return 0;
    }
    remember(s, any_legal ? plies : DEAD);
    return 0;
}

static PyObject *search(PyObject *Py_UNUSED(self), PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"board", "turn", "castling", "ep_square", "color", "depth", "node_budget",
                               "max_depth", "extra_budget", "max_entries", NULL};
    Py_buffer board;
    int turn, ep, color, depth, max_depth = -1;
    unsigned long long castling;
    long long budget, extra_budget = 0, max_entries = 1 << 22;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*pKiiiL|iLL", keywords, &board, &turn, &castling, &ep, &color, &depth,
                                     &budget, &max_depth, &extra_budget, &max_entries))
        return NULL;
    if (max_depth < depth) max_depth = depth;
    if (board.len != 64 || depth < 0 || max_depth >= MAX_PLY || ep < -1 || ep > 63) {
        PyBuffer_Release(&board);
        PyErr_SetString(PyExc_ValueError, "64 squares, a depth below 64 and an en passant square or -1 are expected");
        return NULL;
    }
    Search *s = calloc(1, sizeof(Search));
    if (!s) {
        PyBuffer_Release(&board);
        return PyErr_NoMemory();
    }
    int kings[2] = {0, 0};
    for (int sq = 0; sq < 64; sq++) {
        int code = ((const uint8_t *)board.buf)[sq];
        if (code && (TYPE(code) < PAWN || TYPE(code) > KING || (code & ~15))) {
            kings[0] = -1;
            break;
        }
        if (code) {
            put(&s->pos, sq, code);
            if (TYPE(code) == KING) kings[COLOR(code)]++;
        }
    }
    PyBuffer_Release(&board);
    if (kings[0] != 1 || kings[1] != 1) {
        free(s);
        PyErr_SetString(PyExc_ValueError, "one king of each colour and valid men are expected");
        return NULL;
    }
    s->pos.turn = turn ? WHITE : BLACK;
    s->pos.castling = (u64)castling & (BIT(0) | BIT(7) | BIT(56) | BIT(63));
    s->pos.ep = ep;
    s->color = color ? WHITE : BLACK;
    s->budget = budget;
    s->max_entries = (size_t)(max_entries < 1024 ? 1024 : max_entries);
    s->mask = 1024 - 1;
    s->table = calloc(1024, sizeof(Entry));
    if (!s->table) {
        free(s);
        return PyErr_NoMemory();
    }
    const char *outcome = "none";
    /* Only a move of the searching side mates: the depths whose last ply is the other side's
     * add nothing to the one before (a search to 9 plies, its side moving first, sees every
     * mate of 10). They are skipped, and count as done with the one before. */
    int first = s->pos.turn == s->color ? 1 : 2;
    int done = first - 1 <= depth ? first - 1 : depth, exhausted = 0, found = 0;
    Py_BEGIN_ALLOW_THREADS
    for (int plies = first; plies <= max_depth; plies += 2) {
        /* Beyond the fixed depth, further plies are searched while the extra budget lasts. */
        if (plies > depth) {
            if (s->nodes >= extra_budget) break;
            s->budget = extra_budget;
        }
        s->cut = 0;
        s->line_length = 0;
        if (mates_within(s, plies)) {
            found = plies;
            break;
        }
        if (s->spent) break;
        done = plies + 1 <= max_depth ? plies + 1 : plies;
        if (!s->cut) {
            exhausted = 1; /* no line reached the depth: every reachable position was seen */
            break;
        }
    }
    Py_END_ALLOW_THREADS
    if (found) {
        outcome = "found";
        done = found;
    } else if (s->spent && done < depth) {
        outcome = "budget";
    }
    PyObject *line = PyList_New(s->line_length);
    for (int i = 0; line && i < s->line_length; i++) {
        Move m = s->line[s->line_length - 1 - i];
        PyObject *item = Py_BuildValue("(iii)", m.from, m.to, m.promotion);
        if (!item) {
            Py_CLEAR(line);
            break;
        }
        PyList_SET_ITEM(line, i, item);
    }
    long long nodes = s->nodes;
    free(s->table);
    free(s);
    if (!line) return NULL;
    return Py_BuildValue("(siLNO)", outcome, done, nodes, line, exhausted ? Py_True : Py_False);
}

static PyObject *perft(PyObject *Py_UNUSED(self), PyObject *args) {
    Py_buffer board;
    int turn, ep, depth;
    unsigned long long castling;
    if (!PyArg_ParseTuple(args, "y*pKii", &board, &turn, &castling, &ep, &depth)) return NULL;
    if (board.len != 64) {
        PyBuffer_Release(&board);
        PyErr_SetString(PyExc_ValueError, "64 squares are expected");
        return NULL;
    }
    Position p;
    memset(&p, 0, sizeof p);
    for (int sq = 0; sq < 64; sq++)
        if (((const uint8_t *)board.buf)[sq]) put(&p, sq, ((const uint8_t *)board.buf)[sq]);
    PyBuffer_Release(&board);
    p.turn = turn ? WHITE : BLACK;
    p.castling = (u64)castling & (BIT(0) | BIT(7) | BIT(56) | BIT(63));
    p.ep = ep;
    /* Counted by a small explicit recursion kept in C. */
    long long count = 0;
    struct Frame {
        Move moves[256];
        int n, i;
        Undo u;
    };
    struct Frame *frames = calloc((size_t)depth + 1, sizeof(struct Frame));
    if (!frames) return PyErr_NoMemory();
    if (depth == 0) count = 1;
    int level = 0;
    if (depth > 0) {
        frames[0].n = generate(&p, frames[0].moves);
        frames[0].i = 0;
    }
    while (depth > 0 && level >= 0) {
        struct Frame *f = &frames[level];
        if (f->i >= f->n) {
            level--;
            if (level >= 0) unmake(&p, frames[level].moves[frames[level].i - 1], &frames[level].u);
            continue;
        }
        Move m = f->moves[f->i++];
        int us = p.turn;
        make(&p, m, &f->u);
        if (in_check(&p, us)) {
            unmake(&p, m, &f->u);
            continue;
        }
        if (level + 1 == depth) {
            count++;
            unmake(&p, m, &f->u);
            continue;
        }
        level++;
        frames[level].n = generate(&p, frames[level].moves);
        frames[level].i = 0;
    }
    free(frames);
    return PyLong_FromLongLong(count);
}

static PyMethodDef METHODS[] = {
    {"search", (PyCFunction)(void (*)(void))search, METH_VARARGS | METH_KEYWORDS,
     "search(board, turn, castling, ep_square, color, depth, node_budget[, max_entries]) -> "
     "(outcome, depth_done, nodes, line, exhausted_space)"},
    {"perft", perft, METH_VARARGS, "perft(board, turn, castling, ep_square, depth) -> leaf count"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_helpmate", "Exhaustive helpmate search.", -1, METHODS, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__helpmate(void) {
    init_tables();
    return PyModule_Create(&MODULE);
}
