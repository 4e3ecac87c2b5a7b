/* gx: the PNG reader (png_read.h), through libpng's simplified read API. */
#include <errno.h>
#include <png.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_read.h"

static int fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    if (errlen) {
        int n = snprintf(err, errlen, "%s: ", path);
        if (n < 0 || (size_t)n >= errlen)
            return -1;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Why libpng stopped: its own message, unless the file itself ended or failed to read (its
 * message is then only "Read Error"). */
static const char *why(FILE *f, const char *msg, int err)
{
    if (ferror(f))
        return err ? strerror(err) : "read error";
    if (feof(f))
        return "the file ends early (truncated)";
    return msg;
}

int gx_png_read_rgba(const char *path, uint32_t *w, uint32_t *h, uint8_t **rgba, char *err,
                     size_t errlen)
{
    *rgba = NULL;
    /* open it ourselves first, so that a missing or unreadable file says why (errno) */
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, errlen, path, "cannot open: %s", strerror(errno));
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    errno = 0;
    if (!png_image_begin_read_from_stdio(&im, f)) {
        const int e = errno;
        fail(err, errlen, path, "not a readable PNG: %s", why(f, im.message, e));
        fclose(f);
        return -1;
    }
    if (im.width == 0 || im.height == 0 || im.width > GX_PNG_READ_MAX ||
        im.height > GX_PNG_READ_MAX) {
        png_image_free(&im);
        fclose(f);
        return fail(err, errlen, path, "%u x %u pixels: each side must be 1..%u",
                    (unsigned)im.width, (unsigned)im.height, GX_PNG_READ_MAX);
    }
    im.format = PNG_FORMAT_RGBA;
    /* a 16-bit file without gAMA or sRGB is taken as sRGB-encoded, as 8-bit files are:
     * each component's high byte (rounded) is its 8-bit value, no linear-light conversion */
    im.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    const size_t bytes = (size_t)im.width * im.height * 4;
    uint8_t *p = malloc(bytes);
    if (!p) {
        png_image_free(&im);
        fclose(f);
        return fail(err, errlen, path, "out of memory for %u x %u pixels", (unsigned)im.width,
                    (unsigned)im.height);
    }
    errno = 0;
    if (!png_image_finish_read(&im, NULL, p, (png_int_32)(4 * im.width), NULL)) {
        const int e = errno;
        fail(err, errlen, path, "bad PNG data: %s", why(f, im.message, e));
        free(p);
        png_image_free(&im);
        fclose(f);
        return -1;
    }
    fclose(f);
    *w = im.width;
    *h = im.height;
    *rgba = p;
    return 0;
}
