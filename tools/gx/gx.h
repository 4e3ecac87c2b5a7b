/* gx command-line tool: shared declarations. */
#ifndef GX_TOOL_H
#define GX_TOOL_H

#include <stddef.h>
#include <stdint.h>

#include "gx/analyzer.h"

/** Which implementation runs a subcommand. */
typedef enum gx_engine { GX_ENGINE_CMODEL, GX_ENGINE_RTL } gx_engine_t;

/** Exit status for bad input or usage (nothing is written to stdout then). */
#define GX_EXIT_BAD_INPUT 2

/** A whole text input, split into lines in place. */
typedef struct gx_text {
    const char *name;  /**< FILE as given ("-" for stdin) */
    char *buf;
    size_t len;
    size_t pos;        /**< next unread byte */
    unsigned line;     /**< number of the line last returned by gx_text_next */
} gx_text_t;

/** Read FILE ("-": stdin) whole; on failure print `gx: FILE: reason` and return 0. */
int gx_text_open(gx_text_t *t, const char *name);
void gx_text_close(gx_text_t *t);
/** The next line that is not blank and not a `#` comment, NUL-terminated, or NULL. */
char *gx_text_next(gx_text_t *t);
/** Split a line into at most max whitespace-separated fields; returns the count, which
 *  is max + 1 when there are more. */
unsigned gx_fields(char *line, char **f, unsigned max);
/** Print `gx: FILE:LINE: reason` to stderr. */
void gx_input_error(const gx_text_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** Parse `--engine cmodel|rtl` at argv[*i]; returns 1 when consumed, -1 on error. */
int gx_parse_engine(int argc, char **argv, int *i, gx_engine_t *engine);

/** A command's positional argument, its one input file: an unknown option or a second
 *  file is reported (`CMD: ...`) and returns -1; otherwise *file = arg, 0. */
int gx_take_file(const char *cmd, const char *arg, const char **file, const char *what);

/** Parse a multi-sample format: N in {2,4,8,16}, B in {4,8,16}; on error report it
 *  (`gx: FILE:LINE: ...`) and return 0. */
int gx_parse_format(const gx_text_t *t, const char *n, const char *b, gx_spp_t *spp,
                    gx_bps_t *bps);

/** A growable output buffer: a command writes all output here and prints it only when
 *  the whole input was good. */
typedef struct gx_out {
    char *buf;
    size_t len, cap;
} gx_out_t;
void gx_out_printf(gx_out_t *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** Write the buffer to stdout and free it; returns 0, or 1 on a write error. */
int gx_out_flush(gx_out_t *o);
void gx_out_free(gx_out_t *o);

/** Run n analyzer requests on an engine; clocks: one a line (cmodel) or the
 *  measured clock cycles (rtl). Returns 0, or 1 (reported) when the RTL stopped. */
int gx_analyzer_engine(gx_engine_t engine, const gx_an_req_t *reqs, gx_an_resp_t *resps,
                       size_t n, uint64_t *clocks);

/** Quads of the rasterizer, delivered per triangle in order: emit(ctx, t, quad) for
 *  each quad with coverage of triangle t. */
struct gx_rs_cfg;
struct gx_rs_tri;
struct gx_rs_table;
struct gx_rs_quad;
typedef void (*gx_tri_quad_fn)(void *ctx, size_t t, const struct gx_rs_quad *quad);
/** Set up and rasterize n triangles with one render state; table[i] is triangle i's
 *  pattern table (stream order). cmodel: gx_raster_setup + gx_raster_tri. rtl: the
 *  Verilated gx_raster_setup, then gx_raster (a table write before each triangle whose
 *  table differs from the one before; the RTL starts with the standard positions for N),
 *  in chunks of `chunk` triangles through one model, groups expanded back to quads.
 *  progress (may be NULL) is called after each chunk with the triangles done. *clocks
 *  (may be NULL) = rasterizer clock cycles (rtl) or 0. Returns 0, or 1 (reported). */
int gx_rasterize(gx_engine_t engine, const struct gx_rs_cfg *cfg, const struct gx_rs_tri *tri,
                 const struct gx_rs_table *const *table, size_t n, size_t chunk,
                 gx_tri_quad_fn emit, void *ctx, void (*progress)(size_t done, size_t n),
                 uint64_t *clocks);

/** A triangle mesh in world space: vertices and triangles of three vertex indices. */
typedef struct gx_trimesh {
    double (*v)[3];
    size_t nv;
    uint32_t (*t)[3];
    size_t nt;
} gx_trimesh_t;
/** Most triangles gx render takes from one imported file. */
#define GX_MESH_MAX_TRIS 1000000u
/** Read FILE through assimp (OBJ, PLY, ... : tools/gx/mesh_import.c has the checks):
 *  every face of three or more vertices as a triangle fan, node transforms applied.
 *  Returns 0, or GX_EXIT_BAD_INPUT / 1 (reported: `gx: FILE: reason`), *m empty then. */
int gx_mesh_import(const char *file, gx_trimesh_t *m);
void gx_trimesh_free(gx_trimesh_t *m);

int gx_cmd_analyze(int argc, char **argv);
int gx_cmd_demo(int argc, char **argv);
int gx_cmd_raster(int argc, char **argv);
int gx_cmd_mstrace(int argc, char **argv);
int gx_cmd_render(int argc, char **argv);

#endif /* GX_TOOL_H */
