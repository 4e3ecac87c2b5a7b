// pipe_rtl: the thin C++ shim between Verilator's Vgx_pipe and C: its port mapping; the
// rest is gx::VlModel.
#include "pipe_rtl.h"

#include <cstddef>
#include <cstring>

#include "Vgx_pipe.h"
#include "vl_model.h"

namespace {

void idle(Vgx_pipe &t)
{
    t.s_cmd_tvalid = 0;
    t.m_ld_tready = 0;
    t.s_axil_awvalid = 0;
    t.s_axil_wvalid = 0;
    t.s_axil_bready = 0;
    t.s_axil_arvalid = 0;
    t.s_axil_rready = 0;
    t.m_axi_awready = 0;
    t.m_axi_wready = 0;
    t.m_axi_bvalid = 0;
    t.m_axi_arready = 0;
    t.m_axi_rvalid = 0;
}

uint64_t le64(const uint8_t *b)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v |= static_cast<uint64_t>(b[i]) << (8 * i);
    return v;
}

void put64(uint8_t *b, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        b[i] = static_cast<uint8_t>(v >> (8 * i));
}

// m_axi's data ports: 32 bits (an IData), 64 (a QData) or wider (32-bit words), byte j
// of the beat in bits [8j +: 8]; their width is the model's GX_PIPE_RTL_DATA_BYTES.
void data_in(IData &port, const uint8_t *b)
{
    port = 0;
    for (unsigned i = 0; i < 4; i++)
        port |= static_cast<IData>(b[i]) << (8 * i);
}
void data_out(uint8_t *b, IData port)
{
    for (unsigned i = 0; i < 4; i++)
        b[i] = static_cast<uint8_t>(port >> (8 * i));
}
void data_in(QData &port, const uint8_t *b) { port = le64(b); }
void data_out(uint8_t *b, QData port) { put64(b, port); }
template <std::size_t N> void data_in(VlWide<N> &port, const uint8_t *b)
{
    for (std::size_t i = 0; i < N; i++)
        port[i] = static_cast<uint32_t>(b[4 * i]) | static_cast<uint32_t>(b[4 * i + 1]) << 8 |
                  static_cast<uint32_t>(b[4 * i + 2]) << 16 |
                  static_cast<uint32_t>(b[4 * i + 3]) << 24;
}
template <std::size_t N> void data_out(uint8_t *b, const VlWide<N> &port)
{
    for (std::size_t i = 0; i < 4 * N; i++)
        b[i] = static_cast<uint8_t>(port[i / 4] >> (8 * (i % 4)));
}
static_assert(sizeof(Vgx_pipe::m_axi_wdata) == GX_PIPE_RTL_DATA_BYTES,
              "GX_PIPE_RTL_DATA_BYTES is not the model's m_axi data width");

}  // namespace

struct gx_pipe_rtl {
    gx::VlModel<Vgx_pipe> vl;
    explicit gx_pipe_rtl(const char *fst_path) : vl("gx_pipe", fst_path, idle) {}
};

extern "C" gx_pipe_rtl_t *gx_pipe_rtl_new(const char *fst_path) { return new gx_pipe_rtl(fst_path); }

extern "C" void gx_pipe_rtl_free(gx_pipe_rtl_t *m, const char *cov_path)
{
    m->vl.finish(cov_path);
    delete m;
}

