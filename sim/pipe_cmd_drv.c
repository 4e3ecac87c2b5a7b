/* pipe_cmd_drv: the command decoder's ports in C-model types (pipe_cmd_rtl.h): the format
 * and the beat packed onto the shim's ports, the command unpacked from cmd_o. */
#include <string.h>

#include "pipe_cmd_rtl.h"

void gx_pipe_cmd_drv_eval(void *m, const gx_pipe_cmd_drv_in_t *in, gx_pipe_cmd_drv_out_t *out)
{
    gx_pipe_cmd_rtl_in_t ri;
    gx_pipe_cmd_rtl_out_t ro;
    memset(&ri, 0, sizeof ri);
    ri.rst = in->rst;
    gx_mssurf_cfg_pack(&in->cfg, ri.cfg);
    ri.tvalid = in->tvalid;
    ri.tdata = in->beat.data;
    ri.tkeep = in->beat.keep;
    ri.tlast = in->beat.last;
    ri.cmd_ready = in->cmd_ready;
    gx_pipe_cmd_rtl_eval(m, &ri, &ro);
    out->tready = ro.tready;
    out->cmd_valid = ro.cmd_valid;
    out->err = ro.err;
    out->idle = ro.idle;
    out->err_code = (gx_cmd_err_t)ro.err_code;
    gx_pipe_cmd_unpack(ro.cmd, &out->cmd);
}
