/* The compiled double-dummy kernels of the Debertz and Tertz solvers, and the module
 * (kozyr.bots.solver.ckernel) that also holds Thousand's (thousand_kernel.c).
 *
 * Each kernel is the alpha-beta of its pure-Python solver, statement for statement
 * (kozyr/bots/solver/debertz.py and tertz.py, `_make_search`): the same legal cards, the same
 * equivalent cards dropped, the same move order, the same transposition table (bounds and
 * the best lead, stored at trick starts), the same fail-soft values and node counts.  The
 * rules' tables (card points, strengths, the cards above a trump, the suit masks, the
 * redundant zero-point cards) are not written here: the Python solver passes the game's own
 * tables in.  Past the deadline (the solver's clock, read every 1024 nodes as the Python
 * search does) a search raises the exception it was given (SearchTimeout) and stores nothing
 * more.  The pure-Python solvers stay the reference: tests/bots/test_kernel.py asks both for
 * the values of random positions of every option.
 */
#include "kernel_common.h"

/* Drop the equivalent cards of cands (plain 7/8/9 with no live card between, trump 8 over
 * 7), as the Python searches do. */
static uint32_t
drop_equivalent(const Common *c, uint32_t cands, uint32_t live, int trump)
{
    for (int s = 0; s < 4; s++) {
        if (s == trump) {
            continue;
        }
        uint32_t z = (cands >> (8 * s)) & 7;
        if (z & (z - 1)) {
            int r = c->red[z][(live >> (8 * s)) & 7];
            if (r) {
                cands &= ~((uint32_t)r << (8 * s));
            }
        }
    }
    int t7 = trump * 8, t8 = trump * 8 + 1;
    if ((cands >> t7 & 1) && (cands >> t8 & 1)) {
        cands &= ~(1u << t8);
    }
    return cands;
}


/* -- Debertz ------------------------------------------------------------------------ */

#define D_LAST 10
#define D_BELLA 20

typedef struct {
    PyObject_HEAD
    Common c;
    int n, trump, bat, ruff_over, meld_side, meld_pts, meld_sgn;
    int sgn[4], side_of[4], pts[32], st[32], bella[2];
    uint32_t above[32];
    uint32_t hands[4];
} DebertzKernel;

