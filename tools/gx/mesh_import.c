/* gx render: triangle meshes read through assimp (Wavefront OBJ, PLY and the other
 * formats the installed assimp reads), through its C API.
 *
 * The steps, each a check a bad file fails with `gx: FILE: reason`:
 *   1. the file opens (else the system's reason: missing, unreadable);
 *   2. a PLY file (by its `ply` magic line) has all the data its header declares: the
 *      header is parsed and the body walked element by element, ASCII as tokens and
 *      binary by the property sizes. assimp 5.2 reads a truncated PLY body without an
 *      error (stale or duplicated faces) or stops on an internal assertion, so this is
 *      checked before assimp sees the file;
 *   3. assimp imports it with no post-processing (its reason on failure: a malformed
 *      file, an index out of range its reader detects);
 *   4. on the data as read: every vertex of every mesh is finite (assimp's
 *      aiProcess_JoinIdenticalVertices would merge a NaN vertex into another one, so it
 *      is not used), every face index is below its mesh's vertex count, and there is at
 *      least one face of three or more vertices and at most GX_MESH_MAX_TRIS triangles
 *      (assimp's aiProcess_ValidateDataStructure would reject a vertex-only or
 *      line-only file with a reason that does not say so, so these checks are gx's);
 *   5. aiProcess_PreTransformVertices puts every mesh into world space (node
 *      transforms applied), and the vertices are checked finite once more;
 *   6. every face of three or more indices becomes triangles as a fan (0, i, i + 1) in
 *      the file's order, meshes in the scene's order; points and lines are skipped.
 * Cameras, lights and materials in the file are not used (docs/render.md).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <assimp/cimport.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include "gx.h"

#ifdef __SANITIZE_ADDRESS__
/* gx-san: assimp 5.2.5 leaks the meshes it has built when its OBJ reader stops on an
 * error (e.g. an index out of range in a file's second object). Those leaks are in the
 * uninstrumented library and not gx's; LeakSanitizer is told to pass over them, every
 * allocation of gx's own is still checked. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libassimp.so\n";
}
#endif

/* ---------------------------------------------------------------------------------- */
/* PLY body check (step 2). */

#define PLY_MAX_ELEMENTS 16u
#define PLY_MAX_PROPS 32u

typedef struct ply_prop {
    unsigned size;       /* bytes of the value (binary), or of the list's items */
    unsigned count_size; /* a list: bytes of its count; 0: a scalar */
} ply_prop_t;

typedef struct ply_elem {
    char name[32];
    unsigned long long count;
    ply_prop_t prop[PLY_MAX_PROPS];
    unsigned nprop;
} ply_elem_t;

/* Bytes of a PLY scalar type, 0 when it is not one. */
static unsigned ply_type_size(const char *t)
{
    static const struct {
        const char *name;
        unsigned size;
    } types[] = {{"char", 1},  {"uchar", 1},  {"int8", 1},    {"uint8", 1},   {"short", 2},
                 {"ushort", 2}, {"int16", 2},  {"uint16", 2},  {"int", 4},     {"uint", 4},
                 {"int32", 4},  {"uint32", 4}, {"float", 4},   {"float32", 4}, {"double", 8},
                 {"float64", 8}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(t, types[i].name))
            return types[i].size;
    return 0;
}

/* An unsigned list count of `size` bytes at p; big: big-endian. Negative counts of the
 * signed count types read as huge values and so fail the length check. */
static unsigned long long ply_count(const unsigned char *p, unsigned size, int big)
{
    unsigned long long v = 0;
    for (unsigned i = 0; i < size; i++)
        v |= (unsigned long long)p[big ? i : size - 1 - i] << (8 * (size - 1 - i));
    return v;
}

/* The next whitespace-separated token of an ASCII body as a number; 0 at the end. */
static int ply_token(const char **p, const char *end, double *v)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n'))
        s++;
    if (s == end)
        return 0;
    char buf[64];
    size_t n = 0;
    while (s + n < end && !(s[n] == ' ' || s[n] == '\t' || s[n] == '\r' || s[n] == '\n'))
        n++;
    if (n >= sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *e;
    *v = strtod(buf, &e);
    *p = s + n;
    return *e == '\0';
}

