/* The compiled double-dummy kernel of Thousand's fast search (§6's play and marriages).
 *
 * It is the alpha-beta of kozyr/bots/solver/search.py (`Search._ab`), statement for
 * statement: three seats a whole trick per call (`tk`), two seats and a root in the middle of
 * a trick card by card (`ab`); the same upper bounds, trump bounds, transposition table
 * (bounds and the best lead at trick starts, a new entry's lower bound 0), equivalent cards
 * skipped by their points' difference, move order, fail-soft values and node counts.  The
 * rules' tables (card points, the cards of a suit above each card, the K+Q of each suit, the
 * four aces, the suit masks) are the game's, passed in from Python; the card numbering
 * (suit * 8 + rank, the ace rank 7, the queen 4 and the king 5) is kozyr.cards'.  Past the
 * deadline (the clock is read every 256 trick starts and every 1024 card nodes, as in Python)
 * a search raises the exception it was given (SearchTimeout) and stores nothing more.
 * tests/bots/test_kernel_thousand.py asks both searches for the values and node counts of
 * random positions of every option.
 */
#include "kernel_common.h"

/* The Python search's "no value yet" for the side that minimises (1 << 30). */
#define PYBIG (1 << 30)
#define DECLARE 32
#define ACE 7

typedef struct {
    PyObject_HEAD
    Common c;
    int n, decl, ace, must_beat, fixed, plain, wmax, nscorers, merge;
    unsigned calls;
    int wts[3], scorer_seat[3], scorer_w[3], mv[4], mbound[16], pts[32];
    int pdiff[1024];          /* how far the points of cards a and b differ, times wmax */
    uint32_t above[32], kq[4], aces, deck;
    uint32_t hands[4];
} ThousandKernel;

static inline int
top(uint32_t x)
{
    return 31 - __builtin_clz(x);
}

/* The cards strictly between a and b (every card when merging is off, as in Python). */
static inline uint32_t
between(const ThousandKernel *K, int a, int b)
{
    if (!K->merge) {
        return 0xFFFFFFFFu;
    }
    int lo = a < b ? a : b, hi = a < b ? b : a;
    if (lo == hi) {
        return 0;
    }
    return (uint32_t)(((1ULL << hi) - 1) ^ ((1ULL << (lo + 1)) - 1));
}

/* May a card of suit s of hand h stand for its sequence (no marriage depends on it)? */
static inline int
mergeable(const ThousandKernel *K, uint32_t h, int s)
{
    uint32_t kq = K->kq[s];
    return !(((h & kq) == kq && K->mv[s]) || (K->ace && (h & K->aces) == K->aces));
}

/* The marriages still held by h, as a suit mask (index of mbound). */
static inline int
kq_suits(uint32_t h)
{
    uint32_t mf = (h >> 4) & (h >> 5) & 0x01010101u;
    return (int)((mf | mf >> 7 | mf >> 14 | mf >> 21) & 15);
}

/* An upper bound of the value to come: the points left and the marriages still held. */
static int
upper(const ThousandKernel *K, int rem)
{
    int ub;
    if (K->plain) {
        uint32_t dh = K->hands[K->decl];
        ub = rem + K->mbound[kq_suits(dh)];
        if (K->ace && (dh & K->aces) == K->aces) {
            ub += K->ace;
        }
        return ub;
    }
    ub = K->wmax * rem;
    for (int i = 0; i < K->nscorers; i++) {
        uint32_t dh = K->hands[K->scorer_seat[i]];
        int w = K->scorer_w[i];
        ub += w * K->mbound[kq_suits(dh)];
        if (K->ace && (dh & K->aces) == K->aces) {
            ub += w * K->ace;
        }
    }
    return ub;
}

static int
suit_points(const ThousandKernel *K, uint32_t x)
{
    int p = 0;
    while (x) {
        p += K->pts[__builtin_ctz(x)];
        x &= x - 1;
    }
    return p;
}