static int
d_ab(DebertzKernel *K, int alpha, int beta, int seat, int leader, int k, int led, int best,
     int winner, int tpts, int won, uint32_t tm, int rem)
{
    Common *C = &K->c;
    if (count_node(C)) {
        return 0;
    }
    const int n = K->n, trump = K->trump;
    uint32_t h = K->hands[seat];
    uint32_t cands;
    uint32_t extra = 0;
    int e_best = -1;
    if (k == 0) {
        if (!h) {
            return 0;
        }
        int ub = rem + D_LAST + D_BELLA + K->meld_pts;
        if (ub <= alpha) {
            return ub;
        }
        if (-ub >= beta) {
            return -ub;
        }
        extra = (uint32_t)leader | (uint32_t)won << 2;
        int bound;
        if (probe(C, K->hands, extra, &alpha, &beta, &e_best, &bound)) {
            return bound;
        }
        cands = h;
    } else {
        uint32_t follow = h & C->suit_mask[led];
        if (follow) {
            if (led == trump) {
                cands = follow & K->above[best];
                if (!cands) {
                    cands = follow;
                }
            } else {
                cands = follow;
            }
        } else {
            cands = h & C->suit_mask[trump];
            if (!cands) {
                cands = h;
            } else if (K->ruff_over && best >> 3 == trump) {
                uint32_t over = cands & K->above[best];
                if (over) {
                    cands = over;
                }
            }
        }
    }
    uint32_t live = tm;
    for (int i = 0; i < n; i++) {
        live |= K->hands[i];
    }
    cands = drop_equivalent(C, cands, live, trump);
    int moves[32];
    int nm = cards_of(cands, moves);
    const int *st = K->st, *pts = K->pts;
    if (k == 0) {
        sort_by(moves, nm, st, 1);
        lead_first(moves, nm, e_best);
    } else {
        int friend = K->sgn[winner] == K->sgn[seat];
        int last = k == n - 1;
        int bsuit = best >> 3, bst = st[best];
        int beaters[32], others[32], nb = 0, no = 0;
        for (int i = 0; i < nm; i++) {
            int c = moves[i];
            if ((c >> 3 == bsuit && st[c] > bst) || (c >> 3 == trump && bsuit != trump)) {
                beaters[nb++] = c;
            } else {
                others[no++] = c;
            }
        }
        nm = 0;
        if (friend) {
            if (last) {
                sort_by(others, no, pts, 1);
                for (int i = 0; i < no; i++) moves[nm++] = others[i];
                for (int i = 0; i < nb; i++) moves[nm++] = beaters[i];
            } else {
                sort_by(others, no, pts, 0);
                sort_by(beaters, nb, pts, 1);
                for (int i = 0; i < nb; i++) moves[nm++] = beaters[i];
                for (int i = 0; i < no; i++) moves[nm++] = others[i];
            }
        } else {
            if (nb) {
                sort_by(beaters, nb, last ? pts : st, 1);
            }
            sort_by(others, no, pts, 0);
            for (int i = 0; i < nb; i++) moves[nm++] = beaters[i];
            for (int i = 0; i < no; i++) moves[nm++] = others[i];
        }
    }
    int maximizing = K->sgn[seat] > 0;
    int a0 = alpha, b0 = beta;
    int value = maximizing ? -BIG : BIG;
    int best_move = -1;
    int tking = K->bella[0], tqueen = K->bella[1];
    uint32_t bella_cards = (1u << tking) | (1u << tqueen);
    int bella_ok = (h & bella_cards) == bella_cards
                   && (!K->bat || (won >> K->side_of[seat] & 1));
    for (int i = 0; i < nm; i++) {
        int c = moves[i];
        int v;
        K->hands[seat] = h ^ (1u << c);
        int gain = 0;
        if (bella_ok && (c == tking || c == tqueen)) {
            gain = K->sgn[seat] * D_BELLA;
        }
        if (k == 0) {
            v = gain + d_ab(K, alpha - gain, beta - gain, (seat + 1) % n, seat, 1, c >> 3, c,
                            seat, pts[c], won, 1u << c, rem);
        } else {
            int beats = (c >> 3 == best >> 3 && st[c] > st[best])
                        || (c >> 3 == trump && best >> 3 != trump);
            if (k == n - 1) {
                int nw = beats ? seat : winner;
                int p = tpts + pts[c];
                int r2 = rem - p;
                if (!K->hands[seat]) {
                    p += D_LAST;
                }
                gain += K->sgn[nw] * p;
                int bit = 1 << K->side_of[nw];
                int w2 = won;
                if (!(won & bit)) {
                    w2 = won | bit;
                    if (K->side_of[nw] == K->meld_side) {
                        gain += K->meld_sgn;
                    }
                }
                v = gain + d_ab(K, alpha - gain, beta - gain, nw, nw, 0, 0, -1, nw, 0, w2, 0,
                                r2);
            } else {
                int nb = beats ? c : best, nw = beats ? seat : winner;
                v = gain + d_ab(K, alpha - gain, beta - gain, (seat + 1) % n, leader, k + 1,
                                led, nb, nw, tpts + pts[c], won, tm | 1u << c, rem);
            }
        }
        K->hands[seat] = h;
        if (C->failed) {
            return 0;
        }
        if (take(maximizing, v, c, &value, &best_move, &alpha, &beta)) {
            break;
        }
    }
    if (k == 0 && !store(C, K->hands, extra, value, a0, b0, best_move)) {
        return 0;
    }
    return value;
}

