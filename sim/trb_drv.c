/* trb_drv: a value's beats as gx_trb moves them (trb_rtl.h). */
#include <string.h>

#include "trb_rtl.h"

void gx_trb_beat(const uint32_t v[GX_TRB_LANES], unsigned k, uint32_t beat[4])
{
    memcpy(beat, v + 4 * k, 4 * sizeof *beat);
}

int gx_trb_beat_eq(const uint32_t v[GX_TRB_LANES], unsigned k, const uint32_t beat[4])
{
    return !memcmp(v + 4 * k, beat, 4 * sizeof *beat);
}
