// mssurf_rtl: the thin C++ shim between the Verilated gx_mssurf models and C: their port
// mapping; the rest is gx::VlModel and gx::ms_drive_cfg. One model is Verilated for each
// slot count K the tools offer: Vgx_mssurf (the default K, GX_MS_DEFAULT_SLOTS) and
// Vgx_mssurf_k<K> for each K of the Makefile's MSSURF_KS (the same RTL with -GSlots=K).
// The opaque handle is a Dut: the stream functions reach the model through its virtual
// functions, so one tb_dut_ops_t serves every K.
#include "mssurf_rtl.h"

#include <algorithm>
#include <cstdio>

#include "Vgx_mssurf.h"
#include "ms_vl.h"
#include "vl_model.h"

// The extra models: mssurf_ks.h, which the Makefile writes from MSSURF_KS, includes each
// Vgx_mssurf_k<K>.h and lists them as GX_MSSURF_KS, X(K) each. The netlist-level build
// has the default model only (no such header on its path).
#if __has_include("mssurf_ks.h")
#include "mssurf_ks.h"
#else
#define GX_MSSURF_KS
#endif

namespace {

struct Dut {
    virtual ~Dut() = default;
    virtual void set(int req_valid, const uint32_t *req, int resp_ready) = 0;
    virtual void eval() = 0;
    virtual int req_ready() const = 0;
    virtual int resp_valid() const = 0;
    virtual void resp(uint32_t *w) const = 0;
    virtual void tick() = 0;
    virtual int failed() const = 0;
    virtual int idle() const = 0;
    virtual void cfg(const gx_ms_cfg_t *cfg) = 0;
    virtual void finish(const char *cov_path) = 0;
};

template <class V> struct DutK final : Dut {
    gx::VlModel<V> m;
    explicit DutK(const char *fst_path)
        : m("gx_mssurf", fst_path, [](V &t) {
              t.cmd_valid_i = 0;
              t.ev_ready_i = 0;
              t.cfg_i = gx::kMsCfgReset;
          })
    {
    }
    void set(int req_valid, const uint32_t *req, int resp_ready) override
    {
        m.top->cmd_valid_i = req_valid ? 1 : 0;
        m.top->ev_ready_i = resp_ready ? 1 : 0;
        for (unsigned i = 0; i < GX_MS_CMD_WORDS; i++)
            m.top->cmd_i[i] = req[i];
    }
    void eval() override { m.eval(); }
    int req_ready() const override { return m.top->cmd_ready_o; }
    int resp_valid() const override { return m.top->ev_valid_o; }
    void resp(uint32_t *w) const override
    {
        for (unsigned i = 0; i < GX_MS_EVICT_WORDS; i++)
            w[i] = m.top->ev_o[i];
    }
    void tick() override { m.tick(); }
    int failed() const override { return m.failed(); }
    int idle() const override { return !m.top->busy_o; }
    void cfg(const gx_ms_cfg_t *c) override { gx::ms_drive_cfg(*m.top, c); }
    void finish(const char *cov_path) override { m.finish(cov_path); }
};

Dut &dut(void *m) { return *static_cast<Dut *>(m); }
const Dut &dut(const void *m) { return *static_cast<const Dut *>(m); }

void set(void *m, int req_valid, const uint32_t *req, int resp_ready)
{
    dut(m).set(req_valid, req, resp_ready);
}
void eval(void *m) { dut(m).eval(); }
int req_ready(const void *m) { return dut(m).req_ready(); }
int resp_valid(const void *m) { return dut(m).resp_valid(); }
void resp(const void *m, uint32_t *w) { dut(m).resp(w); }
void tick(void *m) { dut(m).tick(); }
int failed(const void *m) { return dut(m).failed(); }
int idle(const void *m) { return dut(m).idle(); }

// The slot counts with a model (GX_MS_DEFAULT_SLOTS first).
#define X(k) , k
const unsigned kSlots[] = {GX_MS_DEFAULT_SLOTS GX_MSSURF_KS};
#undef X

}  // namespace

extern "C" const tb_dut_ops_t gx_mssurf_rtl_ops = {
    GX_MS_CMD_WORDS, GX_MS_EVICT_WORDS, set, eval, req_ready, resp_valid, resp, tick, failed,
    idle,
};

extern "C" void *gx_mssurf_rtl_new(unsigned slots, const char *fst_path)
{
    if (slots == GX_MS_DEFAULT_SLOTS)
        return static_cast<Dut *>(new DutK<Vgx_mssurf>(fst_path));
#define X(k)                                                                \
    if (slots == (k))                                                       \
        return static_cast<Dut *>(new DutK<Vgx_mssurf_k##k>(fst_path));
    GX_MSSURF_KS
#undef X
    return nullptr;
}

extern "C" void gx_mssurf_rtl_cfg(void *m, const gx_ms_cfg_t *cfg) { dut(m).cfg(cfg); }

extern "C" int gx_mssurf_rtl_has_slots(unsigned slots)
{
    return std::find(std::begin(kSlots), std::end(kSlots), slots) != std::end(kSlots);
}

extern "C" const char *gx_mssurf_rtl_slot_list(void)
{
    static char list[96];
    if (!list[0]) {
        constexpr unsigned n = sizeof kSlots / sizeof kSlots[0];
        unsigned k[n];
        std::copy(kSlots, kSlots + n, k);
        std::sort(k, k + n);
        size_t o = 0;
        for (unsigned i = 0; i < n && o < sizeof list; i++)
            o += (size_t)std::snprintf(list + o, sizeof list - o, "%s%u", i ? ", " : "", k[i]);
    }
    return list;
}

extern "C" void gx_mssurf_rtl_free(void *m, const char *cov_path)
{
    Dut *d = static_cast<Dut *>(m);
    d->finish(cov_path);
    delete d;
}
