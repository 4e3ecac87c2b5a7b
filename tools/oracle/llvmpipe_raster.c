/* llvmpipe_raster: Mesa's llvmpipe (software OpenGL) as an independent oracle for the
 * coverage that `gx raster` computes.
 *
 * Usage: llvmpipe_raster [--info] [--clip-origin lower|upper] FILE|-
 *
 * FILE is a gx scene (the subset of `gx raster`'s format that llvmpipe can model):
 * `viewport W H` and `samples N` (N = 1 or 4; llvmpipe has no other MSAA mode), each
 * once, before `tri x0 y0 x1 y1 x2 y2` lines in 1/256 pixel; blank lines and lines whose
 * first non-blank character is `#` are skipped; anything else (pattern, patternsets,
 * conservative, other N) is rejected with
 * `llvmpipe_raster: FILE:LINE: reason` and exit status 2. Every triangle is drawn alone
 * into a cleared W x H R32UI target (N = 4: a 4x multisample texture) and its coverage
 * printed as `t px py mask` (t from 0, mask in lower-case hex) for every pixel with a
 * non-zero mask, sorted by t, py, px: the output format of `gx raster`.
 *
 * How the coverage reaches the output (N = 4): pass 1 writes gl_SampleMaskIn[0] | 0x100
 * into the multisample R32UI texture (sample shading off, so one invocation per pixel
 * and the value lands in every covered sample); pass 2 reads all four samples with
 * texelFetch and writes, per pixel, (OR of the low bytes) | (samples written) << 8 into
 * a single-sample R32UI texture that is read back. The two masks must agree (the first
 * is the shader's view of coverage, the second what the rasterizer actually wrote); a
 * disagreement is reported and is an error (exit 3).
 *
 * Exactness: gx coordinates are passed as integers (1/256 pixel) in an ivec2 attribute.
 * llvmpipe clips against the viewport with no guard band, and clipped vertices are
 * interpolated in float, so each triangle gets its own viewport that contains it: origin
 * (ox, oy) = floor of its smallest vertex coordinates in pixels, size (Px, Py) the
 * powers of two that reach its largest ones (at most GL_MAX_VIEWPORT_DIMS, 16384; a
 * larger triangle is refused). The viewport may lie partly outside the W x H target:
 * the framebuffer bounds discard those pixels. The vertex shader computes
 * x_clip = (x - 256 ox) * 2^-(7 + log2 Px) - 1 (integer subtraction, then float),
 * likewise y, w = 1. Every step (the power-of-two scale, the -1, the viewport transform
 * x_w = (x_clip + 1) Px/2 + ox, llvmpipe's half-pixel offset and its 8-bit subpixel
 * snap, GL_SUBPIXEL_BITS = 8) is exact in binary32, since all values are multiples of
 * 2^-8 below 2^15 in magnitude, so llvmpipe's fixed-point vertices are exactly gx's.
 *
 * Orientation and fill rule: the target is an FBO, so GL window y = texture row =
 * gx y (no flip anywhere, glReadPixels row r is gx pixel row r). With the default
 * clip origin (GL_LOWER_LEFT) on an FBO, Mesa's state tracker sets the gallium
 * rasterizer state bottom_edge_rule = 0, i.e. llvmpipe applies the Direct3D top-left
 * rule in its own (y-down, row 0 first) coordinates, which are gx's. glClipControl
 * (GL_UPPER_LEFT) would make Mesa toggle bottom_edge_rule to 1 (bottom-left rule in
 * those coordinates), so it is NOT used by default; `--clip-origin upper` selects it
 * (with y_clip negated so that vertices land on the same window coordinates) to show
 * the difference.
 *
 * Exit status: 0 ok, 2 bad input or usage, 3 EGL/GL failure or unexpected llvmpipe
 * behaviour (wrong renderer, non-standard sample positions, inconsistent masks).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

#define PROG "llvmpipe_raster"
#define MAX_VIEWPORT 8192          /* gx: targets are 1..8192 pixels a side */
#define MAX_COORD (16384L * 256L)  /* gx: guard band, +-16384 pixels in 16.8 */

typedef struct scene {
    int width, height, samples;
    size_t ntri, cap;
    int32_t *v; /* 6 per triangle: x0 y0 x1 y1 x2 y2 */
} scene_t;

static void die(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, PROG ": ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(code);
}

