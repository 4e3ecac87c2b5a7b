/* gx: a minimal PNG writer (8-bit RGB, no interlace), zlib for the IDAT stream. */
#ifndef GX_PNG_H
#define GX_PNG_H

#include <stdint.h>

/** Write a w x h image, rgb = h rows of w pixels of 3 bytes (R, G, B), top row first, to
 *  path. Returns 0, or -1 with errno set (the file may be left partly written). */
int gx_png_write_rgb(const char *path, unsigned w, unsigned h, const uint8_t *rgb);

#endif /* GX_PNG_H */
