/* ztable_drv: gx_ztable's port images. */
#include <string.h>

#include "ztable_rtl.h"

void gx_ztable_cmd_pack(const gx_ztable_cmd_t *c, uint32_t w[GX_ZL_CMD_WORDS])
{
    memset(w, 0, GX_ZL_CMD_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_ZL_CMD_OP_LSB, GX_ZL_CMD_OP_BITS, c->op);
    gx_bits_set(w, GX_ZL_CMD_S_LSB, GX_ZL_CMD_S_BITS, c->s);
    gx_bits_set(w, GX_ZL_CMD_K_LSB, GX_ZL_CMD_K_BITS, c->k);
    for (unsigned i = 0; i < GX_PATTERN_SLOTS; i++)
        gx_bits_set(w, GX_ZL_CMD_DATA_LSB + 8 * i, 8, c->data[i]);
}

uint32_t gx_ztable_ev_pack(unsigned s, unsigned dec, unsigned inc)
{
    uint32_t w = 0;
    gx_bits_set(&w, GX_ZL_EV_S_LSB, GX_ZL_EV_S_BITS, s);
    gx_bits_set(&w, GX_ZL_EV_DEC_LSB, GX_ZL_EV_DEC_BITS, dec);
    gx_bits_set(&w, GX_ZL_EV_INC_LSB, GX_ZL_EV_INC_BITS, inc);
    return w;
}
