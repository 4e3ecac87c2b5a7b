/* rng: the engines' random numbers; see rng.h. */
#include "rng.h"

void tb_rng_seed(tb_rng_t *r, uint64_t seed)
{
    r->s = seed ^ 0x9e3779b97f4a7c15ull;
    if (r->s == 0)
        r->s = 1;
    for (int i = 0; i < 4; i++)
        (void)tb_rng_u64(r);
}

/* xorshift64*: small, fast, and the same sequence on every host for a given seed. */
uint64_t tb_rng_u64(tb_rng_t *r)
{
    uint64_t x = r->s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    r->s = x;
    return x * 0x2545f4914f6cdd1dull;
}

uint32_t tb_rng_u32(tb_rng_t *r)
{
    return (uint32_t)(tb_rng_u64(r) >> 32);
}

uint32_t tb_rng_below(tb_rng_t *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)tb_rng_u32(r) * n) >> 32);
}

int tb_rng_pct(tb_rng_t *r, unsigned pct)
{
    return tb_rng_below(r, 100) < pct;
}

tb_stall_t tb_stall_pick(tb_rng_t *r)
{
    tb_stall_t s;
    switch (tb_rng_below(r, 4)) {
    case 0: s.gap_pct = 0; s.stall_pct = 0; break;      /* full rate */
    case 1: s.gap_pct = 10; s.stall_pct = 10; break;    /* light */
    case 2: s.gap_pct = 60; s.stall_pct = 70; break;    /* heavy */
    default:
        s.gap_pct = tb_rng_below(r, 90);
        s.stall_pct = tb_rng_below(r, 90);
        break;
    }
    return s;
}

/* The random-reset seed sequence of the Verilated models (rng.h). Process-wide so that the
 * block shims need no seed argument; it only ever selects initial register values. */
static uint64_t vl_seed_next = 1;

void tb_vl_seed_start(uint64_t seed)
{
    vl_seed_next = seed;
}

uint32_t tb_vl_seed(void)
{
    tb_rng_t r;
    tb_rng_seed(&r, vl_seed_next++);
    uint32_t s = tb_rng_u32(&r) & 0x7fffffffu;
    return s ? s : 1;
}