/* 1 when buf (a whole file starting with `ply`) holds every element its header
 * declares; else 0 with the reason in why. */
static int ply_check(const char *buf, size_t len, char *why, size_t nwhy)
{
    ply_elem_t el[PLY_MAX_ELEMENTS];
    unsigned nel = 0;
    int format = -1; /* 0 ascii, 1 little endian, 2 big endian */
    const char *p = buf, *end = buf + len;
    int done = 0;
    while (!done) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) {
            snprintf(why, nwhy, "truncated: the PLY header has no end_header line");
            return 0;
        }
        char line[256];
        size_t n = (size_t)(nl - p);
        if (n >= sizeof line) {
            snprintf(why, nwhy, "a PLY header line is longer than %zu bytes", sizeof line - 1);
            return 0;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        if (n && line[n - 1] == '\r')
            line[n - 1] = '\0';
        p = nl + 1;
        char *f[6];
        unsigned nf = gx_fields(line, f, 5);
        if (nf == 0 || !strcmp(f[0], "ply") || !strcmp(f[0], "comment") ||
            !strcmp(f[0], "obj_info"))
            continue;
        if (!strcmp(f[0], "end_header")) {
            done = 1;
        } else if (!strcmp(f[0], "format") && nf == 3) {
            static const char *const formats[] = {"ascii", "binary_little_endian",
                                                  "binary_big_endian"};
            for (int i = 0; i < 3; i++)
                if (!strcmp(f[1], formats[i]))
                    format = i;
            if (format < 0) {
                snprintf(why, nwhy, "unknown PLY format '%s'", f[1]);
                return 0;
            }
        } else if (!strcmp(f[0], "element") && nf == 3) {
            char *e;
            errno = 0;
            unsigned long long c = strtoull(f[2], &e, 10);
            if (nel == PLY_MAX_ELEMENTS || *e || errno || f[2][0] == '-' ||
                strlen(f[1]) >= sizeof el[0].name) {
                snprintf(why, nwhy, "bad PLY element line 'element %s %s'", f[1], f[2]);
                return 0;
            }
            memset(&el[nel], 0, sizeof el[nel]);
            strcpy(el[nel].name, f[1]);
            el[nel++].count = c;
        } else if (!strcmp(f[0], "property") && nel > 0 && el[nel - 1].nprop < PLY_MAX_PROPS) {
            /* `property TYPE NAME`, or `property list COUNT-TYPE ITEM-TYPE NAME` with an
             * integer COUNT-TYPE */
            ply_prop_t *q = &el[nel - 1].prop[el[nel - 1].nprop];
            int list = nf == 5 && !strcmp(f[1], "list");
            q->count_size = list ? ply_type_size(f[2]) : 0;
            q->size = ply_type_size(list ? f[3] : f[1]);
            int int_count = q->count_size && !strstr(f[2], "float") && strcmp(f[2], "double");
            if (!(nf == 3 || list) || !q->size || (list && !int_count)) {
                snprintf(why, nwhy, "bad PLY property line");
                return 0;
            }
            el[nel - 1].nprop++;
        } else {
            snprintf(why, nwhy, "bad PLY header line '%s'", f[0]);
            return 0;
        }
    }
    if (format < 0) {
        snprintf(why, nwhy, "the PLY header has no format line");
        return 0;
    }
    for (unsigned e = 0; e < nel; e++)
        for (unsigned long long i = 0; el[e].nprop && i < el[e].count; i++)
            for (unsigned k = 0; k < el[e].nprop; k++) {
                const ply_prop_t *q = &el[e].prop[k];
                unsigned long long items = 1;
                int have = 1;
                if (format == 0) {
                    double v = 0;
                    if (q->count_size) {
                        have = ply_token(&p, end, &v);
                        if (have && !(v >= 0 && v <= 1e6 && v == floor(v))) {
                            snprintf(why, nwhy, "PLY %s %llu: list length is not 0..1000000",
                                     el[e].name, i);
                            return 0;
                        }
                        items = (unsigned long long)v;
                    }
                    for (unsigned long long j = 0; have && j < items; j++)
                        have = ply_token(&p, end, &v);
                } else {
                    if (q->count_size) {
                        have = (size_t)(end - p) >= q->count_size;
                        if (have) {
                            items = ply_count((const unsigned char *)p, q->count_size,
                                              format == 2);
                            p += q->count_size;
                        }
                    }
                    have = have && items <= (unsigned long long)(end - p) / q->size;
                    if (have)
                        p += items * q->size;
                }
                if (!have) {
                    snprintf(why, nwhy, "truncated: the data ends in PLY %s %llu of %llu (or a "
                                        "value is not a number)", el[e].name, i, el[e].count);
                    return 0;
                }
            }
    return 1;
}

