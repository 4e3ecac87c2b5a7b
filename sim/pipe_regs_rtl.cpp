// pipe_regs_rtl: the thin C++ shim between Verilator's Vgx_pipe_regs_axil and the C test:
// its port mapping; the rest is gx::VlModel.
#include "pipe_regs_rtl.h"

#include <type_traits>

#include "Vgx_pipe_regs_axil.h"
#include "vl_model.h"

namespace {

// The hwif vectors as 32-bit words, whatever type Verilator gives the port (an integer
// up to 64 bits, VlWide above).
template <class P> constexpr unsigned words() { return (sizeof(std::remove_reference_t<P>) + 3) / 4; }
constexpr unsigned kInWords = words<decltype(Vgx_pipe_regs_axil::hwif_in_i)>();
constexpr unsigned kOutWords = words<decltype(Vgx_pipe_regs_axil::hwif_out_o)>();

template <class P> void put(P &port, const uint32_t *w)
{
    if constexpr (std::is_integral_v<std::remove_reference_t<P>>) {
        uint64_t v = 0;
        for (unsigned i = 0; i < words<P>(); i++)
            v |= static_cast<uint64_t>(w[i]) << (32 * i);
        port = static_cast<std::remove_reference_t<P>>(v);
    } else {
        for (unsigned i = 0; i < words<P>(); i++)
            port[i] = w[i];
    }
}

template <class P> void get(const P &port, uint32_t *w)
{
    if constexpr (std::is_integral_v<std::remove_cv_t<std::remove_reference_t<P>>>) {
        for (unsigned i = 0; i < words<P>(); i++)
            w[i] = static_cast<uint32_t>(static_cast<uint64_t>(port) >> (32 * i));
    } else {
        for (unsigned i = 0; i < words<P>(); i++)
            w[i] = port[i];
    }
}

void idle(Vgx_pipe_regs_axil &t)
{
    t.aw_valid_i = 0;
    t.w_valid_i = 0;
    t.b_ready_i = 0;
    t.ar_valid_i = 0;
    t.r_ready_i = 0;
    const uint32_t zero[kInWords] = {};
    put(t.hwif_in_i, zero);
}

}  // namespace

struct gx_pipe_regs_rtl {
    gx::VlModel<Vgx_pipe_regs_axil> vl;
    explicit gx_pipe_regs_rtl(const char *fst_path) : vl("gx_pipe_regs_axil", fst_path, idle) {}
};

extern "C" gx_pipe_regs_rtl_t *gx_pipe_regs_rtl_new(const char *fst_path)
{
    return new gx_pipe_regs_rtl(fst_path);
}

extern "C" void gx_pipe_regs_rtl_free(gx_pipe_regs_rtl_t *m, const char *cov_path)
{
    m->vl.finish(cov_path);
    delete m;
}

extern "C" unsigned gx_pipe_regs_rtl_hwif_bits(int out)
{
    // Verilator keeps a port's width only as its word count; the C side checks its
    // header's widths against these
    return 32u * (out ? kOutWords : kInWords);
}

extern "C" void gx_pipe_regs_rtl_set(gx_pipe_regs_rtl_t *m, int rst, const axi_lite_sig_t *s,
                                     const uint32_t *hwif_in)
{
    Vgx_pipe_regs_axil &t = *m->vl.top;
    t.rst_i = rst ? 1 : 0;
    t.aw_valid_i = s->aw_valid ? 1 : 0;
    t.aw_addr_i = static_cast<std::remove_reference_t<decltype(t.aw_addr_i)>>(s->aw_addr);
    t.aw_prot_i = static_cast<uint8_t>(s->aw_prot & 7u);
    t.w_valid_i = s->w_valid ? 1 : 0;
    t.w_data_i = static_cast<uint32_t>(s->w_data);
    t.w_strb_i = static_cast<uint8_t>(s->w_strb & 15u);
    t.b_ready_i = s->b_ready ? 1 : 0;
    t.ar_valid_i = s->ar_valid ? 1 : 0;
    t.ar_addr_i = static_cast<std::remove_reference_t<decltype(t.ar_addr_i)>>(s->ar_addr);
    t.ar_prot_i = static_cast<uint8_t>(s->ar_prot & 7u);
    t.r_ready_i = s->r_ready ? 1 : 0;
    put(t.hwif_in_i, hwif_in);
}

extern "C" void gx_pipe_regs_rtl_eval(gx_pipe_regs_rtl_t *m) { m->vl.eval(); }

extern "C" void gx_pipe_regs_rtl_get(const gx_pipe_regs_rtl_t *m, axi_lite_sig_t *s,
                                     uint32_t *hwif_out)
{
    const Vgx_pipe_regs_axil &t = *m->vl.top;
    s->aw_ready = t.aw_ready_o;
    s->w_ready = t.w_ready_o;
    s->b_valid = t.b_valid_o;
    s->b_resp = t.b_resp_o;
    s->ar_ready = t.ar_ready_o;
    s->r_valid = t.r_valid_o;
    s->r_data = t.r_data_o;
    s->r_resp = t.r_resp_o;
    get(t.hwif_out_o, hwif_out);
}

extern "C" void gx_pipe_regs_rtl_tick(gx_pipe_regs_rtl_t *m) { m->vl.tick(); }

extern "C" int gx_pipe_regs_rtl_failed(const gx_pipe_regs_rtl_t *m) { return m->vl.failed(); }
