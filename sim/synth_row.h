/* synth_row: the fmax that docs/synth.md (make synth) gives a block, for the benchmarks
 * and the gx tool, which turn clocks into items (or frames) a second at that clock. */
#ifndef GX_SIM_SYNTH_ROW_H
#define GX_SIM_SYNTH_ROW_H

#ifdef __cplusplus
extern "C" {
#endif

/** The fmax in MHz of row `row` (e.g. "analyzer") of docs/synth.md, read from the working
 *  directory (the repository root under make), or 0 when the file or the row is missing or
 *  the row has no fmax. */
double gx_synth_fmax_mhz(const char *row);

#ifdef __cplusplus
}
#endif

#endif /* GX_SIM_SYNTH_ROW_H */