/* ---------------------------------------------------------------------------------- */

/* 1 when every vertex of every mesh of the scene is finite. */
static int scene_finite(const struct aiScene *s, unsigned *mesh, unsigned *vertex)
{
    for (unsigned i = 0; i < s->mNumMeshes; i++) {
        const struct aiMesh *m = s->mMeshes[i];
        for (unsigned j = 0; j < m->mNumVertices; j++) {
            const struct aiVector3D *v = &m->mVertices[j];
            if (!isfinite(v->x) || !isfinite(v->y) || !isfinite(v->z)) {
                *mesh = i;
                *vertex = j;
                return 0;
            }
        }
    }
    return 1;
}

/* The whole file, NUL-terminated; NULL (reported) on failure. */
/* The triangles of every face fanned out (nt) and the vertices of the meshes that have
 * any (nv); 0 when a face indexes a vertex its mesh does not have, with *mesh, *face and
 * *index the first such (in mesh, face, corner order). */
static int scene_counts(const struct aiScene *s, size_t *nv, size_t *nt, unsigned *mesh,
                        unsigned *face, unsigned *index)
{
    *nv = *nt = 0;
    for (unsigned i = 0; i < s->mNumMeshes; i++) {
        const struct aiMesh *m = s->mMeshes[i];
        size_t t = 0;
        for (unsigned j = 0; j < m->mNumFaces; j++) {
            const struct aiFace *f = &m->mFaces[j];
            for (unsigned k = 0; k < f->mNumIndices; k++)
                if (f->mIndices[k] >= m->mNumVertices) {
                    *mesh = i;
                    *face = j;
                    *index = f->mIndices[k];
                    return 0;
                }
            if (f->mNumIndices >= 3)
                t += f->mNumIndices - 2;
        }
        if (t)
            *nv += m->mNumVertices;
        *nt += t;
    }
    return 1;
}