static void input_error(const char *file, unsigned line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, PROG ": %s:%u: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* A decimal integer (optional sign) filling the whole field; 0 on failure. */
static int parse_long(const char *s, long *out)
{
    if (!*s)
        return 0;
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    if (*p < '0' || *p > '9')
        return 0;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (errno || *end)
        return 0;
    *out = v;
    return 1;
}

static unsigned split(char *line, char **f, unsigned max)
{
    unsigned n = 0;
    for (char *p = line;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return n;
        if (n == max)
            return max + 1;
        f[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
    }
}

static void read_scene(const char *name, scene_t *sc)
{
    FILE *f = strcmp(name, "-") ? fopen(name, "rb") : stdin;
    if (!f) {
        fprintf(stderr, PROG ": %s: %s\n", name, strerror(errno));
        exit(2);
    }
    memset(sc, 0, sizeof *sc);
    sc->samples = 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned lineno = 0;
    int have_viewport = 0;
    while ((n = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if ((size_t)n != strlen(line))
            input_error(name, lineno, "NUL byte in line");
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        char *fld[8];
        unsigned nf = split(line, fld, 7);
        if (nf == 0 || fld[0][0] == '#')
            continue;
        if (nf > 7)
            input_error(name, lineno, "too many fields");
        long val[6];
        if (!strcmp(fld[0], "viewport")) {
            if (nf != 3)
                input_error(name, lineno, "viewport needs 2 fields (W H), got %u", nf - 1);
            if (have_viewport)
                input_error(name, lineno, "second viewport line");
            if (sc->ntri)
                input_error(name, lineno, "viewport after a triangle");
            for (int i = 0; i < 2; i++)
                if (!parse_long(fld[1 + i], &val[i]) || val[i] < 1 || val[i] > MAX_VIEWPORT)
                    input_error(name, lineno, "viewport %s '%s' is not an integer in 1..%d",
                                i ? "height" : "width", fld[1 + i], MAX_VIEWPORT);
            sc->width = (int)val[0];
            sc->height = (int)val[1];
            have_viewport = 1;
        } else if (!strcmp(fld[0], "samples")) {
            if (nf != 2)
                input_error(name, lineno, "samples needs 1 field (N), got %u", nf - 1);
            if (sc->samples)
                input_error(name, lineno, "second samples line");
            if (sc->ntri)
                input_error(name, lineno, "samples after a triangle");
            if (!parse_long(fld[1], &val[0]) || (val[0] != 1 && val[0] != 4))
                input_error(name, lineno,
                            "samples '%s' is not 1 or 4 (the MSAA modes llvmpipe has)", fld[1]);
            sc->samples = (int)val[0];
        } else if (!strcmp(fld[0], "tri")) {
            if (nf != 7)
                input_error(name, lineno, "tri needs 6 fields (x0 y0 x1 y1 x2 y2), got %u", nf - 1);
            if (!have_viewport || !sc->samples)
                input_error(name, lineno, "tri before %s", !have_viewport ? "viewport" : "samples");
            for (int i = 0; i < 6; i++)
                if (!parse_long(fld[1 + i], &val[i]) || val[i] < -MAX_COORD || val[i] > MAX_COORD)
                    input_error(name, lineno,
                                "tri coordinate '%s' is not an integer in -%ld..%ld (1/256 pixel)",
                                fld[1 + i], MAX_COORD, MAX_COORD);
            if (sc->ntri == sc->cap) {
                sc->cap = sc->cap ? 2 * sc->cap : 256;
                sc->v = realloc(sc->v, sc->cap * 6 * sizeof *sc->v);
                if (!sc->v)
                    die(3, "out of memory");
            }
            for (int i = 0; i < 6; i++)
                sc->v[6 * sc->ntri + i] = (int32_t)val[i];
            sc->ntri++;
        } else {
            input_error(name, lineno, "unknown directive '%s' (viewport, samples, tri)", fld[0]);
        }
    }
    if (ferror(f))
        die(2, "%s: read error", name);
    free(line);
    if (f != stdin)
        fclose(f);
    if (!have_viewport)
        input_error(name, lineno, "no viewport line");
    if (!sc->samples)
        input_error(name, lineno, "no samples line");
}

/* ---------------------------------------------------------------- EGL / GL */

static const char *egl_err(void)
{
    static char buf[32];
    snprintf(buf, sizeof buf, "EGL error 0x%04x", (unsigned)eglGetError());
    return buf;
}

static int has_ext(const char *list, const char *ext)
{
    size_t n = strlen(ext);
    for (const char *p = list; p && (p = strstr(p, ext)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

static void gl_check(const char *what)
{
    GLenum e = glGetError();
    if (e != GL_NO_ERROR)
        die(3, "GL error 0x%04x after %s", (unsigned)e, what);
}

static void init_gl(const char *driver, int info)
{
    /* Force Mesa's software rasterizer: no device is opened, the gallium "swrast"
     * loader picks the driver named by GALLIUM_DRIVER. */
    setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1);
    setenv("GALLIUM_DRIVER", driver, 1);
    setenv("MESA_LOADER_DRIVER_OVERRIDE", "swrast", 0);

    const char *cext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!cext)
        die(3, "eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS) failed: %s "
               "(no EGL client extensions: is libegl-mesa0 installed?)", egl_err());
    if (!has_ext(cext, "EGL_MESA_platform_surfaceless"))
        die(3, "EGL_MESA_platform_surfaceless missing; client extensions: %s", cext);
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (dpy == EGL_NO_DISPLAY)
        die(3, "eglGetPlatformDisplay(SURFACELESS) failed: %s", egl_err());
    EGLint major, minor;
    if (!eglInitialize(dpy, &major, &minor))
        die(3, "eglInitialize on the surfaceless platform failed: %s", egl_err());
    const char *dext = eglQueryString(dpy, EGL_EXTENSIONS);
    if (!has_ext(dext, "EGL_KHR_surfaceless_context"))
        die(3, "EGL_KHR_surfaceless_context missing; display extensions: %s", dext);
    if (!eglBindAPI(EGL_OPENGL_API))
        die(3, "eglBindAPI(EGL_OPENGL_API) failed: %s", egl_err());

    EGLConfig cfg = (EGLConfig)0; /* EGL_NO_CONFIG_KHR */
    if (!has_ext(dext, "EGL_KHR_no_config_context")) {
        const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                               EGL_NONE};
        EGLint got = 0;
        if (!eglChooseConfig(dpy, want, &cfg, 1, &got) || got < 1)
            die(3, "no EGL config for desktop OpenGL: %s", egl_err());
    }
    const EGLint attr[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                           EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                           EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, attr);
    if (ctx == EGL_NO_CONTEXT)
        die(3, "eglCreateContext(OpenGL 4.5 core) failed: %s", egl_err());
    if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
        die(3, "eglMakeCurrent(surfaceless) failed: %s", egl_err());

    const char *renderer = (const char *)glGetString(GL_RENDERER);
    const char *version = (const char *)glGetString(GL_VERSION);
    if (info)
        fprintf(stderr, PROG ": EGL %d.%d (%s), GL_RENDERER %s, GL_VERSION %s\n", major, minor,
                eglQueryString(dpy, EGL_VENDOR), renderer ? renderer : "?",
                version ? version : "?");
    if (!renderer || !strstr(renderer, driver))
        die(3, "GL_RENDERER is '%s', not %s: refusing to act as the oracle",
            renderer ? renderer : "(null)", driver);
}

static GLuint compile(GLenum type, const char *src)
{
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        die(3, "shader compile failed:\n%s", log);
    }
    return s;
}

static GLuint link(const char *vs, const char *fs)
{
    GLuint p = glCreateProgram();
    GLuint a = compile(GL_VERTEX_SHADER, vs), b = compile(GL_FRAGMENT_SHADER, fs);
    glAttachShader(p, a);
    glAttachShader(p, b);
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetProgramInfoLog(p, sizeof log, NULL, log);
        die(3, "program link failed:\n%s", log);
    }
    glDeleteShader(a);
    glDeleteShader(b);
    return p;
}

/* Pass 1: the triangle. p is in 1/256 pixel; org is the viewport's origin (pixels),
 * scale = 2^-(7 + log2 size) per axis; ysign = +1 for the lower-left clip origin, -1
 * for upper-left (window y = gx y in both). The integer subtraction is exact, and so is
 * every float operation (see the header comment). */
static const char *VS_TRI =
    "#version 450 core\n"
    "layout(location = 0) in ivec2 p;\n"
    "uniform ivec2 org;\n"
    "uniform vec2 scale;\n"
    "uniform float ysign;\n"
    "void main() {\n"
    "    ivec2 q = p - org * 256;\n"
    "    gl_Position = vec4(float(q.x) * scale.x - 1.0, ysign * (float(q.y) * scale.y - 1.0), 0.0, 1.0);\n"
    "}\n";
static const char *FS_TRI =
    "#version 450 core\n"
    "layout(location = 0) out uint o;\n"
    "void main() { o = uint(gl_SampleMaskIn[0]) | 0x100u; }\n";
/* Pass 2 (N = 4): per pixel, OR of the shader masks and the set of written samples. */
static const char *VS_FULL =
    "#version 450 core\n"
    "void main() {\n"
    "    vec2 c = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
    "    gl_Position = vec4(c, 0.0, 1.0);\n"
    "}\n";
static const char *FS_RESOLVE =
    "#version 450 core\n"
    "uniform usampler2DMS ms;\n"
    "uniform int nsamples;\n"
    "layout(location = 0) out uint o;\n"
    "void main() {\n"
    "    ivec2 c = ivec2(gl_FragCoord.xy);\n"
    "    uint m = 0u, w = 0u;\n"
    "    for (int i = 0; i < nsamples; i++) {\n"
    "        uint v = texelFetch(ms, c, i).r;\n"
    "        m |= v & 0xffu;\n"
    "        if (v != 0u) w |= 1u << i;\n"
    "    }\n"
    "    o = m | (w << 8);\n"
    "}\n";

static int usage(void)
{
    fprintf(stderr, "usage: " PROG " [--info] [--clip-origin lower|upper] FILE|-\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *file = NULL, *driver = "llvmpipe";  /* softpipe (22.3) has no GL 4.5 */
    int info = 0, upper = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--info"))
            info = 1;
        else if (!strcmp(argv[i], "--clip-origin") && i + 1 < argc) {
            const char *v = argv[++i];
            if (!strcmp(v, "upper"))
                upper = 1;
            else if (!strcmp(v, "lower"))
                upper = 0;
            else
                return usage();
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage();
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, PROG ": unknown option '%s'\n", argv[i]);
            return usage();
        } else if (file)
            return usage();
        else
            file = argv[i];
    }
    if (!file)
        return usage();

    scene_t sc;
    read_scene(file, &sc);
    const int W = sc.width, H = sc.height, N = sc.samples;

    init_gl(driver, info);

    GLuint prog_tri = link(VS_TRI, FS_TRI);
    GLuint prog_res = link(VS_FULL, FS_RESOLVE);

    /* vertices: all triangles in one buffer */
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(sc.ntri * 6 * sizeof(int32_t) + 1), sc.v,
                 GL_STATIC_DRAW);
    glVertexAttribIPointer(0, 2, GL_INT, 0, (void *)0);
    glEnableVertexAttribArray(0);

    /* targets: the triangle target (multisample for N = 4) and the single-sample
     * R32UI target that is read back */
    GLuint tex_out, fbo_out, tex_ms = 0, fbo_ms = 0;
    glGenTextures(1, &tex_out);
    glBindTexture(GL_TEXTURE_2D, tex_out);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, W, H);
    glGenFramebuffers(1, &fbo_out);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_out);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex_out, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        die(3, "R32UI %dx%d framebuffer incomplete", W, H);
    if (N > 1) {
        glGenTextures(1, &tex_ms);
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex_ms);
        glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, N, GL_R32UI, W, H, GL_TRUE);
        gl_check("glTexStorage2DMultisample(R32UI)");
        glGenFramebuffers(1, &fbo_ms);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo_ms);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
                               tex_ms, 0);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
            die(3, "%dx R32UI %dx%d multisample framebuffer incomplete", N, W, H);
        GLint got = 0;
        glGetIntegerv(GL_SAMPLES, &got);
        if (got != N)
            die(3, "the multisample framebuffer has %d samples, not %d", got, N);
        /* the standard 4x positions in 1/16 pixel from the pixel's corner at the
         * smallest x and y; GL window y = gx y on an FBO, so GL's "lower-left" corner
         * is gx's upper-left one */
        static const int std4[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};
        int bad = 0;
        for (int i = 0; i < N; i++) {
            GLfloat pos[2];
            glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)i, pos);
            if (info)
                fprintf(stderr, PROG ": sample %d at (%g, %g) = (%g, %g)/16\n", i, pos[0], pos[1],
                        pos[0] * 16, pos[1] * 16);
            if (pos[0] * 16.0f != (float)std4[i][0] || pos[1] * 16.0f != (float)std4[i][1]) {
                fprintf(stderr,
                        PROG ": sample %d is at (%g, %g)/16, not the standard (%d, %d)/16\n", i,
                        pos[0] * 16, pos[1] * 16, std4[i][0], std4[i][1]);
                bad = 1;
            }
        }
        if (bad)
            die(3, "llvmpipe's %dx sample positions are not the standard ones", N);
    }
    gl_check("setup");

    if (upper)
        glClipControl(GL_UPPER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_SAMPLE_SHADING);
    glEnable(GL_MULTISAMPLE);
    glUseProgram(prog_tri);
    const GLint loc_org = glGetUniformLocation(prog_tri, "org");
    const GLint loc_scale = glGetUniformLocation(prog_tri, "scale");
    glUniform1f(glGetUniformLocation(prog_tri, "ysign"), upper ? -1.0f : 1.0f);
    glUseProgram(prog_res);
    glUniform1i(glGetUniformLocation(prog_res, "ms"), 0);
    glUniform1i(glGetUniformLocation(prog_res, "nsamples"), N);
    glActiveTexture(GL_TEXTURE0);
    if (N > 1)
        glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex_ms);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    gl_check("state");

    uint32_t *pix = malloc((size_t)W * H * sizeof *pix);
    if (!pix)
        die(3, "out of memory");
    const GLuint zero[4] = {0, 0, 0, 0};
    size_t inconsistent = 0;
    GLint maxvp[2] = {0, 0};
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, maxvp);
    for (size_t t = 0; t < sc.ntri; t++) {
        /* the viewport: the triangle's pixel bounding box, grown to a power of two a
         * side, so that no vertex is outside the view volume (llvmpipe has no guard
         * band: it would clip, and clipped vertices are rounded floats) */
        const int32_t *tv = sc.v + 6 * t;
        int org[2], size[2];
        for (int a = 0; a < 2; a++) {
            int32_t lo = tv[a], hi = tv[a];
            for (int k = 1; k < 3; k++) {
                lo = tv[2 * k + a] < lo ? tv[2 * k + a] : lo;
                hi = tv[2 * k + a] > hi ? tv[2 * k + a] : hi;
            }
            org[a] = (int)((lo - (lo < 0 ? 255 : 0)) / 256); /* floor */
            int end = (int)((hi + (hi > 0 ? 255 : 0)) / 256); /* ceil */
            size[a] = 1;
            while (org[a] + size[a] < end)
                size[a] <<= 1;
            if (size[a] > maxvp[a])
                die(3, "triangle %zu spans %d pixels in %c, more than llvmpipe's largest "
                       "viewport (%d): it would be clipped, inexactly",
                    t, end - org[a], "xy"[a], maxvp[a]);
        }
        glUseProgram(prog_tri);
        glUniform2i(loc_org, org[0], org[1]);
        glUniform2f(loc_scale, 1.0f / (float)(128 * size[0]), 1.0f / (float)(128 * size[1]));
        glBindFramebuffer(GL_FRAMEBUFFER, N > 1 ? fbo_ms : fbo_out);
        glViewport(org[0], org[1], size[0], size[1]);
        glClearBufferuiv(GL_COLOR, 0, zero);
        glDrawArrays(GL_TRIANGLES, (GLint)(3 * t), 3);
        if (N > 1) {
            glBindFramebuffer(GL_FRAMEBUFFER, fbo_out);
            glViewport(0, 0, W, H);
            glUseProgram(prog_res);
            glDrawArrays(GL_TRIANGLES, 0, 3);
        }
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_out);
        glReadPixels(0, 0, W, H, GL_RED_INTEGER, GL_UNSIGNED_INT, pix);
        gl_check("drawing a triangle");
        for (int py = 0; py < H; py++)
            for (int px = 0; px < W; px++) {
                uint32_t v = pix[(size_t)py * W + px];
                if (!v)
                    continue;
                unsigned mask;
                if (N == 1) {
                    mask = 1;
                } else {
                    mask = (v >> 8) & 0xff;
                    if ((v & 0xff) != mask) {
                        if (inconsistent++ < 10)
                            fprintf(stderr,
                                    PROG ": triangle %zu pixel (%d, %d): gl_SampleMaskIn %x but "
                                    "samples written %x\n",
                                    t, px, py, v & 0xff, mask);
                    }
                }
                if (mask)
                    printf("%zu %d %d %x\n", t, px, py, mask);
            }
    }
    if (fflush(stdout) || ferror(stdout))
        die(3, "write error on stdout");
    free(pix);
    free(sc.v);
    if (inconsistent)
        die(3, "%zu pixels where the shader's coverage mask and the written samples disagree",
            inconsistent);
    return 0;
}
