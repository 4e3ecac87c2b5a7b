// axi_width_rtl: the thin C++ shim between Verilator's Vgx_axi_width (the top
// gx_axi_width_sweep) and C: its port mapping (instance k's fields are element k of
// packed arrays; its DataW data bytes start at byte 4 * (2^k - 1)); the rest is
// gx::VlModel.
#include "axi_width_rtl.h"

#include <cstddef>

// The Makefile Verilates the sweep top with the class name Vgx_axi_width (--prefix, as
// every block's model is Vgx_<block>); FuseSoC's sim target names it after the top.
#if __has_include("Vgx_axi_width.h")
#include "Vgx_axi_width.h"
#else
#include "Vgx_axi_width_sweep.h"
using Vgx_axi_width = Vgx_axi_width_sweep;
#endif
#include "vl_model.h"

namespace {

// Bits [lsb, lsb + w) of a port, w <= 64: a scalar port or a wide one (32-bit words).
template <class T> uint64_t get_bits(const T &v, unsigned lsb, unsigned w)
{
    const uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1;
    return (static_cast<uint64_t>(v) >> lsb) & mask;
}
template <std::size_t N> uint64_t get_bits(const VlWide<N> &v, unsigned lsb, unsigned w)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < w; i++)
        r |= static_cast<uint64_t>((v[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1u) << i;
    return r;
}
template <class T> void set_bits(T &v, unsigned lsb, unsigned w, uint64_t x)
{
    const uint64_t mask = (w >= 64 ? ~0ull : (1ull << w) - 1) << lsb;
    v = static_cast<T>((static_cast<uint64_t>(v) & ~mask) | ((x << lsb) & mask));
}
template <std::size_t N> void set_bits(VlWide<N> &v, unsigned lsb, unsigned w, uint64_t x)
{
    for (unsigned i = 0; i < w; i++) {
        const unsigned b = lsb + i;
        v[b / 32] = (v[b / 32] & ~(1u << (b % 32))) |
                    static_cast<uint32_t>((x >> i) & 1u) << (b % 32);
    }
}

// Instance k's wide address channel (AW or AR) out of the ports.
template <class V, class A, class L, class S, class B, class C>
void addr_out(unsigned k, const V &valid, const A &addr, const L &len, const S &size,
              const B &burst, const C &cache, int *o_valid, uint64_t *o_addr, unsigned *o_len,
              unsigned *o_size, unsigned *o_burst, unsigned *o_cache)
{
    *o_valid = static_cast<int>(get_bits(valid, k, 1));
    *o_addr = get_bits(addr, 64 * k, 64);
    *o_len = static_cast<unsigned>(get_bits(len, 8 * k, 8));
    *o_size = static_cast<unsigned>(get_bits(size, 3 * k, 3));
    *o_burst = static_cast<unsigned>(get_bits(burst, 2 * k, 2));
    *o_cache = static_cast<unsigned>(get_bits(cache, 4 * k, 4));
}

}  // namespace

struct gx_axi_width_rtl {
    gx::VlModel<Vgx_axi_width> vl;
    explicit gx_axi_width_rtl(const char *fst_path)
        : vl("gx_axi_width", fst_path, [](Vgx_axi_width &t) {
              t.s_awvalid_i = 0;
              t.s_wvalid_i = 0;
              t.s_arvalid_i = 0;
              t.s_bready_i = 0;
              t.s_rready_i = 0;
              t.m_awready_i = 0;
              t.m_wready_i = 0;
              t.m_arready_i = 0;
              t.m_bvalid_i = 0;
              t.m_rvalid_i = 0;
          })
    {
    }
};

extern "C" gx_axi_width_rtl_t *gx_axi_width_rtl_new(const char *fst_path)
{
    return new gx_axi_width_rtl(fst_path);
}

extern "C" void gx_axi_width_rtl_free(gx_axi_width_rtl_t *m, const char *cov_path)
{
#ifndef GX_NO_COVERAGE
    // the points of the adapter's files only (the FIFO primitive is covered by its users)
    if (cov_path)
        m->vl.ctx->coveragep()->clearNonMatch("rtl/prim/gx_axi_width");
#endif
    m->vl.finish(cov_path);
    delete m;
}

