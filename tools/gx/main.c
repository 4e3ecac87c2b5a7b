/* gx: command-line front end of the gx blocks (C model or Verilated RTL). */
#include <stdio.h>
#include <string.h>

#include "gx.h"

static void usage(FILE *f)
{
    fputs("usage: gx COMMAND [--engine cmodel|rtl] ARGS\n"
          "commands:\n"
          "  analyze FILE   1SPP analyzer: each line `N B HEX` -> `ENC m0 .. m(S-1)`\n"
          "  analyze --query FILE   SULD.MS query: `N B HEX SLOT` -> mask of SLOT\n"
          "  demo           the analyzer over a built-in multi-sample workload\n"
          "  raster [--png FILE] [--tiles] SCENE   setup + rasterizer (+ depth unit):\n"
          "                 `t px py mask` per covered pixel (with depth: those that passed)\n"
          "  mstrace FILE   multi-sample store path: loads, flush packets, traffic counters\n"
          "  render [--samples 1|2|4|8|16] [--size W H] [--out DIR] [--tag NAME] MESH\n"
          "                 end-to-end render of a patch mesh (*.mesh) or an OBJ, PLY, ...\n"
          "                 triangle mesh (view fitted): PNGs and a traffic row\n"
          "FILE may be - for standard input. The default engine is cmodel.\n"
          "Bad input: `gx: FILE:LINE: reason` on stderr, exit status 2, no output.\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return GX_EXIT_BAD_INPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "analyze"))
        return gx_cmd_analyze(argc - 1, argv + 1);
    if (!strcmp(cmd, "demo"))
        return gx_cmd_demo(argc - 1, argv + 1);
    if (!strcmp(cmd, "raster"))
        return gx_cmd_raster(argc - 1, argv + 1);
    if (!strcmp(cmd, "render"))
        return gx_cmd_render(argc - 1, argv + 1);
    if (!strcmp(cmd, "mstrace"))
        return gx_cmd_mstrace(argc - 1, argv + 1);
    fprintf(stderr, "gx: unknown command '%s'\n", cmd);
    usage(stderr);
    return GX_EXIT_BAD_INPUT;
}
