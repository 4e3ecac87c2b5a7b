/* test_png_read: gx's PNG reader (tools/gx/png_read.{c,h}), through files this test writes
 * with libpng's own writer into a fresh temporary directory (removed at the end).
 *  - Read back as RGBA8, every byte compared: 8-bit RGB (alpha 255), 8-bit RGBA, 8-bit
 *    grey, 8-bit grey + alpha, 1-, 2-, 4- and 8-bit grey (expanded: 1-bit 0/255), 8-bit
 *    palette with and without a tRNS alpha table, 4-bit palette, 16-bit RGB and RGBA
 *    tagged sRGB (v * 257 reads back as v), 16-bit RGB with no colour information
 *    (taken as sRGB-encoded like an 8-bit file: v * 257 reads back as v), an
 *    interlaced file, sizes 1 x 1 and 37 x 23 (odd rows).
 *  - Errors: a missing file, an empty file, a text file, a PNG cut short inside its image
 *    data, a PNG with its IDAT's bytes corrupted; each returns -1 with a message naming
 *    the file, *rgba NULL and the size left as it was; a message cut to a short buffer
 *    and a NULL message buffer with no length.
 * Runs plain and under ASan/UBSan (make test); closes with `N passed, N failed`.
 */
#define _POSIX_C_SOURCE 200809L
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "png_read.h"

static char dir[256];

static void path_of(char *out, size_t n, const char *name)
{
    snprintf(out, n, "%s/%s", dir, name);
}

/* A file to write: the PNG header's fields, rows of packed samples, optional palette. */
typedef struct spec {
    const char *name;
    uint32_t w, h;
    int color, depth, interlace, srgb;
    const uint8_t *rows;        /* h rows of rowbytes */
    size_t rowbytes;
    const png_color *pal;
    int npal;
    const uint8_t *trns;
    int ntrns;
} spec_t;

