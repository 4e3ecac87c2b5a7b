/* texq_drv: the texture port's request compared field by field (texq_rtl.h). */
#include "texq_rtl.h"

int gx_texq_req_eq(const gx_texq_req_t *a, const gx_texq_req_t *b)
{
    if (a->batch != b->batch || a->warp != b->warp || a->quad != b->quad || a->op != b->op ||
        a->seq != b->seq)
        return 0;
    for (unsigned i = 0; i < 4; i++)
        if (a->s[i] != b->s[i] || a->t[i] != b->t[i])
            return 0;
    return 1;
}
