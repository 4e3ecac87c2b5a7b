/* gx: a PNG reader (through libpng) giving RGBA8 texels, for textures (issue 25,
 * docs/texture.md). */
#ifndef GX_PNG_READ_H
#define GX_PNG_READ_H

#include <stddef.h>
#include <stdint.h>

/** Largest width or height read (a texture is at most 2048; the reader leaves that check
 *  to the texture descriptor, gx_tex_check). */
#define GX_PNG_READ_MAX 65536u

/** Read the PNG file at path as w x h RGBA8 pixels: *rgba = h rows of w pixels of 4 bytes
 *  (R, G, B, A), top row first, allocated with malloc (the caller frees it). Every PNG
 *  colour type and bit depth is converted by libpng's simplified API to 8-bit sRGB with
 *  alpha: grey and palette expanded, 16-bit channels reduced, alpha 255 where the file has
 *  none, nothing premultiplied; a file that ends after its image data (no IEND) is read.
 *  Returns 0, or -1 with *rgba NULL and a message naming the file and the reason
 *  ("path: reason", e.g. "cannot open: No such file or directory", "not a readable PNG:
 *  Not a PNG file", "bad PNG data: the file ends early (truncated)") in err (errlen bytes;
 *  err may be NULL when errlen is 0). Not wired into gx render yet (docs/texture.md).
 *  png_read.c includes libpng's <png.h> by its angle-bracket name: tools/gx must not be
 *  on the include path (its png.h, the writer, has the same name). */
int gx_png_read_rgba(const char *path, uint32_t *w, uint32_t *h, uint8_t **rgba, char *err,
                     size_t errlen);

#endif /* GX_PNG_READ_H */
