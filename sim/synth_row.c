/* synth_row: the fmax of a row of docs/synth.md (synth_row.h). */
#include "synth_row.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cell index (0 = block) of `cell` in the table's header line, or -1. */
static int header_cell(const char *line, const char *cell)
{
    int idx = -1;
    size_t n = strlen(cell);
    for (const char *p = strchr(line, '|'); p; p = strchr(p + 1, '|')) {
        const char *c = p + 1;
        while (*c == ' ')
            c++;
        if (strncmp(c, cell, n) == 0 && (c[n] == ' ' || c[n] == '|'))
            return idx + 1;
        idx++;
    }
    return -1;
}

double gx_synth_fmax_mhz(const char *row)
{
    FILE *f = fopen("docs/synth.md", "r");
    if (!f)
        return 0.0;
    char line[1024], want[128];
    double mhz = 0.0;
    int col = -1; /* the "fmax (MHz)" cell of the header read last */
    snprintf(want, sizeof want, "| %s |", row);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "| block |", 9) == 0) {
            col = header_cell(line, "fmax (MHz)");
            continue;
        }
        if (col < 1 || strncmp(line, want, strlen(want)) != 0)
            continue;
        const char *p = line; /* the bar in front of cell `col` */
        for (int bar = 0; bar < col && p; bar++)
            p = strchr(p + 1, '|');
        if (p)
            mhz = strtod(p + 1, NULL);
        break;
    }
    fclose(f);
    return mhz;
}
