// ms_vl: what the C++ shims of the multi-sample blocks (gx_mssurf, gx_mswb, gx_msld)
// share besides gx::VlModel: their surface format port cfg_i (ms_cfg_t).
#ifndef GX_SIM_MS_VL_H
#define GX_SIM_MS_VL_H

#include <cstdint>

extern "C" {
#include "gx/defs.h"
#include "gx/mssurf.h"
}

namespace gx {

// A legal format during reset: 1 x 1, N = 2, B = 4.
constexpr uint64_t kMsCfgReset =
    (1ull << GX_MS_CFG_WIDTH_LSB) | (1ull << GX_MS_CFG_HEIGHT_LSB);

// Drive the block's cfg_i with the image of *cfg (GX_MS_CFG_WORDS words).
template <class V> void ms_drive_cfg(V &t, const gx_ms_cfg_t *cfg)
{
    uint32_t w[GX_MS_CFG_WORDS];
    gx_mssurf_cfg_pack(cfg, w);
    t.cfg_i = (uint64_t)w[0] | ((uint64_t)w[1] << 32);
}

}  // namespace gx

#endif  // GX_SIM_MS_VL_H
