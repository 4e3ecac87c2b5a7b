/* msmem_drv: the images of gx_msmem's input transactions (ms_flush_t, ms_rdreq_t of
 * gx_pkg), field by field from defs.h. */
#include <string.h>

#include "msmem_rtl.h"

static void bits_set(uint32_t *w, unsigned lsb, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++) {
        const unsigned b = lsb + i;
        if ((v >> i) & 1u)
            w[b / 32] |= 1u << (b % 32);
        else
            w[b / 32] &= ~(1u << (b % 32));
    }
}

void gx_msmem_flush_pack(const gx_ms_flush_t *f, uint32_t w[GX_MS_FLUSH_WORDS])
{
    memset(w, 0, GX_MS_FLUSH_WORDS * sizeof w[0]);
    bits_set(w, GX_MS_FLUSH_TILE_LSB, GX_MS_FLUSH_TILE_BITS, f->tile);
    bits_set(w, GX_MS_FLUSH_CAUSE_LSB, GX_MS_FLUSH_CAUSE_BITS, (uint32_t)f->cause);
    bits_set(w, GX_MS_FLUSH_ENC_LSB, GX_MS_FLUSH_ENC_BITS, (uint32_t)f->enc);
    bits_set(w, GX_MS_FLUSH_WRITTEN_LSB, GX_MS_FLUSH_WRITTEN_BITS, f->written);
    bits_set(w, GX_MS_FLUSH_PAYLOAD_BYTES_LSB, GX_MS_FLUSH_PAYLOAD_BYTES_BITS, f->payload_bytes);
    for (unsigned j = 0; j < GX_MS_MAX_PAYLOAD && j < f->payload_bytes; j++)
        bits_set(w, GX_MS_FLUSH_PAYLOAD_LSB + 8 * j, 8, f->payload[j]);
}

void gx_msmem_rdreq_pack(uint32_t tile, uint32_t pixels, gx_ms_read_kind_t kind,
                         uint32_t w[GX_MS_RDREQ_WORDS])
{
    memset(w, 0, GX_MS_RDREQ_WORDS * sizeof w[0]);
    bits_set(w, GX_MS_RDREQ_TILE_LSB, GX_MS_RDREQ_TILE_BITS, tile);
    bits_set(w, GX_MS_RDREQ_KIND_LSB, GX_MS_RDREQ_KIND_BITS, (uint32_t)kind);
    bits_set(w, GX_MS_RDREQ_PIXELS_LSB, GX_MS_RDREQ_PIXELS_BITS, pixels);
}