/* Leads in search order: aces, declarations (queen, then king), high cards to low ones. */
static int
leads(const ThousandKernel *K, uint32_t h0, int cd, int *moves)
{
    int n = 0;
    uint32_t x = h0 >> 7 & 0x01010101u;
    while (x) {
        moves[n++] = __builtin_ctz(x) + 7;
        x &= x - 1;
    }
    if (cd) {
        for (int s = 3; s >= 0; s--) {
            uint32_t kq = K->kq[s];
            if ((h0 & kq) == kq && K->mv[s]) {
                moves[n++] = s * 8 + 36;
                moves[n++] = s * 8 + 37;
            }
        }
        if (K->ace && (h0 & K->aces) == K->aces) {
            for (int s = 0; s < 4; s++) {
                moves[n++] = s * 8 + ACE + DECLARE;
            }
        }
    }
    for (int r = 6; r >= 0; r--) {
        x = h0 >> r & 0x01010101u;
        while (x) {
            moves[n++] = __builtin_ctz(x) + r;
            x &= x - 1;
        }
    }
    return n;
}

/* Append a one-suit mask's cards, low to high (asc) or high to low. */
static int
push(int *out, int n, uint32_t mask, int asc)
{
    int cards[8];
    int k = cards_of(mask, cards);
    for (int i = 0; i < k; i++) {
        out[n++] = asc ? cards[i] : cards[k - 1 - i];
    }
    return n;
}

/* A hand's cards by points, low to high (ranks across suits); reversed if rev. */
static int
by_points(uint32_t h, int *out, int rev)
{
    int n = 0;
    for (int r = 0; r < 8; r++) {
        uint32_t x = h >> r & 0x01010101u;
        while (x) {
            out[n++] = __builtin_ctz(x) + r;
            x &= x - 1;
        }
    }
    if (rev) {
        for (int i = 0; i < n / 2; i++) {
            int t = out[i];
            out[i] = out[n - 1 - i];
            out[n - 1 - i] = t;
        }
    }
    return n;
}

/* A merged card's value from its searched neighbour's (pu, d apart): 1 if it is skipped. */
static inline int
skip(int maximizing, int pu, int d, int alpha, int beta, int *value)
{
    if (maximizing) {
        if (pu + d <= alpha) {
            if (pu + d > *value) {
                *value = pu + d;
            }
            return 1;
        }
    } else if (pu - d >= beta) {
        if (pu - d < *value) {
            *value = pu - d;
        }
        return 1;
    }
    return 0;
}

/* Take a child's value into a node's value and window (no best move): 1 on a cut. */
static inline int
take_value(int maximizing, int v, int *value, int *alpha, int *beta)
{
    int unused = -1;
    return take(maximizing, v, 0, value, &unused, alpha, beta);
}

/* Trumps' bounds while the trump cannot change (search.py's `tk`): 1 with *ret if decided. */
static int
trump_bounds(const ThousandKernel *K, uint32_t all, int trump, int rem, int ub, int *alpha,
             int *beta, int *ret)
{
    const uint32_t *hands = K->hands;
    const int *pts = K->pts;
    uint32_t tr = all & K->c.suit_mask[trump];
    if (!tr) {
        return 0;
    }
    int decl = K->decl;
    uint32_t dt = hands[decl] & tr, et = tr ^ dt;
    if (dt) {
        int safe = K->fixed;
        if (!safe) {
            uint32_t da = hands[(decl + 1) % 3], db = hands[(decl + 2) % 3];
            safe = !(K->mbound[kq_suits(da)] || K->mbound[kq_suits(db)]
                     || (K->ace && ((da & K->aces) == K->aces || (db & K->aces) == K->aces)));
        }
        if (safe) {
            int lb = suit_points(K, dt);
            if (et) {
                uint32_t below = dt & (uint32_t)((2ULL << top(et)) - 1);
                int k = __builtin_popcount(et);
                while (k && below) {
                    int t = top(below);
                    lb -= pts[t];
                    below ^= 1u << t;
                    k--;
                }
            }
            if (lb >= *beta) {
                *ret = lb;
                return 1;
            }
            if (lb > *alpha) {
                *alpha = lb;
            }
        }
    }
    if (et && (ub == rem || K->fixed)) {
        ub -= suit_points(K, et);
        if (dt) {
            uint32_t below = et & (uint32_t)((2ULL << top(dt)) - 1);
            int k = 2 * __builtin_popcount(dt);
            while (k && below) {
                int t = top(below);
                ub += pts[t];
                below ^= 1u << t;
                k--;
            }
        }
        if (ub <= *alpha) {
            *ret = ub;
            return 1;
        }
        if (ub < *beta) {
            *beta = ub;
        }
    }
    return 0;
}

