/* tbar_drv: the C model's clock in gx_tbar's order (tbar_rtl.h). */
#include "tbar_rtl.h"

int gx_tbar_clock(gx_tbarrier_t *b, unsigned arrive, unsigned done, unsigned *bad_done,
                  unsigned *bad_arrive)
{
    unsigned held = 0, rd = 0, ra = 0;
    for (unsigned p = 0; p < b->pipes; p++)
        held |= (unsigned)(gx_tbar_held(b, p) != 0) << p;
    int rel = 0;
    for (unsigned p = 0; p < b->pipes; p++)
        if (done >> p & 1) {
            const int r = gx_tbar_count(b, p);
            if (r < 0)
                rd |= 1u << p;
            rel |= r == 1;
        }
    for (unsigned p = 0; p < b->pipes; p++)
        if (arrive >> p & 1) {
            if (held >> p & 1)
                ra |= 1u << p;
            else if (!gx_tbar_arrive(b, p))
                ra |= 1u << p;
        }
    *bad_done = rd;
    *bad_arrive = ra;
    return rel;
}