extern "C" void gx_axi_width_rtl_eval(gx_axi_width_rtl_t *m, axi4_sig_t narrow[GX_AXI_WIDTH_N],
                                      axi4_sig_t wide[GX_AXI_WIDTH_N])
{
    Vgx_axi_width &t = *m->vl.top;
    for (unsigned k = 0; k < GX_AXI_WIDTH_N; k++) {
        const axi4_sig_t &n = narrow[k], &w = wide[k];
        const unsigned bytes = gx_axi_width_bytes(k), off = bytes - 4;
        set_bits(t.s_awvalid_i, k, 1, n.aw_valid != 0);
        set_bits(t.s_awaddr_i, 64 * k, 64, n.aw_addr);
        set_bits(t.s_awlen_i, 8 * k, 8, n.aw_len);
        set_bits(t.s_wvalid_i, k, 1, n.w_valid != 0);
        uint64_t wd = 0;
        for (unsigned j = 0; j < 8; j++)
            wd |= static_cast<uint64_t>(n.w_data[j]) << (8 * j);
        set_bits(t.s_wdata_i, 64 * k, 64, wd);
        set_bits(t.s_wstrb_i, 8 * k, 8, n.w_strb);
        set_bits(t.s_wlast_i, k, 1, n.w_last != 0);
        set_bits(t.s_bready_i, k, 1, n.b_ready != 0);
        set_bits(t.s_arvalid_i, k, 1, n.ar_valid != 0);
        set_bits(t.s_araddr_i, 64 * k, 64, n.ar_addr);
        set_bits(t.s_arlen_i, 8 * k, 8, n.ar_len);
        set_bits(t.s_rready_i, k, 1, n.r_ready != 0);
        set_bits(t.m_awready_i, k, 1, w.aw_ready != 0);
        set_bits(t.m_wready_i, k, 1, w.w_ready != 0);
        set_bits(t.m_bvalid_i, k, 1, w.b_valid != 0);
        set_bits(t.m_bresp_i, 2 * k, 2, w.b_resp);
        set_bits(t.m_arready_i, k, 1, w.ar_ready != 0);
        set_bits(t.m_rvalid_i, k, 1, w.r_valid != 0);
        for (unsigned j = 0; j < bytes; j++)
            set_bits(t.m_rdata_i, 8 * (off + j), 8, w.r_data[j]);
        set_bits(t.m_rresp_i, 2 * k, 2, w.r_resp);
        set_bits(t.m_rlast_i, k, 1, w.r_last != 0);
    }
    m->vl.eval();
    for (unsigned k = 0; k < GX_AXI_WIDTH_N; k++) {
        axi4_sig_t &n = narrow[k], &w = wide[k];
        const unsigned bytes = gx_axi_width_bytes(k), off = bytes - 4;
        n.aw_ready = static_cast<int>(get_bits(t.s_awready_o, k, 1));
        n.w_ready = static_cast<int>(get_bits(t.s_wready_o, k, 1));
        n.b_valid = static_cast<int>(get_bits(t.s_bvalid_o, k, 1));
        n.b_id = 0;
        n.b_resp = static_cast<unsigned>(get_bits(t.s_bresp_o, 2 * k, 2));
        n.ar_ready = static_cast<int>(get_bits(t.s_arready_o, k, 1));
        n.r_valid = static_cast<int>(get_bits(t.s_rvalid_o, k, 1));
        n.r_id = 0;
        const uint64_t rd = get_bits(t.s_rdata_o, 64 * k, 64);
        for (unsigned j = 0; j < 8; j++)
            n.r_data[j] = static_cast<uint8_t>(rd >> (8 * j));
        n.r_resp = static_cast<unsigned>(get_bits(t.s_rresp_o, 2 * k, 2));
        n.r_last = static_cast<int>(get_bits(t.s_rlast_o, k, 1));
        addr_out(k, t.m_awvalid_o, t.m_awaddr_o, t.m_awlen_o, t.m_awsize_o, t.m_awburst_o,
                 t.m_awcache_o, &w.aw_valid, &w.aw_addr, &w.aw_len, &w.aw_size, &w.aw_burst,
                 &w.aw_cache);
        w.aw_id = 0;
        w.aw_prot = 0;
        w.w_valid = static_cast<int>(get_bits(t.m_wvalid_o, k, 1));
        for (unsigned j = 0; j < bytes; j++)
            w.w_data[j] = static_cast<uint8_t>(get_bits(t.m_wdata_o, 8 * (off + j), 8));
        w.w_strb = static_cast<uint32_t>(get_bits(t.m_wstrb_o, off, bytes));
        w.w_last = static_cast<int>(get_bits(t.m_wlast_o, k, 1));
        w.b_ready = static_cast<int>(get_bits(t.m_bready_o, k, 1));
        addr_out(k, t.m_arvalid_o, t.m_araddr_o, t.m_arlen_o, t.m_arsize_o, t.m_arburst_o,
                 t.m_arcache_o, &w.ar_valid, &w.ar_addr, &w.ar_len, &w.ar_size, &w.ar_burst,
                 &w.ar_cache);
        w.ar_id = 0;
        w.ar_prot = 0;
        w.r_ready = static_cast<int>(get_bits(t.m_rready_o, k, 1));
    }
}

extern "C" void gx_axi_width_rtl_tick(gx_axi_width_rtl_t *m) { m->vl.tick(); }
extern "C" int gx_axi_width_rtl_failed(const gx_axi_width_rtl_t *m) { return m->vl.failed(); }
