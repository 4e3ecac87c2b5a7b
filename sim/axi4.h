/* axi4: the signals of one AXI4 interface (AMBA AXI and ACE Protocol Specification,
 * ARM IHI 0022E) at one clock, as the C testbenches and the gx tool pass them between a
 * Verilated master (gx_pipe's m_axi, gx_msmem), the memory model (axi_mem) and the
 * protocol monitor (axi_mon). Data up to 256 bits; byte j of a beat is w_data[j] /
 * r_data[j]; strobe bit j goes with byte j. Signals the interface lacks are 0 (AxLOCK,
 * AxCACHE, AxPROT, AxQOS, AxREGION, the USER signals).
 */
#ifndef GX_SIM_AXI4_H
#define GX_SIM_AXI4_H

#include <stdint.h>

#define AXI4_MAX_DATA_BYTES 32 /**< RDATA / WDATA bytes (256 bits) */

enum { AXI4_BURST_FIXED = 0, AXI4_BURST_INCR = 1, AXI4_BURST_WRAP = 2 };
enum { AXI4_RESP_OKAY = 0, AXI4_RESP_EXOKAY = 1, AXI4_RESP_SLVERR = 2,
       AXI4_RESP_DECERR = 3 };

typedef struct axi4_sig {
    /* write address */
    int aw_valid, aw_ready;
    uint64_t aw_addr;
    unsigned aw_id, aw_len, aw_size, aw_burst, aw_cache, aw_prot;
    /* write data */
    int w_valid, w_ready;
    uint8_t w_data[AXI4_MAX_DATA_BYTES];
    uint32_t w_strb;
    int w_last;
    /* write response */
    int b_valid, b_ready;
    unsigned b_id, b_resp;
    /* read address */
    int ar_valid, ar_ready;
    uint64_t ar_addr;
    unsigned ar_id, ar_len, ar_size, ar_burst, ar_cache, ar_prot;
    /* read data */
    int r_valid, r_ready;
    uint8_t r_data[AXI4_MAX_DATA_BYTES];
    unsigned r_id, r_resp;
    int r_last;
} axi4_sig_t;

/* The byte addresses of an INCR burst (A3.4.1, A3.4.2): start address addr, 2^size bytes
 * a beat, data_bytes (a power of 2, size <= log2 data_bytes) bytes a data beat. */

/** The address of beat i: the start address for beat 0, then the size-aligned start
 *  address plus i * 2^size (an unaligned start address only shortens the first beat). */
static inline uint64_t axi4_beat_addr(uint64_t addr, unsigned size, unsigned i)
{
    uint64_t n = 1ull << size;
    return i ? (addr & ~(n - 1)) + (uint64_t)i * n : addr;
}

/** The byte lanes of beat i as a strobe mask (bit j: lane j): from the beat's address
 *  to the end of its 2^size-byte container, both modulo data_bytes. */
static inline uint32_t axi4_beat_lanes(uint64_t addr, unsigned size, unsigned i,
                                       unsigned data_bytes)
{
    uint64_t n = 1ull << size, a = axi4_beat_addr(addr, size, i);
    unsigned lo = (unsigned)(a & (data_bytes - 1));
    unsigned hi = (unsigned)(((a & ~(n - 1)) + n - 1) & (data_bytes - 1));
    return (uint32_t)(((2ull << hi) - 1) & ~((1ull << lo) - 1));
}

/** One past the last byte of a burst of len + 1 beats. */
static inline uint64_t axi4_burst_end(uint64_t addr, unsigned size, unsigned len)
{
    uint64_t n = 1ull << size;
    return (addr & ~(n - 1)) + ((uint64_t)len + 1) * n;
}

#endif /* GX_SIM_AXI4_H */