extern "C" void gx_pipe_rtl_set(gx_pipe_rtl_t *m, const gx_pipe_io_t *io)
{
    Vgx_pipe &t = *m->vl.top;
    t.rst_i = io->rst ? 1 : 0;
    // s_cmd
    t.s_cmd_tvalid = io->cmd.valid ? 1 : 0;
    t.s_cmd_tdata = le64(io->cmd.data);
    t.s_cmd_tkeep = static_cast<uint8_t>(io->cmd.keep);
    t.s_cmd_tlast = io->cmd.last ? 1 : 0;
    // m_ld
    t.m_ld_tready = io->ld.ready ? 1 : 0;
    // s_axil
    const axi_lite_sig_t &l = io->lite;
    t.s_axil_awvalid = l.aw_valid ? 1 : 0;
    t.s_axil_awaddr = static_cast<uint16_t>(l.aw_addr & 0x1ffu);
    t.s_axil_awprot = static_cast<uint8_t>(l.aw_prot & 7u);
    t.s_axil_wvalid = l.w_valid ? 1 : 0;
    t.s_axil_wdata = static_cast<uint32_t>(l.w_data);
    t.s_axil_wstrb = static_cast<uint8_t>(l.w_strb & 15u);
    t.s_axil_bready = l.b_ready ? 1 : 0;
    t.s_axil_arvalid = l.ar_valid ? 1 : 0;
    t.s_axil_araddr = static_cast<uint16_t>(l.ar_addr & 0x1ffu);
    t.s_axil_arprot = static_cast<uint8_t>(l.ar_prot & 7u);
    t.s_axil_rready = l.r_ready ? 1 : 0;
    // m_axi: the slave's side
    const axi4_sig_t &a = io->mem;
    t.m_axi_awready = a.aw_ready ? 1 : 0;
    t.m_axi_wready = a.w_ready ? 1 : 0;
    t.m_axi_bvalid = a.b_valid ? 1 : 0;
    t.m_axi_bid = static_cast<uint8_t>(a.b_id & 15u);
    t.m_axi_bresp = static_cast<uint8_t>(a.b_resp & 3u);
    t.m_axi_arready = a.ar_ready ? 1 : 0;
    t.m_axi_rvalid = a.r_valid ? 1 : 0;
    data_in(t.m_axi_rdata, a.r_data);
    t.m_axi_rid = static_cast<uint8_t>(a.r_id & 15u);
    t.m_axi_rresp = static_cast<uint8_t>(a.r_resp & 3u);
    t.m_axi_rlast = a.r_last ? 1 : 0;
}

extern "C" void gx_pipe_rtl_eval(gx_pipe_rtl_t *m) { m->vl.eval(); }

extern "C" void gx_pipe_rtl_get(const gx_pipe_rtl_t *m, gx_pipe_io_t *io)
{
    const Vgx_pipe &t = *m->vl.top;
    io->cmd.ready = t.s_cmd_tready;
    io->ld.valid = t.m_ld_tvalid;
    put64(io->ld.data, t.m_ld_tdata);
    io->ld.last = t.m_ld_tlast;
    axi_lite_sig_t &l = io->lite;
    l.aw_ready = t.s_axil_awready;
    l.w_ready = t.s_axil_wready;
    l.b_valid = t.s_axil_bvalid;
    l.b_resp = t.s_axil_bresp;
    l.ar_ready = t.s_axil_arready;
    l.r_valid = t.s_axil_rvalid;
    l.r_data = t.s_axil_rdata;
    l.r_resp = t.s_axil_rresp;
    axi4_sig_t &a = io->mem;
    a.aw_valid = t.m_axi_awvalid;
    a.aw_id = t.m_axi_awid;
    a.aw_addr = t.m_axi_awaddr;
    a.aw_len = t.m_axi_awlen;
    a.aw_size = t.m_axi_awsize;
    a.aw_burst = t.m_axi_awburst;
    a.aw_cache = t.m_axi_awcache;
    a.aw_prot = t.m_axi_awprot;
    a.w_valid = t.m_axi_wvalid;
    std::memset(a.w_data, 0, sizeof a.w_data);
    data_out(a.w_data, t.m_axi_wdata);
    a.w_strb = t.m_axi_wstrb;
    a.w_last = t.m_axi_wlast;
    a.b_ready = t.m_axi_bready;
    a.ar_valid = t.m_axi_arvalid;
    a.ar_id = t.m_axi_arid;
    a.ar_addr = t.m_axi_araddr;
    a.ar_len = t.m_axi_arlen;
    a.ar_size = t.m_axi_arsize;
    a.ar_burst = t.m_axi_arburst;
    a.ar_cache = t.m_axi_arcache;
    a.ar_prot = t.m_axi_arprot;
    a.r_ready = t.m_axi_rready;
    io->busy = t.busy_o;
    io->idle = t.idle_o;
}

extern "C" void gx_pipe_rtl_tick(gx_pipe_rtl_t *m) { m->vl.tick(); }

extern "C" int gx_pipe_rtl_failed(const gx_pipe_rtl_t *m) { return m->vl.failed(); }