static int
DebertzKernel_init(DebertzKernel *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"n", "sgn", "side_of", "trump", "points", "strength", "above",
                             "bella", "bella_after_trick", "ruff_over", "meld_side", "meld_points",
                             "meld_sgn", "redundant", "suit_mask", "clock", "deadline",
                             "timeout", NULL};
    PyObject *sgn, *side_of, *points, *strength, *above, *bella, *redundant, *suit_mask,
        *clock, *timeout;
    int n, trump, bat, ruff_over, meld_side, meld_pts, meld_sgn;
    double deadline;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOiOOOOppiiiOOOdO", kwlist, &n, &sgn,
                                     &side_of, &trump, &points, &strength, &above, &bella,
                                     &bat,
                                     &ruff_over, &meld_side, &meld_pts, &meld_sgn, &redundant,
                                     &suit_mask, &clock, &deadline, &timeout)) {
        return -1;
    }
    if (n < 2 || n > 4 || trump < 0 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "2 to 4 seats and a trump suit 0..3");
        return -1;
    }
    common_clear(&self->c);
    self->n = n;
    self->trump = trump;
    self->bat = bat;
    self->ruff_over = ruff_over;
    self->meld_side = meld_side;
    self->meld_pts = meld_pts;
    self->meld_sgn = meld_sgn;
    memset(self->hands, 0, sizeof(self->hands));
    if (!read_ints(sgn, self->sgn, n, "sgn") || !read_ints(side_of, self->side_of, n, "side_of")
        || !read_ints(points, self->pts, 32, "points")
        || !read_ints(strength, self->st, 32, "strength")
        || !read_masks(above, self->above, 32, "above")
        || !read_ints(bella, self->bella, 2, "bella")) {
        return -1;
    }
    if (self->bella[0] < 0 || self->bella[0] > 31 || self->bella[1] < 0 || self->bella[1] > 31) {
        PyErr_SetString(PyExc_ValueError, "bella: two cards 0..31");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (self->side_of[i] < 0 || self->side_of[i] > 3) {
            PyErr_SetString(PyExc_ValueError, "side_of: sides are 0..3");
            return -1;
        }
    }
    return common_init(&self->c, redundant, suit_mask, clock, deadline, timeout) ? 0 : -1;
}

static PyObject *
DebertzKernel_ab(DebertzKernel *self, PyObject *args)
{
    PyObject *hands;
    int alpha, beta, seat, leader, k, led, best, winner, tpts, won, rem;
    unsigned long tm;
    if (!PyArg_ParseTuple(args, "Oiiiiiiiiiiki", &hands, &alpha, &beta, &seat, &leader, &k,
                          &led, &best, &winner, &tpts, &won, &tm, &rem)) {
        return NULL;
    }
    if (self->c.tt.slots == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "kernel not initialised");
        return NULL;
    }
    int n = self->n;
    if (seat < 0 || seat >= n || leader < 0 || leader >= n || winner < 0 || winner >= n
        || k < 0 || k >= n || led < 0 || led > 3 || best < -1 || best > 31
        || (k > 0 && best < 0) || rem < 0 || rem > 4096) {
        PyErr_SetString(PyExc_ValueError, "a search state outside the table");
        return NULL;
    }
    if (!read_hands(hands, self->hands, n)) {
        return NULL;
    }
    self->c.failed = 0;
    return kernel_result(&self->c, d_ab(self, alpha, beta, seat, leader, k, led, best, winner,
                                        tpts, won, (uint32_t)tm, rem));
}

KERNEL_TYPE(static, DebertzKernel,
            "ab(hands, alpha, beta, seat, leader, k, led, best, winner, tpts, won, tm, rem)",
            "The Debertz search (kozyr.bots.solver.debertz) with its transposition table.");

/* -- Tertz -------------------------------------------------------------------------- */

#define T_LAST 10

typedef struct {
    PyObject_HEAD
    Common c;
    int trump, me, nd;
    int draws[32];
    uint32_t later[33];
    int pts[32], st[32];
    uint32_t higher[32];
    uint32_t jack;
    uint32_t hands[4];
} TertzKernel;

