/* synth_row: the fmax of a row of docs/synth.md (synth_row.h). */
#include "synth_row.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double gx_synth_fmax_mhz(const char *row)
{
    FILE *f = fopen("docs/synth.md", "r");
    if (!f)
        return 0.0;
    char line[1024], want[128];
    double mhz = 0.0;
    snprintf(want, sizeof want, "| %s |", row);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, want, strlen(want)) != 0)
            continue;
        /* | block | LUTs | FFs | BRAM | DSP | fmax (MHz) ...: after the sixth bar */
        const char *p = line;
        for (int bar = 1; bar < 6 && p; bar++)
            p = strchr(p + 1, '|');
        if (p)
            mhz = strtod(p + 1, NULL);
        break;
    }
    fclose(f);
    return mhz;
}
