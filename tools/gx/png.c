/* gx: a minimal PNG writer: signature, IHDR (8-bit truecolor), one IDAT (zlib stream of
 * the rows, each with filter byte 0), IEND. Chunk CRCs are zlib's crc32. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "png.h"

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* One chunk: length, type, data, CRC over type and data. Returns 0 or -1 (errno). */
static int chunk(FILE *f, const char *type, const uint8_t *data, size_t n)
{
    uint8_t hdr[8], crc[4];
    if (n > 0x7fffffffu) {
        errno = EFBIG;
        return -1;
    }
    put32(hdr, (uint32_t)n);
    memcpy(hdr + 4, type, 4);
    uLong c = crc32(0L, Z_NULL, 0);
    c = crc32(c, hdr + 4, 4);
    /* crc32 takes a uInt length: feed large data in pieces */
    for (size_t off = 0; off < n;) {
        size_t k = n - off > (1u << 30) ? (1u << 30) : n - off;
        c = crc32(c, data + off, (uInt)k);
        off += k;
    }
    put32(crc, (uint32_t)c);
    if (fwrite(hdr, 1, 8, f) != 8 || (n && fwrite(data, 1, n, f) != n) ||
        fwrite(crc, 1, 4, f) != 4) {
        if (!errno)
            errno = EIO;
        return -1;
    }
    return 0;
}

int gx_png_write_rgb(const char *path, unsigned w, unsigned h, const uint8_t *rgb)
{
    if (!w || !h || w > 0x7fffffffu || h > 0x7fffffffu) {
        errno = EINVAL;
        return -1;
    }
    size_t row = (size_t)w * 3 + 1, raw_n = row * h;
    uint8_t *raw = malloc(raw_n);
    uLongf z_n = compressBound((uLong)raw_n);
    uint8_t *z = malloc(z_n);
    if (!raw || !z) {
        free(raw);
        free(z);
        errno = ENOMEM;
        return -1;
    }
    for (unsigned y = 0; y < h; y++) {
        raw[y * row] = 0; /* filter: none */
        memcpy(raw + y * row + 1, rgb + (size_t)y * w * 3, (size_t)w * 3);
    }
    int zr = compress2(z, &z_n, raw, (uLong)raw_n, 6);
    free(raw);
    if (zr != Z_OK) {
        free(z);
        errno = zr == Z_MEM_ERROR ? ENOMEM : EINVAL;
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(z);
        return -1;
    }
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    uint8_t ihdr[13];
    put32(ihdr, w);
    put32(ihdr + 4, h);
    ihdr[8] = 8;  /* bit depth */
    ihdr[9] = 2;  /* color type: truecolor */
    ihdr[10] = 0; /* compression: deflate */
    ihdr[11] = 0; /* filter method 0 */
    ihdr[12] = 0; /* no interlace */
    errno = 0;
    int r = fwrite(sig, 1, 8, f) == 8 ? 0 : -1;
    if (!r)
        r = chunk(f, "IHDR", ihdr, sizeof ihdr);
    if (!r)
        r = chunk(f, "IDAT", z, z_n);
    if (!r)
        r = chunk(f, "IEND", NULL, 0);
    free(z);
    int saved = errno;
    if (fclose(f) != 0 && !r) {
        r = -1;
        saved = errno;
    }
    if (r)
        errno = saved ? saved : EIO;
    return r;
}