/* The last trick of three seats (one card each, from s0): its points, weighted. */
static int
last_trick(const ThousandKernel *K, int s0, int trump)
{
    int s1 = (s0 + 1) % 3, s2 = (s1 + 1) % 3;
    int c0 = top(K->hands[s0]), c1 = top(K->hands[s1]), c2 = top(K->hands[s2]);
    int bc = c0, win = s0;
    if (c1 >> 3 == bc >> 3) {
        if (c1 > bc) {
            bc = c1;
            win = s1;
        }
    } else if (c1 >> 3 == trump) {
        bc = c1;
        win = s1;
    }
    if (c2 >> 3 == bc >> 3) {
        if (c2 > bc) {
            win = s2;
        }
    } else if (c2 >> 3 == trump) {
        win = s2;
    }
    return (K->pts[c0] + K->pts[c1] + K->pts[c2]) * K->wts[win];
}

/* Three seats at a trick start, one whole trick per call (search.py's `tk`). */
static int
tk(ThousandKernel *K, int alpha, int beta, int s0, int trump, int cd, int rem)
{
    Common *C = &K->c;
    uint32_t *hands = K->hands;
    const int *pts = K->pts, *wts = K->wts, *pdiff = K->pdiff;
    const uint32_t *sm = C->suit_mask, *above = K->above;
    if (beta <= 0) {
        return 0;
    }
    uint32_t h0 = hands[s0];
    if (!h0) {
        return 0;
    }
    int s1 = (s0 + 1) % 3, s2 = (s1 + 1) % 3;
    uint32_t h1 = hands[s1], h2 = hands[s2];
    if (!(h0 & (h0 - 1))) {
        C->nodes += 3;
        return last_trick(K, s0, trump);
    }
    int ub = upper(K, rem);
    if (ub <= alpha) {
        return ub;
    }
    uint32_t extra = (uint32_t)s0 | (uint32_t)(trump + 1) << 2 | (uint32_t)(cd != 0) << 5;
    int e_best = -1, ret;
    if (probe(C, hands, extra, &alpha, &beta, &e_best, &ret)) {
        return ret;
    }
    if (K->plain && trump >= 0 && trump_bounds(K, h0 | h1 | h2, trump, rem, ub, &alpha, &beta,
                                               &ret)) {
        return ret;
    }
    K->calls++;
    if (!(K->calls & 255) && must_stop(C)) {
        return 0;
    }
    int moves[40];
    int nm = leads(K, h0, cd, moves);
    lead_first(moves, nm, e_best);
    const int a0 = alpha, b0 = beta;
    const int last2 = __builtin_popcount(h0) == 2;
    const int decl = K->decl;
    const int max0 = s0 == decl, max1 = s1 == decl, max2 = s2 == decl;
    const int w0 = wts[s0];
    const uint32_t rest0 = h0 | h1 | h2;
    int value = max0 ? -1 : PYBIG;
    int best_move = -1;
    long long cnt = 0;
    int lastc[4] = {-1, -1, -1, -1}, lastv[4] = {0, 0, 0, 0};
    for (int i = 0; i < nm; i++) {
        int m = moves[i];
        int c0 = m & 31, led = c0 >> 3;
        if (m < DECLARE) {
            int pc = lastc[led];
            if (pc >= 0 && !(between(K, pc, c0) & (rest0 ^ h0)) && mergeable(K, h0, led)
                && skip(max0, lastv[led], pdiff[pc << 5 | c0], alpha, beta, &value)) {
                continue;
            }
        }
        cnt++;
        hands[s0] = h0 ^ (1u << c0);
        int t = trump, g0 = 0;
        if (m & DECLARE) {
            if (w0) {
                g0 = w0 * ((c0 & 7) == ACE ? K->ace : K->mv[led]);
            }
            if (!K->fixed) {
                t = led;
            }
        }
        /* the second seat */
        int a1 = alpha - g0, b1 = beta - g0;
        int v1 = max1 ? -1 : PYBIG;
        int moves1[12], n1;
        uint32_t f = h1 & sm[led];
        if (f) {
            if (K->must_beat && (f & above[c0])) {
                f &= above[c0];
            }
            uint32_t beat = f & above[c0];
            n1 = push(moves1, push(moves1, 0, beat, 0), f ^ beat, 1);
        } else if (t >= 0 && (h1 & sm[t])) {
            n1 = push(moves1, 0, h1 & sm[t], 0);
        } else {
            n1 = by_points(h1, moves1, 0);
        }
        int pc1 = -1, pu1 = 0;
        for (int j = 0; j < n1; j++) {
            int c1 = moves1[j];
            if (pc1 >= 0 && c1 >> 3 == pc1 >> 3 && !(between(K, pc1, c1) & (rest0 ^ h1))
                && mergeable(K, h1, c1 >> 3)
                && skip(max1, pu1, pdiff[pc1 << 5 | c1], a1, b1, &v1)) {
                continue;
            }
            cnt++;
            hands[s1] = h1 ^ (1u << c1);
            int cs = c1 >> 3;
            int over = cs == led && c1 > c0;
            int best, win;
            if (over || (cs != led && cs == t)) {
                best = c1;
                win = s1;
            } else {
                best = c0;
                win = s0;
            }
            int tp = pts[c0] + pts[c1];
            int a2 = a1, b2 = b1;
            int v2 = max2 ? -1 : PYBIG;
            /* the third seat, last to play */
            int moves2[12], n2;
            int bs = best >> 3;
            int mine = (win == decl) == max2;
            uint32_t beat;
            f = h2 & sm[led];
            if (f || (t >= 0 && (h2 & sm[t]))) {
                if (f) {
                    uint32_t hi = f & above[over ? c1 : c0];
                    if (K->must_beat && hi) {
                        f = hi;
                    }
                    beat = bs == led ? f & above[best] : 0;
                } else {
                    f = h2 & sm[t];
                    beat = bs == t ? f & above[best] : f;
                }
                uint32_t oth = f ^ beat;
                if (mine) {
                    n2 = push(moves2, push(moves2, 0, oth, 0), beat, 1);
                } else {
                    n2 = push(moves2, push(moves2, 0, beat, 0), oth, 1);
                }
            } else {
                beat = 0;
                n2 = by_points(h2, moves2, mine);
            }
            int pc = -1, pu = 0;
            for (int l = 0; l < n2; l++) {
                int c2 = moves2[l];
                if (pc >= 0 && c2 >> 3 == pc >> 3 && !(between(K, pc, c2) & (rest0 ^ h2))
                    && mergeable(K, h2, c2 >> 3)
                    && skip(max2, pu, pdiff[pc << 5 | c2], a2, b2, &v2)) {
                    continue;
                }
                cnt++;
                int p = tp + pts[c2];
                int w = (beat >> c2 & 1) ? s2 : win;
                int g = p * wts[w];
                int v;
                if (b2 <= g) {
                    v = g; /* the declarer has reached the threshold */
                } else {
                    hands[s2] = h2 ^ (1u << c2);
                    if (last2) {
                        v = g + last_trick(K, w, t);
                    } else {
                        v = g + tk(K, a2 - g, b2 - g, w, t, 1, rem - p);
                        if (C->failed) {
                            return 0;
                        }
                    }
                }
                pc = c2;
                pu = v;
                if (take_value(max2, v, &v2, &a2, &b2)) {
                    break;
                }
            }
            hands[s2] = h2;
            pc1 = c1;
            pu1 = v2;
            if (take_value(max1, v2, &v1, &a1, &b1)) {
                break;
            }
        }
        hands[s1] = h1;
        int v = g0 + v1;
        if (m < DECLARE) {
            lastc[led] = c0;
            lastv[led] = v;
        }
        if (take(max0, v, m, &value, &best_move, &alpha, &beta)) {
            break;
        }
    }
    hands[s0] = h0;
    C->nodes += cnt;
    if (!store(C, hands, extra, value, a0, b0, best_move)) {
        return 0;
    }
    return value;
}