static int
t_ab(TertzKernel *K, int alpha, int beta, int seat, int k, int lead, int rem, int di)
{
    Common *C = &K->c;
    if (count_node(C)) {
        return 0;
    }
    const int trump = K->trump, nd = K->nd, me = K->me;
    const int *pts = K->pts, *st = K->st;
    uint32_t h = K->hands[seat];
    uint32_t cands, live;
    uint32_t extra = 0;
    int e_best = -1;
    if (k == 0) {
        if (!h) {
            return 0;
        }
        int ub = rem + T_LAST;
        if (ub <= alpha) {
            return ub;
        }
        if (-ub >= beta) {
            return -ub;
        }
        extra = (uint32_t)seat | (uint32_t)di << 1;
        int bound;
        if (probe(C, K->hands, extra, &alpha, &beta, &e_best, &bound)) {
            return bound;
        }
        cands = h;
        live = K->hands[0] | K->hands[1] | K->later[di];
    } else {
        uint32_t hh = h & ~K->jack;
        uint32_t suit = hh & C->suit_mask[lead >> 3];
        uint32_t m;
        if (di == nd && suit) {
            m = suit & K->higher[lead];
            if (!m) {
                m = suit;
            }
        } else {
            m = suit;
            if (!m) {
                m = hh & C->suit_mask[trump];
            }
            if (!m) {
                m = hh;
            }
        }
        cands = (m ? m : h) | (h & K->jack);
        live = K->hands[0] | K->hands[1] | K->later[di] | 1u << lead;
    }
    cands = drop_equivalent(C, cands, live, trump);
    int moves[32];
    int nm = cards_of(cands, moves);
    if (k == 0) {
        sort_by(moves, nm, st, 1);
        lead_first(moves, nm, e_best);
    } else {
        int beaters[32], others[32], nb = 0, no = 0;
        for (int i = 0; i < nm; i++) {
            int c = moves[i];
            if (c >> 3 == lead >> 3) {
                if (K->higher[lead] >> c & 1) {
                    beaters[nb++] = c;
                } else {
                    others[no++] = c;
                }
            } else if (c >> 3 == trump) {
                beaters[nb++] = c;
            } else {
                others[no++] = c;
            }
        }
        sort_by(beaters, nb, pts, 1);
        sort_by(others, no, pts, 0);
        nm = 0;
        for (int i = 0; i < nb; i++) moves[nm++] = beaters[i];
        for (int i = 0; i < no; i++) moves[nm++] = others[i];
    }
    int maximizing = seat == me;
    int a0 = alpha, b0 = beta;
    int value = maximizing ? -BIG : BIG;
    int best_move = -1;
    for (int i = 0; i < nm; i++) {
        int c = moves[i];
        int v;
        K->hands[seat] = h ^ (1u << c);
        if (k == 0) {
            v = t_ab(K, alpha, beta, 1 - seat, 1, c, rem, di);
        } else {
            int win;
            if (c >> 3 == lead >> 3) {
                win = (K->higher[lead] >> c & 1) ? seat : 1 - seat;
            } else {
                win = c >> 3 == trump ? seat : 1 - seat;
            }
            int p = pts[c] + pts[lead];
            if (di < nd) {
                int a = K->draws[di], b = K->draws[di + 1];
                K->hands[win] |= 1u << a;
                K->hands[1 - win] |= 1u << b;
                int gain = win == me ? p : -p;
                v = gain + t_ab(K, alpha - gain, beta - gain, win, 0, -1, rem - p, di + 2);
                K->hands[win] &= ~(1u << a);
                K->hands[1 - win] &= ~(1u << b);
            } else {
                if (!K->hands[seat]) {
                    p += T_LAST;
                }
                int gain = win == me ? p : -p;
                v = gain + t_ab(K, alpha - gain, beta - gain, win, 0, -1,
                                rem - pts[c] - pts[lead], di);
            }
        }
        K->hands[seat] = h;
        if (C->failed) {
            return 0;
        }
        if (take(maximizing, v, c, &value, &best_move, &alpha, &beta)) {
            break;
        }
    }
    if (k == 0 && !store(C, K->hands, extra, value, a0, b0, best_move)) {
        return 0;
    }
    return value;
}