static char *slurp(const char *file, size_t *len)
{
    FILE *f = fopen(file, "rb");
    if (!f) {
        fprintf(stderr, "gx: %s: %s\n", file, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (size_t k; buf && (k = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += k;
        if (n == cap) {
            char *nb = realloc(buf, 2 * cap + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int err = !buf || ferror(f);
    fclose(f);
    if (err) {
        fprintf(stderr, "gx: %s: %s\n", file, buf ? "read error" : "out of memory");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int gx_mesh_import(const char *file, gx_trimesh_t *out)
{
    memset(out, 0, sizeof *out);
    size_t len = 0;
    char *buf = slurp(file, &len);
    if (!buf)
        return GX_EXIT_BAD_INPUT;
    char why[160];
    int ok = 1;
    if (len >= 4 && !memcmp(buf, "ply", 3) && (buf[3] == '\n' || buf[3] == '\r'))
        ok = ply_check(buf, len, why, sizeof why);
    free(buf);
    if (!ok) {
        fprintf(stderr, "gx: %s: %s\n", file, why);
        return GX_EXIT_BAD_INPUT;
    }

    const struct aiScene *s = aiImportFile(file, 0);
    if (!s) {
        fprintf(stderr, "gx: %s: not a mesh assimp can read (%s)\n", file, aiGetErrorString());
        return GX_EXIT_BAD_INPUT;
    }
    unsigned bm = 0, bv = 0;
    if (!scene_finite(s, &bm, &bv)) {
        fprintf(stderr, "gx: %s: vertex %u of mesh %u is not finite (NaN or Inf)\n", file, bv,
                bm);
        aiReleaseImport(s);
        return GX_EXIT_BAD_INPUT;
    }
    /* Indices in range, and the counts: the vertices of meshes with triangles, and the
     * triangles. */
    size_t nv, nt;
    unsigned bf, bi;
    if (!scene_counts(s, &nv, &nt, &bm, &bf, &bi)) {
        fprintf(stderr, "gx: %s: face %u of mesh %u: vertex index %u is out of "
                        "range 0..%u\n", file, bf, bm, bi, s->mMeshes[bm]->mNumVertices - 1);
        aiReleaseImport(s);
        return GX_EXIT_BAD_INPUT;
    }
    if (nt == 0) {
        fprintf(stderr, "gx: %s: no triangles (no face of three or more vertices)\n", file);
        aiReleaseImport(s);
        return GX_EXIT_BAD_INPUT;
    }
    if (nt > GX_MESH_MAX_TRIS || nv > UINT32_MAX) {
        fprintf(stderr, "gx: %s: %zu triangles over %zu vertices, more than %u (or 2^32 "
                        "vertices)\n", file, nt, nv, GX_MESH_MAX_TRIS);
        aiReleaseImport(s);
        return GX_EXIT_BAD_INPUT;
    }
    s = aiApplyPostProcessing(s, aiProcess_PreTransformVertices);
    if (!s) {
        fprintf(stderr, "gx: %s: assimp could not transform it (%s)\n", file, aiGetErrorString());
        return GX_EXIT_BAD_INPUT;
    }
    if (!scene_finite(s, &bm, &bv)) {
        fprintf(stderr, "gx: %s: vertex %u of mesh %u is not finite after the node transforms\n",
                file, bv, bm);
        aiReleaseImport(s);
        return GX_EXIT_BAD_INPUT;
    }
    /* the transform merges and reorders meshes: count again */
    if (!scene_counts(s, &nv, &nt, &bm, &bf, &bi))
        nt = (size_t)GX_MESH_MAX_TRIS + 1; /* reported below */
    if (nt == 0 || nt > GX_MESH_MAX_TRIS || nv > UINT32_MAX) {
        fprintf(stderr, "gx: %s: assimp's node transforms left %zu triangles, or an index "
                        "out of range\n", file, nt);
        aiReleaseImport(s);
        return GX_EXIT_BAD_INPUT;
    }
    out->v = malloc(nv * sizeof *out->v);
    out->t = malloc(nt * sizeof *out->t);
    if (!out->v || !out->t) {
        fprintf(stderr, "gx: out of memory\n");
        aiReleaseImport(s);
        gx_trimesh_free(out);
        return 1;
    }
    for (unsigned i = 0; i < s->mNumMeshes; i++) {
        const struct aiMesh *m = s->mMeshes[i];
        size_t base = out->nv, before = out->nt;
        for (unsigned j = 0; j < m->mNumFaces; j++) {
            const struct aiFace *f = &m->mFaces[j];
            for (unsigned k = 1; k + 1 < f->mNumIndices; k++) {
                out->t[out->nt][0] = (uint32_t)(base + f->mIndices[0]);
                out->t[out->nt][1] = (uint32_t)(base + f->mIndices[k]);
                out->t[out->nt][2] = (uint32_t)(base + f->mIndices[k + 1]);
                out->nt++;
            }
        }
        if (out->nt == before)
            continue;
        for (unsigned j = 0; j < m->mNumVertices; j++) {
            out->v[out->nv][0] = m->mVertices[j].x;
            out->v[out->nv][1] = m->mVertices[j].y;
            out->v[out->nv][2] = m->mVertices[j].z;
            out->nv++;
        }
    }
    aiReleaseImport(s);
    return 0;
}

void gx_trimesh_free(gx_trimesh_t *m)
{
    free(m->v);
    free(m->t);
    m->v = NULL;
    m->t = NULL;
    m->nv = m->nt = 0;
}