/* Card by card: two seats, and a three-seat root in the middle of a trick (search.py's
 * `ab`). */
static int
ab(ThousandKernel *K, int alpha, int beta, int seat, int leader, int trump, int cd, int rem,
   int k, int led, int best, int winner, int tpts, int topled)
{
    Common *C = &K->c;
    uint32_t *hands = K->hands;
    const int *pts = K->pts, *wts = K->wts;
    const int n = K->n, decl = K->decl;
    if (count_node(C)) {
        return 0;
    }
    if (beta <= 0) {
        return 0; /* the declarer has reached the threshold: nothing can take it away */
    }
    uint32_t h = hands[seat];
    uint32_t extra = 0;
    int e_best = -1;
    int moves[40], nm = 0;
    if (k == 0) {
        if (n == 3) {
            return tk(K, alpha, beta, seat, trump, cd, rem);
        }
        if (!h) {
            return 0;
        }
        if (!(h & (h - 1))) {
            /* the last trick: one card each, nothing left to choose */
            int bc = top(h), p = pts[bc], win = seat;
            for (int i = 1; i < n; i++) {
                int s2 = (seat + i) % n;
                int x = top(hands[s2]);
                p += pts[x];
                if (x >> 3 == bc >> 3) {
                    if (x > bc) {
                        bc = x;
                        win = s2;
                    }
                } else if (x >> 3 == trump) {
                    bc = x;
                    win = s2;
                }
            }
            return p * wts[win];
        }
        int ub = upper(K, rem);
        if (ub <= alpha) {
            return ub;
        }
        extra = (uint32_t)seat | (uint32_t)(trump + 1) << 2 | (uint32_t)(cd != 0) << 5;
        int ret;
        if (probe(C, hands, extra, &alpha, &beta, &e_best, &ret)) {
            return ret;
        }
        nm = leads(K, h, cd, moves);
        lead_first(moves, nm, e_best);
    } else {
        uint32_t follow = h & C->suit_mask[led], cands;
        if (follow) {
            if (K->must_beat && (follow & K->above[topled])) {
                follow &= K->above[topled];
            }
            cands = follow;
        } else if (trump >= 0 && (h & C->suit_mask[trump])) {
            cands = h & C->suit_mask[trump];
        } else {
            cands = h;
        }
        int friend = (winner == decl) == (seat == decl);
        int last = k == n - 1;
        int bs = best >> 3;
        int beaters[12], others[12], nb = 0, no = 0;
        while (cands) {
            int c = __builtin_ctz(cands);
            cands &= cands - 1;
            int cs = c >> 3;
            if ((cs == bs && c > best) || (cs != bs && cs == trump)) {
                beaters[nb++] = c;
            } else {
                others[no++] = c;
            }
        }
        if (friend && last) {
            sort_by(others, no, pts, 1);
            for (int i = 0; i < no; i++) moves[nm++] = others[i];
            for (int i = 0; i < nb; i++) moves[nm++] = beaters[i];
        } else {
            sort_by(others, no, pts, 0);
            sort_by(beaters, nb, pts, 1);
            for (int i = 0; i < nb; i++) moves[nm++] = beaters[i];
            for (int i = 0; i < no; i++) moves[nm++] = others[i];
        }
    }
    const int a0 = alpha, b0 = beta;
    const int maximizing = seat == decl;
    int value = maximizing ? -1 : PYBIG;
    int best_move = -1;
    for (int i = 0; i < nm; i++) {
        int m = moves[i];
        int c = m & 31;
        int v, gain = 0;
        hands[seat] = h ^ (1u << c);
        if (k == 0) {
            int t2 = trump;
            if (m & DECLARE) {
                if (wts[seat]) {
                    gain = wts[seat] * ((c & 7) == ACE ? K->ace : K->mv[c >> 3]);
                }
                if (!K->fixed) {
                    t2 = c >> 3;
                }
            }
            v = gain + ab(K, alpha - gain, beta - gain, (seat + 1) % n, seat, t2, cd, rem, 1,
                          c >> 3, c, seat, pts[c], c);
        } else {
            int cs = c >> 3;
            int nb = best, nw = winner;
            if ((cs == best >> 3 && c > best) || (cs != best >> 3 && cs == trump)) {
                nb = c;
                nw = seat;
            }
            int tl = cs == led && c > topled ? c : topled;
            if (k == n - 1) {
                int p = tpts + pts[c];
                gain = p * wts[nw];
                v = gain + ab(K, alpha - gain, beta - gain, nw, nw, trump, 1, rem - p, 0, 0, 0,
                              0, 0, 0);
            } else {
                v = ab(K, alpha, beta, (seat + 1) % n, leader, trump, cd, rem, k + 1, led, nb,
                       nw, tpts + pts[c], tl);
            }
        }
        hands[seat] = h;
        if (C->failed) {
            return 0;
        }
        if (take(maximizing, v, m, &value, &best_move, &alpha, &beta)) {
            break;
        }
    }
    if (k == 0 && !store(C, hands, extra, value, a0, b0, best_move)) {
        return 0;
    }
    return value;
}

