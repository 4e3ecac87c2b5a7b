/* gx_pipe_cmd: the command decoder of gx_pipe, golden model (docs/pipe_cmd.md).
 *
 * gx_pipe takes its commands as packets on an AXI4-Stream (64-bit TDATA, TKEEP, TLAST;
 * docs/pipe.md, "Commands"). The decoder is fed one beat (transfer) at a time, in
 * stream order; each beat that ends a packet (TLAST) yields either one command or one
 * error, never both, and other beats yield nothing:
 *
 *   op 1 triangle:  header, 3 vertex beats (x [23:0], y [47:24], signed 16.8, each in
 *                   the guard band [-lim, lim], lim = GX_GUARD_BAND_PX << GX_SUBPIX_BITS
 *                   = 2^22; bits 63..48 0), ceil(B/8) color beats (B bytes, byte 0 in
 *                   bits 7..0; the bytes of a beat beyond B 0): 5 beats at B = 4 or 8,
 *                   6 at B = 16;
 *   op 2 pattern:   header, 2 beats: the 16 slots, slot 0 in bits 7..0 of beat 1;
 *   op 3 flush:     header only;
 *   op 4 load:      header only: x [20:8], y [36:24], sample [43:40].
 *   Header: the opcode in bits 7..0; bits 63..8 0 for ops 1-3; for op 4 every bit
 *   outside the fields 0.
 *
 * A packet is bad on the first beat that fails a check; the checks of a beat, in this
 * order, name the error (gx_cmd_err_t): TKEEP not 0xff (KEEP); the header's opcode not
 * 1..4 (OPCODE); a reserved bit set (RESERVED); a load with x >= W, y >= H or
 * sample >= N, or a triangle's vertex with x or y outside [-lim, lim] (RANGE); TLAST on
 * a beat before the packet's last (SHORT) or not on its last (LONG). A vertex beat is
 * thus RESERVED before RANGE (bits 63..48 first), and RANGE before SHORT. A bad packet's later beats are not checked: they are dropped up to and
 * including the next TLAST, which yields the error of its first bad beat. The next beat
 * is a header again.
 *
 * The format (B from bps, N from spp, W, H) is read from the configuration given to
 * gx_pipe_cmd_init or gx_pipe_cmd_set_cfg, which changes it only between packets. An
 * illegal bps (3) acts as B = 16, as in the RTL.
 */
#ifndef GX_PIPE_CMD_H
#define GX_PIPE_CMD_H

#include <stdint.h>

#include "gx/defs.h"
#include "gx/mssurf.h"

/** Packet opcodes (the header's bits 7..0). */
enum { GX_PIPE_OP_TRIANGLE = 1, GX_PIPE_OP_PATTERN = 2, GX_PIPE_OP_FLUSH = 3,
       GX_PIPE_OP_LOAD = 4 };

/** A triangle's vertex coordinates lie in [-GX_PIPE_CMD_VTX_LIM, GX_PIPE_CMD_VTX_LIM]
 *  (1/256 pixel): the guard band of the setup unit and the rasterizer (docs/raster.md,
 *  gx_raster_tri_ok), 2^22, inside the 24-bit field's [-2^23, 2^23 - 1]. */
#define GX_PIPE_CMD_VTX_LIM ((int32_t)GX_GUARD_BAND_PX << GX_SUBPIX_BITS)

/** The most beats of a good packet (a triangle at B = 16). */
#define GX_PIPE_CMD_MAX_BEATS 6u

/** One AXI4-Stream transfer of s_cmd. */
typedef struct gx_pipe_beat {
    uint64_t data;   /**< TDATA */
    uint8_t keep;    /**< TKEEP, bit j: byte j */
    uint8_t last;    /**< TLAST */
} gx_pipe_beat_t;

/** One decoded command (pipe_cmd_t); fields its kind does not use are 0. */
typedef struct gx_pipe_cmd {
    gx_cmd_kind_t kind;
    int32_t x[3], y[3];  /**< triangle: vertices, signed 16.8 (24-bit values) */
    uint8_t data[16];    /**< triangle: color, B bytes, the rest 0; pattern: 16 slots */
    uint16_t lx, ly;     /**< load: pixel */
    uint8_t sample;      /**< load: sample */
} gx_pipe_cmd_t;

/** The decoder's state between beats. */
typedef struct gx_pipe_cmd_dec {
    gx_ms_cfg_t cfg;     /**< the format (width, height, spp, bps) */
    unsigned beat;       /**< the index of the next beat in its packet (0: a header) */
    unsigned op;         /**< the current packet's opcode (beat > 0) */
    gx_cmd_err_t err;    /**< the current packet's error (none: good so far) */
    gx_pipe_cmd_t cmd;   /**< the command being assembled */
    uint64_t packets, commands, errors; /**< packet ends, commands, errors so far */
} gx_pipe_cmd_dec_t;

/** What a beat yields. */
typedef enum gx_pipe_cmd_res { GX_PIPE_CMD_NONE = 0, GX_PIPE_CMD_CMD = 1,
                               GX_PIPE_CMD_ERR = 2 } gx_pipe_cmd_res_t;

/** A decoder at the start of a stream, with format cfg. */
void gx_pipe_cmd_init(gx_pipe_cmd_dec_t *d, const gx_ms_cfg_t *cfg);
/** A new format; only between packets (d->beat == 0). Returns 0 (and changes nothing)
 *  inside a packet. */
int gx_pipe_cmd_set_cfg(gx_pipe_cmd_dec_t *d, const gx_ms_cfg_t *cfg);
/** The decoder's one transaction: one beat. A command ends: *cmd, GX_PIPE_CMD_CMD; a bad
 *  packet ends: *err, GX_PIPE_CMD_ERR; else GX_PIPE_CMD_NONE. */
gx_pipe_cmd_res_t gx_pipe_cmd_beat(gx_pipe_cmd_dec_t *d, const gx_pipe_beat_t *b,
                                   gx_pipe_cmd_t *cmd, gx_cmd_err_t *err);

/** Beats of a good packet of opcode op at bytes per sample bps (0: op unknown). */
unsigned gx_pipe_cmd_len(unsigned op, gx_bps_t bps);
/** B of a bps value (4, 8, 16; an illegal 3 acts as 16). */
unsigned gx_pipe_cmd_bytes(gx_bps_t bps);
/** The packet of a command at bps (TKEEP all ones, TLAST on the last beat) into
 *  beats[GX_PIPE_CMD_MAX_BEATS]; returns its length. Values are taken modulo their field
 *  widths; color bytes beyond B are left out. The packet is good when the command's
 *  values are in range (a load inside W x H x N, a triangle's vertices in the guard
 *  band); else it is the RANGE error's packet. */
unsigned gx_pipe_cmd_encode(const gx_pipe_cmd_t *cmd, gx_bps_t bps, gx_pipe_beat_t *beats);
/** The command's pipe_cmd_t image (GX_PIPE_CMD_WORDS words) and back. */
void gx_pipe_cmd_pack(const gx_pipe_cmd_t *cmd, uint32_t w[GX_PIPE_CMD_WORDS]);
void gx_pipe_cmd_unpack(const uint32_t w[GX_PIPE_CMD_WORDS], gx_pipe_cmd_t *cmd);
/** 1 when two commands agree in every field. */
int gx_pipe_cmd_eq(const gx_pipe_cmd_t *a, const gx_pipe_cmd_t *b);
/** The error's name ("keep", "opcode", ...). */
const char *gx_pipe_cmd_err_name(gx_cmd_err_t e);

#endif /* GX_PIPE_CMD_H */