/* Write the file with libpng's writer: 0, or -1 on any failure. */
static int write_png(const spec_t *s, const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    png_structp p = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = p ? png_create_info_struct(p) : NULL;
    if (!info) {
        png_destroy_write_struct(&p, NULL);
        fclose(f);
        return -1;
    }
    if (setjmp(png_jmpbuf(p))) {
        png_destroy_write_struct(&p, &info);
        fclose(f);
        return -1;
    }
    png_init_io(p, f);
    png_set_IHDR(p, info, s->w, s->h, s->depth, s->color,
                 s->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (s->pal)
        png_set_PLTE(p, info, s->pal, s->npal);
    if (s->trns)
        png_set_tRNS(p, info, s->trns, s->ntrns, NULL);
    if (s->srgb)
        png_set_sRGB(p, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(p, info);
    const int passes = png_set_interlace_handling(p);
    for (int pass = 0; pass < passes; pass++)
        for (uint32_t y = 0; y < s->h; y++)
            png_write_row(p, s->rows + y * s->rowbytes);
    png_write_end(p, info);
    png_destroy_write_struct(&p, &info);
    return fclose(f) ? -1 : 0;
}

/* Write s, read it back, compare with want (w h RGBA8). */
static void round_trip(const spec_t *s, const uint8_t *want)
{
    char path[512], err[512];
    path_of(path, sizeof path, s->name);
    if (write_png(s, path)) {
        CHECK(0, "%s: written", s->name);
        return;
    }
    uint32_t w = 0, h = 0;
    uint8_t *px = NULL;
    const int r = gx_png_read_rgba(path, &w, &h, &px, err, sizeof err);
    CHECK(r == 0 && px && w == s->w && h == s->h, "%s: read (%s)", s->name, r ? err : "ok");
    if (r == 0 && px && w == s->w && h == s->h) {
        size_t bad = 0;
        for (size_t i = 0; i < (size_t)w * h * 4; i++)
            bad += px[i] != want[i];
        CHECK(!bad, "%s: %zu of %zu bytes differ", s->name, bad, (size_t)w * h * 4);
    }
    free(px);
    unlink(path);
}

static uint8_t byte_at(uint32_t x, uint32_t y, uint32_t c)
{
    return (uint8_t)(x * 37 + y * 101 + c * 59 + ((x * y) >> 1));
}

/* A w x h RGB (alpha 0) or RGBA image of byte_at's values: its PNG rows at 8 or 16 bits a
 * component (at 16, v * 257: both bytes v) and the RGBA8 it reads back as (alpha 255 for
 * RGB). */
static void fill_rgb(uint8_t *rows, uint8_t *want, uint32_t w, uint32_t h, int alpha,
                     int depth)
{
    const unsigned ch = alpha ? 4 : 3, bpc = (unsigned)depth / 8;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++)
            for (unsigned c = 0; c < 4; c++) {
                const uint8_t v = c == 3 && !alpha ? 255 : byte_at(x, y, c);
                want[4 * (y * w + x) + c] = v;
                for (unsigned b = 0; c < ch && b < bpc; b++)
                    rows[bpc * (ch * (y * w + x) + c) + b] = v;
            }
}

static void test_formats(void)
{
    enum { W = 37, H = 23 };
    static uint8_t rows[H * W * 8], want[H * W * 4];
    spec_t s;

    /* 8-bit RGB and RGBA, interlaced and not */
    for (int alpha = 0; alpha < 2; alpha++)
        for (int il = 0; il < 2; il++) {
            const unsigned ch = alpha ? 4 : 3;
            fill_rgb(rows, want, W, H, alpha, 8);
            s = (spec_t){0};
            s.name = alpha ? (il ? "rgba8-interlaced.png" : "rgba8.png")
                           : (il ? "rgb8-interlaced.png" : "rgb8.png");
            s.w = W;
            s.h = H;
            s.color = alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB;
            s.depth = 8;
            s.interlace = il;
            s.rows = rows;
            s.rowbytes = ch * W;
            round_trip(&s, want);
        }

    /* grey at 1, 2, 4, 8 bits: sample v of n bits reads as v * 255 / (2^n - 1) */
    for (int depth = 1; depth <= 8; depth *= 2) {
        const uint32_t max = (1u << depth) - 1;
        const size_t rb = ((size_t)W * depth + 7) / 8;
        memset(rows, 0, sizeof rows);
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                const uint32_t v = byte_at(x, y, 0) & max;
                const size_t bit = (size_t)x * depth;
                rows[y * rb + bit / 8] |= (uint8_t)(v << (8 - depth - bit % 8));
                const uint8_t g = (uint8_t)(v * 255 / max);
                uint8_t *o = want + 4 * (y * W + x);
                o[0] = o[1] = o[2] = g;
                o[3] = 255;
            }
        char name[32];
        snprintf(name, sizeof name, "grey%d.png", depth);
        s = (spec_t){.name = name, .w = W, .h = H, .color = PNG_COLOR_TYPE_GRAY,
                      .depth = depth, .rows = rows, .rowbytes = rb};
        round_trip(&s, want);
    }

    /* grey + alpha, 8-bit */
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++) {
            const uint8_t g = byte_at(x, y, 0), a = byte_at(x, y, 3);
            rows[2 * (y * W + x)] = g;
            rows[2 * (y * W + x) + 1] = a;
            uint8_t *o = want + 4 * (y * W + x);
            o[0] = o[1] = o[2] = g;
            o[3] = a;
        }
    s = (spec_t){.name = "grey-alpha8.png", .w = W, .h = H, .color = PNG_COLOR_TYPE_GRAY_ALPHA,
                  .depth = 8, .rows = rows, .rowbytes = 2 * W};
    round_trip(&s, want);

    /* palette: 8-bit indices into 200 colours, with and without tRNS; 4-bit into 16 */
    static png_color pal[256];
    static uint8_t trns[256];
    for (int i = 0; i < 256; i++) {
        pal[i].red = (uint8_t)(i * 7);
        pal[i].green = (uint8_t)(255 - i);
        pal[i].blue = (uint8_t)(i * 13 + 5);
        trns[i] = (uint8_t)(i * 3 + 1);
    }
    for (int variant = 0; variant < 3; variant++) {
        const int depth = variant == 2 ? 4 : 8, npal = variant == 2 ? 16 : 200;
        const int ntrns = variant == 1 ? 150 : 0; /* entries beyond tRNS are opaque */
        const size_t rb = ((size_t)W * depth + 7) / 8;
        memset(rows, 0, sizeof rows);
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                const uint32_t idx = (x * 31 + y * 17) % (uint32_t)npal;
                if (depth == 8)
                    rows[y * rb + x] = (uint8_t)idx;
                else
                    rows[y * rb + x / 2] |= (uint8_t)(idx << (x % 2 ? 0 : 4));
                uint8_t *o = want + 4 * (y * W + x);
                o[0] = pal[idx].red;
                o[1] = pal[idx].green;
                o[2] = pal[idx].blue;
                o[3] = (int)idx < ntrns ? trns[idx] : 255;
            }
        s = (spec_t){0};
        s.name = variant == 0 ? "palette8.png" : variant == 1 ? "palette8-trns.png"
                                                              : "palette4.png";
        s.w = W;
        s.h = H;
        s.color = PNG_COLOR_TYPE_PALETTE;
        s.depth = depth;
        s.rows = rows;
        s.rowbytes = rb;
        s.pal = pal;
        s.npal = npal;
        s.trns = ntrns ? trns : NULL;
        s.ntrns = ntrns;
        round_trip(&s, want);
    }

    /* 16-bit RGB and RGBA tagged sRGB: v * 257 (big-endian) reads back as v */
    for (int alpha = 0; alpha < 2; alpha++) {
        const unsigned ch = alpha ? 4 : 3;
        fill_rgb(rows, want, W, H, alpha, 16);
        s = (spec_t){.name = alpha ? "rgba16-srgb.png" : "rgb16-srgb.png", .w = W, .h = H,
                      .color = alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, .depth = 16,
                      .srgb = 1, .rows = rows, .rowbytes = 2 * ch * W};
        round_trip(&s, want);
    }

    /* 1 x 1 */
    {
        const uint8_t one[4] = {9, 8, 7, 6};
        s = (spec_t){.name = "one.png", .w = 1, .h = 1, .color = PNG_COLOR_TYPE_RGBA, .depth = 8,
                      .rows = one, .rowbytes = 4};
        round_trip(&s, one);
    }

    /* 16-bit RGB without colour information: a ramp v * 257, v = 0..255 */
    {
        static uint8_t ramp[256 * 6];
        for (uint32_t x = 0; x < 256; x++)
            for (unsigned c = 0; c < 3; c++) {
                const uint32_t v = x * 257;
                ramp[6 * x + 2 * c] = (uint8_t)(v >> 8);
                ramp[6 * x + 2 * c + 1] = (uint8_t)v;
            }
        s = (spec_t){.name = "rgb16-untagged.png", .w = 256, .h = 1,
                      .color = PNG_COLOR_TYPE_RGB, .depth = 16, .rows = ramp,
                      .rowbytes = sizeof ramp};
        char path[512], err[512];
        path_of(path, sizeof path, s.name);
        CHECK(write_png(&s, path) == 0, "rgb16-untagged.png: written");
        uint32_t w = 0, h = 0;
        uint8_t *px = NULL;
        const int r = gx_png_read_rgba(path, &w, &h, &px, err, sizeof err);
        CHECK(r == 0 && w == 256 && h == 1, "rgb16-untagged.png: read");
        if (r == 0 && w == 256 && h == 1) {
            unsigned bad = 0;
            for (uint32_t x = 0; x < 256; x++)
                bad += px[4 * x] != x || px[4 * x + 1] != x || px[4 * x + 2] != x ||
                       px[4 * x + 3] != 255;
            CHECK(!bad, "rgb16-untagged.png: v * 257 reads back as v, opaque");
        }
        free(px);
        unlink(path);
    }
}