static int
ThousandKernel_init(ThousandKernel *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"declarer", "weights", "marriage_values", "ace_marriage",
                             "must_beat", "fixed_trump", "points", "above", "kq_mask",
                             "aces_mask", "suit_mask", "deck", "clock", "timeout", NULL};
    PyObject *weights, *mv, *points, *above, *kq, *suit_mask, *clock, *timeout;
    int decl, ace, must_beat, fixed;
    unsigned long aces, deck;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOippOOOkOkOO", kwlist, &decl, &weights,
                                     &mv, &ace, &must_beat, &fixed, &points, &above, &kq,
                                     &aces, &suit_mask, &deck, &clock, &timeout)) {
        return -1;
    }
    /* Weights of at most 16, marriages and the ace of at most 1000: every value stays far
     * inside the window of 2^20 (kernel.py's clamp, a new table entry's upper bound). */
    Py_ssize_t n = PySequence_Size(weights);
    if (n < 0) {
        return -1;
    }
    if (n < 2 || n > 3 || decl < 0 || decl >= n || ace < 0 || ace > 1000) {
        PyErr_SetString(PyExc_ValueError, "2 or 3 seats, a declarer among them, ace 0..1000");
        return -1;
    }
    common_clear(&self->c);
    memset(self->hands, 0, sizeof(self->hands));
    memset(self->wts, 0, sizeof(self->wts));
    self->n = (int)n;
    self->decl = decl;
    self->ace = ace;
    self->must_beat = must_beat;
    self->fixed = fixed;
    self->merge = 1;
    self->calls = 255;
    if (!read_ints(weights, self->wts, n, "weights") || !read_ints(mv, self->mv, 4, "marriages")
        || !read_ints(points, self->pts, 32, "points")
        || !read_masks(above, self->above, 32, "above")
        || !read_masks(kq, self->kq, 4, "kq_mask")) {
        return -1;
    }
    self->aces = (uint32_t)aces;
    self->deck = (uint32_t)deck;
    self->wmax = 0;
    self->nscorers = 0;
    for (int i = 0; i < n; i++) {
        if (self->wts[i] < 0 || self->wts[i] > 16) {
            PyErr_SetString(PyExc_ValueError, "weights: 0..16");
            return -1;
        }
        if (self->wts[i] > self->wmax) {
            self->wmax = self->wts[i];
        }
        if (self->wts[i]) {
            self->scorer_seat[self->nscorers] = i;
            self->scorer_w[self->nscorers++] = self->wts[i];
        }
    }
    self->plain = self->nscorers == 1 && self->scorer_seat[0] == decl && self->scorer_w[0] == 1;
    for (int i = 0; i < 4; i++) {
        if (self->mv[i] < 0 || self->mv[i] > 1000) {
            PyErr_SetString(PyExc_ValueError, "marriages: 0..1000");
            return -1;
        }
    }
    for (int i = 0; i < 32; i++) {
        if (self->pts[i] < 0 || self->pts[i] > 64) {
            PyErr_SetString(PyExc_ValueError, "points: 0..64");
            return -1;
        }
    }
    for (int i = 0; i < 16; i++) {
        int b = 0;
        for (int s = 0; s < 4; s++) {
            if (i >> s & 1) {
                b += self->mv[s];
            }
        }
        self->mbound[i] = b;
    }
    for (int i = 0; i < 1024; i++) {
        self->pdiff[i] = abs(self->pts[i >> 5] - self->pts[i & 31]) * self->wmax;
    }
    if (!common_init(&self->c, NULL, suit_mask, clock, 0.0, timeout)) {
        return -1;
    }
    self->c.lo0 = 0;
    /* the move lists are sized for one suit's 8 ranks and 12 cards a hand (ThousandKernel_ab) */
    for (int s = 0; s < 4; s++) {
        uint32_t suit = 0xFFu << (8 * s);
        if (!self->c.suit_mask[s] || (self->c.suit_mask[s] & ~suit) || (self->kq[s] & ~suit)) {
            PyErr_SetString(PyExc_ValueError, "suit_mask, kq_mask: each suit's 8 ranks");
            return -1;
        }
    }
    for (int c = 0; c < 32; c++) {
        if (self->above[c] & ~self->c.suit_mask[c >> 3]) {
            PyErr_SetString(PyExc_ValueError, "above: cards of the card's own suit");
            return -1;
        }
    }
    return 0;
}

