/* gx: reading text inputs, reporting their errors, buffering output. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx.h"

int gx_text_open(gx_text_t *t, const char *name)
{
    memset(t, 0, sizeof *t);
    t->name = name;
    FILE *f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
    if (!f) {
        fprintf(stderr, "gx: %s: %s\n", name, strerror(errno));
        return 0;
    }
    size_t cap = 1 << 16;
    t->buf = malloc(cap + 1);
    for (size_t n; t->buf && (n = fread(t->buf + t->len, 1, cap - t->len, f)) > 0;) {
        t->len += n;
        if (t->len == cap) {
            char *nb = realloc(t->buf, 2 * cap + 1);
            if (!nb) {
                free(t->buf);
                t->buf = NULL;
                break;
            }
            t->buf = nb;
            cap *= 2;
        }
    }
    int err = !t->buf || ferror(f);
    if (f != stdin)
        fclose(f);
    if (err) {
        fprintf(stderr, "gx: %s: %s\n", name, t->buf ? "read error" : "out of memory");
        free(t->buf);
        t->buf = NULL;
        return 0;
    }
    t->buf[t->len] = '\0';
    return 1;
}

void gx_text_close(gx_text_t *t)
{
    free(t->buf);
    t->buf = NULL;
}

char *gx_text_next(gx_text_t *t)
{
    while (t->pos < t->len) {
        char *line = t->buf + t->pos;
        char *nl = memchr(line, '\n', t->len - t->pos);
        size_t n = nl ? (size_t)(nl - line) : t->len - t->pos;
        t->pos += n + (nl ? 1 : 0);
        t->line++;
        line[n] = '\0';
        if (n && line[n - 1] == '\r')
            line[n - 1] = '\0';
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p && *p != '#')
            return line;
    }
    return NULL;
}

unsigned gx_fields(char *line, char **f, unsigned max)
{
    unsigned n = 0;
    for (char *p = line;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return n;
        if (n == max)
            return max + 1;
        f[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
    }
}

void gx_input_error(const gx_text_t *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gx: %s:%u: ", t->name, t->line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int gx_parse_engine(int argc, char **argv, int *i, gx_engine_t *engine)
{
    const char *a = argv[*i], *v = NULL;
    if (!strcmp(a, "--engine")) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "gx: --engine needs a value: cmodel or rtl\n");
            return -1;
        }
        v = argv[++*i];
    } else if (!strncmp(a, "--engine=", 9)) {
        v = a + 9;
    } else {
        return 0;
    }
    if (!strcmp(v, "cmodel"))
        *engine = GX_ENGINE_CMODEL;
    else if (!strcmp(v, "rtl"))
        *engine = GX_ENGINE_RTL;
    else {
        fprintf(stderr, "gx: unknown engine '%s' (cmodel or rtl)\n", v);
        return -1;
    }
    return 1;
}

void gx_out_printf(gx_out_t *o, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(o->buf ? o->buf + o->len : NULL, o->buf ? o->cap - o->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (o->buf && o->len + (size_t)n < o->cap) {
            o->len += (size_t)n;
            return;
        }
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap < o->len + (size_t)n + 1)
            cap *= 2;
        char *nb = realloc(o->buf, cap);
        if (!nb) {
            fprintf(stderr, "gx: out of memory\n");
            exit(1);
        }
        o->buf = nb;
        o->cap = cap;
    }
}

int gx_out_flush(gx_out_t *o)
{
    int bad = o->len && fwrite(o->buf, 1, o->len, stdout) != o->len;
    bad |= fflush(stdout) != 0;
    gx_out_free(o);
    if (bad)
        fprintf(stderr, "gx: write error on stdout\n");
    return bad;
}

void gx_out_free(gx_out_t *o)
{
    free(o->buf);
    o->buf = NULL;
    o->len = o->cap = 0;
}

int gx_take_file(const char *cmd, const char *arg, const char **file, const char *what)
{
    if (arg[0] == '-' && arg[1]) {
        fprintf(stderr, "%s: unknown option '%s'\n", cmd, arg);
        return -1;
    }
    if (*file) {
        fprintf(stderr, "%s: one %s only\n", cmd, what);
        return -1;
    }
    *file = arg;
    return 0;
}

int gx_parse_format(const gx_text_t *t, const char *n, const char *b, gx_spp_t *spp,
                    gx_bps_t *bps)
{
    static const char *const ns[] = {"2", "4", "8", "16"};
    static const char *const bs[] = {"4", "8", "16"};
    int s = -1, w = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(n, ns[i]))
            s = i;
    for (int i = 0; i < 3; i++)
        if (!strcmp(b, bs[i]))
            w = i;
    if (s < 0) {
        gx_input_error(t, "samples per pixel N '%s' is not one of 2 4 8 16", n);
        return 0;
    }
    if (w < 0) {
        gx_input_error(t, "bytes per sample B '%s' is not one of 4 8 16", b);
        return 0;
    }
    *spp = (gx_spp_t)s;
    *bps = (gx_bps_t)w;
    return 1;
}