static int
TertzKernel_init(TertzKernel *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"trump", "me", "draws", "points", "strength", "higher", "jack",
                             "redundant", "suit_mask", "clock", "deadline", "timeout", NULL};
    PyObject *draws, *points, *strength, *higher, *redundant, *suit_mask, *clock, *timeout;
    int trump, me;
    unsigned long jack;
    double deadline;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOOOkOOOdO", kwlist, &trump, &me, &draws,
                                     &points, &strength, &higher, &jack, &redundant,
                                     &suit_mask, &clock, &deadline, &timeout)) {
        return -1;
    }
    if (trump < 0 || trump > 3 || me < 0 || me > 1) {
        PyErr_SetString(PyExc_ValueError, "a trump suit 0..3 and me 0 or 1");
        return -1;
    }
    common_clear(&self->c);
    self->trump = trump;
    self->me = me;
    self->jack = (uint32_t)jack;
    memset(self->hands, 0, sizeof(self->hands));
    Py_ssize_t nd = PySequence_Size(draws);
    if (nd < 0) {
        return -1;
    }
    if (nd > 32 || nd % 2) {
        PyErr_SetString(PyExc_ValueError, "draws: an even number of cards, at most 32");
        return -1;
    }
    int cards[32];
    if (!read_ints(draws, cards, nd, "draws") || !read_ints(points, self->pts, 32, "points")
        || !read_ints(strength, self->st, 32, "strength")
        || !read_masks(higher, self->higher, 32, "higher")) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < nd; i++) {
        if (cards[i] < 0 || cards[i] > 31) {
            PyErr_SetString(PyExc_ValueError, "draws: cards are 0..31");
            return -1;
        }
    }
    self->nd = (int)nd;
    memcpy(self->draws, cards, nd * sizeof(int));
    self->later[nd] = 0;
    for (Py_ssize_t i = nd - 1; i >= 0; i--) {
        self->later[i] = self->later[i + 1] | 1u << self->draws[i];
    }
    return common_init(&self->c, redundant, suit_mask, clock, deadline, timeout) ? 0 : -1;
}

static PyObject *
TertzKernel_ab(TertzKernel *self, PyObject *args)
{
    PyObject *hands;
    int alpha, beta, seat, k, lead, rem, di;
    if (!PyArg_ParseTuple(args, "Oiiiiiii", &hands, &alpha, &beta, &seat, &k, &lead, &rem,
                          &di)) {
        return NULL;
    }
    if (self->c.tt.slots == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "kernel not initialised");
        return NULL;
    }
    if (di < 0 || di > self->nd || di % 2 || seat < 0 || seat > 1 || k < 0 || k > 1
        || lead < -1 || lead > 31 || (k == 1 && lead < 0) || rem < 0 || rem > 4096) {
        PyErr_SetString(PyExc_ValueError, "seat 0 or 1 and a draw index within the draws");
        return NULL;
    }
    if (!read_hands(hands, self->hands, 2)) {
        return NULL;
    }
    self->c.failed = 0;
    return kernel_result(&self->c, t_ab(self, alpha, beta, seat, k, lead, rem, di));
}

KERNEL_TYPE(static, TertzKernel,
            "ab(hands, alpha, beta, seat, k, lead, rem, di)",
            "The Tertz search (kozyr.bots.solver.tertz) with its transposition table.");

/* -- the module ----------------------------------------------------------------------- */

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "ckernel",
    "Compiled double-dummy kernels of the Thousand, Debertz and Tertz solvers (see the C "
    "sources).", -1,
    NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC
PyInit_ckernel(void)
{
    if (PyType_Ready(&DebertzKernelType) < 0 || PyType_Ready(&TertzKernelType) < 0
        || PyType_Ready(&ThousandKernelType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&kernel_module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&DebertzKernelType);
    if (PyModule_AddObject(m, "DebertzKernel", (PyObject *)&DebertzKernelType) < 0) {
        Py_DECREF(&DebertzKernelType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&TertzKernelType);
    if (PyModule_AddObject(m, "TertzKernel", (PyObject *)&TertzKernelType) < 0) {
        Py_DECREF(&TertzKernelType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&ThousandKernelType);
    if (PyModule_AddObject(m, "ThousandKernel", (PyObject *)&ThousandKernelType) < 0) {
        Py_DECREF(&ThousandKernelType);
        Py_DECREF(m);
        return NULL;
    }
    /* kozyr.bots.solver.kernel uses a built module only if its VERSION is the one it knows
     * (a stale build after the signatures change falls back to the pure search). */
    if (PyModule_AddIntConstant(m, "VERSION", 2) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