static PyObject *
ThousandKernel_ab(ThousandKernel *self, PyObject *args)
{
    PyObject *hands;
    double deadline;
    int merge, alpha, beta, seat, leader, trump, cd, rem, k, led, best, winner, tpts, topled;
    if (!PyArg_ParseTuple(args, "Odpiiiiipiiiiiii", &hands, &deadline, &merge, &alpha, &beta,
                          &seat, &leader, &trump, &cd, &rem, &k, &led, &best, &winner, &tpts,
                          &topled)) {
        return NULL;
    }
    if (self->c.tt.slots == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "kernel not initialised");
        return NULL;
    }
    int n = self->n;
    if (seat < 0 || seat >= n || leader < 0 || leader >= n || winner < 0 || winner >= n
        || k < 0 || k >= n || trump < -1 || trump > 3 || led < 0 || led > 3 || best < 0
        || best > 31 || topled < 0 || topled > 31 || rem < 0 || rem > 4096 || tpts < 0
        || tpts > 4096 || (k > 0 && (seat - leader + n) % n != k)) {
        PyErr_SetString(PyExc_ValueError, "a search state outside the table");
        return NULL;
    }
    uint32_t h[4] = {0, 0, 0, 0};
    if (!read_hands(hands, h, n)) {
        return NULL;
    }
    uint32_t seen = 0;
    for (int i = 0; i < n; i++) {
        if ((h[i] & ~self->deck) || (h[i] & seen) || __builtin_popcount(h[i]) > 12) {
            PyErr_SetString(PyExc_ValueError,
                            "hands: at most 12 cards each, of the deck, none in two hands");
            return NULL;
        }
        seen |= h[i];
    }
    /* every seat holds as many cards as the one to move, less one if it played to the trick */
    int size = __builtin_popcount(h[seat]);
    for (int i = 0; i < n; i++) {
        int played = (i - leader + n) % n < k;
        if (__builtin_popcount(h[i]) != size - played) {
            PyErr_SetString(PyExc_ValueError, "hands of unequal sizes");
            return NULL;
        }
    }
    memcpy(self->hands, h, sizeof(h));
    self->c.deadline = deadline;
    self->merge = merge;
    self->calls = 255; /* the first trick start checks the clock, as in Python */
    self->c.failed = 0;
    return kernel_result(&self->c, ab(self, alpha, beta, seat, leader, trump, cd, rem, k, led,
                                      best, winner, tpts, topled));
}

KERNEL_TYPE(, ThousandKernel,
            "ab(hands, deadline, merge, alpha, beta, seat, leader, trump, cd, rem, k, led, best, "
            "winner, tpts, topled)",
            "Thousand's fast search (kozyr.bots.solver.search) with its transposition table.");
