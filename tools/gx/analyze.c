/* gx analyze: the 1SPP analyzer over a text file of lines (docs/analyzer.md).
 *   gx analyze [--engine cmodel|rtl] FILE          `N B HEX` -> `ENC m0 .. m(S-1)`
 *   gx analyze [--engine cmodel|rtl] --query FILE  `N B HEX SLOT` -> mask of SLOT (SULD.MS)
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_rtl.h"
#include "gx.h"
#include "gx/analyzer.h"

int gx_analyzer_engine(gx_engine_t engine, const gx_an_req_t *reqs, gx_an_resp_t *resps,
                       size_t n, uint64_t *clocks)
{
    *clocks = 0;
    if (engine == GX_ENGINE_CMODEL) {
        for (size_t i = 0; i < n; i++)
            gx_analyzer_process(&reqs[i], &resps[i]);
        *clocks = n; /* one line a clock */
        return 0;
    }
    if (n == 0)
        return 0;
    gx_analyzer_rtl_t *m = gx_analyzer_rtl_new(NULL);
    uint64_t got = 0;
    *clocks = gx_analyzer_rtl_run(m, reqs, resps, n, NULL, 0, 0, &got);
    gx_analyzer_rtl_free(m, NULL);
    if (!*clocks) {
        fprintf(stderr, "gx: the RTL stopped after %llu of %zu lines (assertion or hang)\n",
                (unsigned long long)got, n);
        return 1;
    }
    return 0;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Parse `N B HEX` (or `N B HEX SLOT` with query); on error report it and return 0. */
static int parse_line(gx_text_t *t, char *line, gx_an_req_t *q, int query)
{
    char *f[4];
    unsigned want = query ? 4 : 3;
    unsigned nf = gx_fields(line, f, want);
    if (nf != want) {
        if (nf > want)
            gx_input_error(t, "expected %u fields `%s`, found more", want,
                           query ? "N B HEX SLOT" : "N B HEX");
        else
            gx_input_error(t, "expected %u fields `%s`, found %u", want,
                           query ? "N B HEX SLOT" : "N B HEX", nf);
        return 0;
    }
    memset(q, 0, sizeof *q);
    gx_spp_t spp;
    gx_bps_t bps;
    if (!gx_parse_format(t, f[0], f[1], &spp, &bps))
        return 0;
    size_t len = strlen(f[2]);
    if (len != 2 * GX_LINE_BYTES) {
        gx_input_error(t, "HEX has %zu characters, expected %u hex digits", len, 2 * GX_LINE_BYTES);
        return 0;
    }
    for (unsigned i = 0; i < GX_LINE_BYTES; i++) {
        int hi = hexval(f[2][2 * i]), lo = hexval(f[2][2 * i + 1]);
        if (hi < 0 || lo < 0) {
            gx_input_error(t, "HEX character %u '%c' is not a hex digit", 2 * i + (hi < 0 ? 1 : 2),
                           hi < 0 ? f[2][2 * i] : f[2][2 * i + 1]);
            return 0;
        }
        q->line[i] = (uint8_t)(hi << 4 | lo);
    }
    q->spp = spp;
    q->bps = bps;
    if (query) {
        unsigned slots = gx_analyzer_slots(q->bps);
        const char *v = f[3];
        if (!(v[0] >= '0' && v[0] <= '9') || (v[1] && !(v[1] >= '0' && v[1] <= '9')) ||
            (v[1] && v[2]) || (v[0] == '0' && v[1]) || (unsigned)atoi(v) >= slots) {
            gx_input_error(t, "SLOT '%s' is not a slot of this line (0 to %u for B=%s)", v,
                           slots - 1, f[1]);
            return 0;
        }
        q->query = 1;
        q->qslot = (uint8_t)atoi(v);
    }
    return 1;
}

int gx_cmd_analyze(int argc, char **argv)
{
    gx_engine_t engine = GX_ENGINE_CMODEL;
    const char *file = NULL;
    int query = 0;
    for (int i = 1; i < argc; i++) {
        int r = gx_parse_engine(argc, argv, &i, &engine);
        if (r < 0)
            return GX_EXIT_BAD_INPUT;
        if (r > 0)
            continue;
        if (!strcmp(argv[i], "--query")) {
            query = 1;
            continue;
        }
        if (gx_take_file("gx analyze", argv[i], &file, "FILE") < 0)
            return GX_EXIT_BAD_INPUT;
    }
    if (!file) {
        fprintf(stderr, "usage: gx analyze [--engine cmodel|rtl] [--query] FILE\n");
        return GX_EXIT_BAD_INPUT;
    }
    gx_text_t t;
    if (!gx_text_open(&t, file))
        return GX_EXIT_BAD_INPUT;
    size_t n = 0, cap = 1024;
    gx_an_req_t *reqs = malloc(cap * sizeof *reqs);
    int ok = reqs != NULL;
    for (char *line; ok && (line = gx_text_next(&t));) {
        if (n == cap) {
            gx_an_req_t *nr = realloc(reqs, 2 * cap * sizeof *reqs);
            if (!nr) {
                ok = 0;
                break;
            }
            reqs = nr;
            cap *= 2;
        }
        if (!parse_line(&t, line, &reqs[n], query)) {
            free(reqs);
            gx_text_close(&t);
            return GX_EXIT_BAD_INPUT;
        }
        n++;
    }
    gx_text_close(&t);
    gx_an_resp_t *resps = ok ? malloc((n ? n : 1) * sizeof *resps) : NULL;
    if (!resps) {
        fprintf(stderr, "gx: out of memory\n");
        free(reqs);
        return 1;
    }
    uint64_t clocks;
    if (gx_analyzer_engine(engine, reqs, resps, n, &clocks)) {
        free(reqs);
        free(resps);
        return 1;
    }
    static const char *enc[] = {"1spp", "subset", "full", "?"};
    gx_out_t o = {0};
    for (size_t i = 0; i < n && query; i++)
        gx_out_printf(&o, "%x\n", resps[i].masks[reqs[i].qslot]);
    for (size_t i = 0; i < n && !query; i++) {
        gx_out_printf(&o, "%s", enc[resps[i].enc & 3]);
        for (unsigned j = 0; j < gx_analyzer_slots(reqs[i].bps); j++)
            gx_out_printf(&o, " %x", resps[i].masks[j]);
        gx_out_printf(&o, "\n");
    }
    free(reqs);
    free(resps);
    return gx_out_flush(&o);
}