/* The reader refuses path: -1, a message starting "path: ", nothing returned. */
static void refused(const char *path, const char *what)
{
    char err[512];
    uint32_t w = 77, h = 88;
    uint8_t sentinel = 0, *px = &sentinel;
    const int r = gx_png_read_rgba(path, &w, &h, &px, err, sizeof err);
    const size_t n = strlen(path);
    const int named = r != 0 && !strncmp(err, path, n) && err[n] == ':' && err[n + 1] == ' ' &&
                      err[n + 2] != '\0';
    CHECK(r == -1 && named && px == NULL && w == 77 && h == 88,
          "%s refused, naming the file (\"%s\")", what, r ? err : "read");
    printf("  %s: %s\n", what, r ? err : "(read)");
}

static void test_errors(void)
{
    char path[512];
    /* a good file to cut and corrupt */
    enum { W = 64, H = 64 };
    static uint8_t rows[W * H * 3];
    uint32_t x = 12345; /* an LCG's top bits: data zlib cannot shrink much */
    for (size_t i = 0; i < sizeof rows; i++) {
        x = x * 1103515245u + 12345u;
        rows[i] = (uint8_t)(x >> 24);
    }
    spec_t s;
    s = (spec_t){.name = "good.png", .w = W, .h = H, .color = PNG_COLOR_TYPE_RGB, .depth = 8,
                  .rows = rows, .rowbytes = 3 * W};
    char good[512];
    path_of(good, sizeof good, "good.png");
    CHECK(write_png(&s, good) == 0, "good.png written");
    FILE *f = fopen(good, "rb");
    static uint8_t bytes[1 << 16];
    const size_t len = f ? fread(bytes, 1, sizeof bytes, f) : 0;
    if (f)
        fclose(f);
    CHECK(len > 4096 && len < sizeof bytes, "good.png read raw (most of its 12 KB of pixels)");

    path_of(path, sizeof path, "missing.png");
    refused(path, "missing file");

    path_of(path, sizeof path, "empty.png");
    f = fopen(path, "wb");
    if (f)
        fclose(f);
    refused(path, "empty file");
    unlink(path);

    path_of(path, sizeof path, "text.png");
    f = fopen(path, "wb");
    if (f) {
        fputs("this is not a PNG file\n", f);
        fclose(f);
    }
    refused(path, "text file");
    unlink(path);

    path_of(path, sizeof path, "truncated.png");
    f = fopen(path, "wb");
    if (f) {
        fwrite(bytes, 1, len / 2, f);
        fclose(f);
    }
    refused(path, "PNG cut in half");
    unlink(path);

    /* the first IDAT's data bytes after its zlib header overwritten */
    path_of(path, sizeof path, "corrupt.png");
    size_t idat = 0;
    for (size_t i = 8; i + 8 < len; i++)
        if (!memcmp(bytes + i, "IDAT", 4)) {
            idat = i + 4;
            break;
        }
    CHECK(idat > 0, "IDAT found");
    for (size_t i = idat + 2; i < idat + 40 && i < len; i++)
        bytes[i] ^= 0x5a;
    f = fopen(path, "wb");
    if (f) {
        fwrite(bytes, 1, len, f);
        fclose(f);
    }
    refused(path, "corrupt IDAT");
    unlink(path);

    /* messages: cut to the buffer; no buffer */
    char small[8];
    uint32_t w = 0, h = 0;
    uint8_t *px = NULL;
    path_of(path, sizeof path, "missing.png");
    CHECK(gx_png_read_rgba(path, &w, &h, &px, small, sizeof small) == -1 &&
              strlen(small) < sizeof small && px == NULL,
          "a short message buffer: cut, terminated");
    CHECK(gx_png_read_rgba(path, &w, &h, &px, NULL, 0) == -1 && px == NULL,
          "no message buffer");
    unlink(good);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/gx-png-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    printf("test_png_read: files in %s\n", dir);
    test_formats();
    test_errors();
    if (rmdir(dir))
        CHECK(0, "temporary directory left empty and removed");
    return check_summary();
}
