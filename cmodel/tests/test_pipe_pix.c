/* test_pipe_pix: unit tests of the pixel stage's golden model (also built with
 * ASan/UBSan).
 *
 * Covers: hand-worked groups (one lane, all four lanes, lanes without their valid bit
 * and with masks left in them, a full 16-pixel group, the x wrap at 2^13) with every
 * store's pixel, mask and color written out; the ring's numbers (tags in write order),
 * col_ready low at 64 live entries and back after a group retires some, head moved by a
 * group's tag (triangles without groups passed over), idle release, the 2^16 number
 * wrap and the slot wrap, a group of a retired or unwritten number refused; the
 * packed-struct images (group pack, store unpack and its checks).
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "gx/pipe_pix.h"

static void color_of(uint8_t c[16], unsigned n)
{
    for (unsigned j = 0; j < 16; j++)
        c[j] = (uint8_t)(j < 4 ? (n * 7u + j * 13u + 1u) : 0);
}

static int store_is(const gx_ms_store_t *s, unsigned x, unsigned y, unsigned mask, unsigned col)
{
    uint8_t c[16];
    color_of(c, col);
    return s->x == x && s->y == y && s->mask == mask && s->full == 0 &&
           memcmp(s->value, c, 16) == 0 && s->value[16] == 0;
}

int main(void)
{
    gx_pipe_pix_t p;
    gx_pipe_pix_init(&p);
    uint8_t c[16];
    gx_ms_store_t st[16];
    CHECK(gx_pipe_pix_live(&p) == 0 && gx_pipe_pix_col_ready(&p), "reset: empty");

    /* colors 0, 1, 2: tags 0, 1, 2 */
    for (unsigned n = 0; n < 3; n++) {
        color_of(c, n);
        CHECK(gx_pipe_pix_color(&p, c) == n, "tag %u", n);
    }
    CHECK(gx_pipe_pix_live(&p) == 3, "3 live");

    /* Group of triangle 0, lane 0 only, pixels 0 and 3: quad (5, 7) -> pixels (10, 14)
     * and (11, 15). */
    gx_rs_group_t g;
    memset(&g, 0, sizeof g);
    g.tag = 0; g.qx = 5; g.qy = 7; g.valid = 1;
    g.mask[0][0] = 0x000f; g.mask[0][3] = 0x0001;
    int n = gx_pipe_pix_group(&p, &g, st);
    CHECK(n == 2, "lane 0: 2 stores, got %d", n);
    CHECK(store_is(&st[0], 10, 14, 0x000f, 0), "lane 0 pixel 0");
    CHECK(store_is(&st[1], 11, 15, 0x0001, 0), "lane 0 pixel 3");
    CHECK(p.head == 0 && gx_pipe_pix_live(&p) == 3, "head stays at 0");

    /* Triangle 1 has no group; triangle 2: lanes 1 and 3 valid, lane 2 holds a mask but
     * no valid bit (not stored). qx = 8 (lane 0's quad), qy = 2. Lane 1 = quad (9, 2):
     * pixel 1 -> (19, 4); lane 3 = quad (11, 2): pixels 0, 2 -> (22, 4), (22, 5). */
    memset(&g, 0, sizeof g);
    g.tag = 2; g.qx = 8; g.qy = 2; g.valid = 0xa;
    g.mask[1][1] = 0x8000; g.mask[2][0] = 0x00ff; g.mask[3][0] = 0x0003; g.mask[3][2] = 0x0010;
    CHECK(gx_pipe_pix_pixels(&g) == 0x5020, "pixel bits %04x", gx_pipe_pix_pixels(&g));
    n = gx_pipe_pix_group(&p, &g, st);
    CHECK(n == 3, "lanes 1, 3: 3 stores, got %d", n);
    CHECK(store_is(&st[0], 19, 4, 0x8000, 2), "lane 1 pixel 1");
    CHECK(store_is(&st[1], 22, 4, 0x0003, 2), "lane 3 pixel 0");
    CHECK(store_is(&st[2], 22, 5, 0x0010, 2), "lane 3 pixel 2");
    CHECK(p.head == 2 && gx_pipe_pix_live(&p) == 1, "head moved to 2 (1 passed over)");
    CHECK(gx_pipe_pix_group(&p, &(gx_rs_group_t){.tag = 1, .valid = 1}, st) == -1,
          "tag 1 retired: refused");
    CHECK(gx_pipe_pix_group(&p, &(gx_rs_group_t){.tag = 3, .valid = 1}, st) == -1,
          "tag 3 not written: refused");

    /* A full group: 16 stores in lane, pixel order. */
    memset(&g, 0, sizeof g);
    g.tag = 2; g.qx = 0; g.qy = 0; g.valid = 0xf;
    for (unsigned l = 0; l < 4; l++)
        for (unsigned k = 0; k < 4; k++)
            g.mask[l][k] = (uint16_t)(1u << (4 * l + k));
    n = gx_pipe_pix_group(&p, &g, st);
    CHECK(n == 16, "16 stores, got %d", n);
    for (unsigned i = 0; i < 16; i++)
        CHECK(store_is(&st[i], 2 * (i / 4) + (i & 1), (i % 4) >> 1, 1u << i, 2), "store %u", i);

    /* x wraps at 2^13: qx = 4095, lane 3 -> quad 4098, pixel x 8197 mod 8192 = 5. */
    memset(&g, 0, sizeof g);
    g.tag = 2; g.qx = 4095; g.qy = 4095; g.valid = 8; g.mask[3][3] = 1;
    n = gx_pipe_pix_group(&p, &g, st);
    CHECK(n == 1 && store_is(&st[0], 5, 8191, 1, 2), "x mod 2^13");

    /* Fill the ring: 63 more colors (tags 3..65), col_ready low at 64 live. */
    for (unsigned k = 3; k < 66; k++) {
        CHECK(gx_pipe_pix_col_ready(&p), "ready at %u", k);
        color_of(c, k);
        CHECK(gx_pipe_pix_color(&p, c) == k, "tag %u", k);
    }
    CHECK(gx_pipe_pix_live(&p) == 64 && !gx_pipe_pix_col_ready(&p), "full at 64");
    /* A group of 5 retires 2, 3, 4: three free entries; color 66 goes to slot 2. */
    memset(&g, 0, sizeof g);
    g.tag = 5; g.valid = 1; g.mask[0][0] = 1;
    CHECK(gx_pipe_pix_group(&p, &g, st) == 1 && store_is(&st[0], 0, 0, 1, 5), "group 5");
    CHECK(gx_pipe_pix_live(&p) == 61 && gx_pipe_pix_col_ready(&p), "61 live");
    color_of(c, 66);
    CHECK(gx_pipe_pix_color(&p, c) == 66, "tag 66 (slot 2)");
    g.tag = 65;
    CHECK(gx_pipe_pix_group(&p, &g, st) == 1 && store_is(&st[0], 0, 0, 1, 65), "group 65 (slot 1)");
    g.tag = 66;
    CHECK(gx_pipe_pix_group(&p, &g, st) == 1 && store_is(&st[0], 0, 0, 1, 66), "group 66 (slot 2)");

    /* Idle release: everything free. */
    color_of(c, 67);
    gx_pipe_pix_color(&p, c);
    CHECK(gx_pipe_pix_live(&p) == 2, "67 live");
    gx_pipe_pix_idle(&p);
    CHECK(gx_pipe_pix_live(&p) == 0 && p.head == 68, "idle: head = next");
    CHECK(gx_pipe_pix_group(&p, &g, st) == -1, "after idle: 66 refused");

    /* The 2^16 wrap: numbers from 65530 on, tags 65535 then 0. */
    p.head = p.next = 65530;
    for (unsigned k = 0; k < 10; k++) {
        color_of(c, 65530 + k);
        CHECK(gx_pipe_pix_color(&p, c) == (uint16_t)(65530 + k), "tag %u", 65530 + k);
    }
    CHECK(gx_pipe_pix_live(&p) == 10, "10 live over the wrap");
    g.tag = 2;  /* 65538 mod 2^16 */
    CHECK(gx_pipe_pix_group(&p, &g, st) == 1 && store_is(&st[0], 0, 0, 1, 65538), "group 2 after wrap");
    CHECK(gx_pipe_pix_live(&p) == 2 && gx_pipe_pix_is_live(&p, 3) && !gx_pipe_pix_is_live(&p, 65535),
          "65535 retired after the wrap");

    /* Images: a group packed and a store image unpacked. */
    uint32_t w[GX_MS_CMD_WORDS];
    memset(&g, 0, sizeof g);
    g.tag = 0xbeef; g.qx = 0xabc; g.qy = 0x123; g.valid = 5; g.mask[2][1] = 0x5a5a;
    uint32_t gw[GX_RS_QGROUP_WORDS];
    gx_pipe_pix_group_pack(&g, gw);
    CHECK(gx_bits_get(gw, GX_RS_QGROUP_TAG_LSB, 16) == 0xbeef &&
          gx_bits_get(gw, GX_RS_QGROUP_QX_LSB, 12) == 0xabc &&
          gx_bits_get(gw, GX_RS_QGROUP_QY_LSB, 12) == 0x123 &&
          gx_bits_get(gw, GX_RS_QGROUP_VALID_LSB, 4) == 5 &&
          gx_bits_get(gw, 2 * 64 + 16, 16) == 0x5a5a, "group image");
    memset(w, 0, sizeof w);
    gx_bits_set(w, GX_MS_CMD_X_LSB, 13, 77);
    gx_bits_set(w, GX_MS_CMD_Y_LSB, 13, 88);
    gx_bits_set(w, GX_MS_CMD_MASK_LSB, 16, 3);
    gx_bits_set(w, 8 * 15, 8, 0x42);
    gx_ms_store_t s;
    CHECK(gx_pipe_pix_store_unpack(w, &s) == 0 && s.x == 77 && s.y == 88 && s.mask == 3 &&
          s.value[15] == 0x42, "store image");
    gx_bits_set(w, 8 * 16, 8, 1);
    CHECK(gx_pipe_pix_store_unpack(w, &s) == 1, "byte 16 set: refused");
    gx_bits_set(w, 8 * 16, 8, 0);
    gx_bits_set(w, GX_MS_CMD_OP_LSB, 2, 1);
    CHECK(gx_pipe_pix_store_unpack(w, &s) == 1, "op 1: refused");
    return check_summary();
}
