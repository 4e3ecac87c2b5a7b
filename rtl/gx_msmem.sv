// gx_msmem: the memory side of gx_pipe (issue 22, docs/msmem.md): an AXI4 master that
// keeps the multi-sample surface in the physical layout of docs/pipe.md ("Memory: what
// lives where"), byte for byte as gx_msmem_write / gx_msmem_read (cmodel/src/msmem.c, the
// specification) do, and issues exactly their byte ranges (gx_msmem_io_t) as INCR bursts.
//
// Ports: a write port (flush packets of gx_mswb), two read ports (0: gx_mswb's RMW and
// promote reads, 1: gx_msld's load reads), an AXI4 master (64-bit data, one ID 0, INCR
// bursts inside one 256-byte block, so never across 4 KB).
// Write (a flush packet): the packet is read in place (it stays on fl_i until fl_ready_o,
// which rises after the last write response); 1SPP / full packets map the payload to the
// home straight, a uniform one (state 3) its first value to pixel 0's place; a subset payload's masks are parsed one mask a clock into the class
// numbers (index bytes, in place) and the home slots of the pixels' classes. Then the
// home slots' runs (a run scanner walks the byte enables a beat a clock), the index runs
// (subset), the state byte: one burst a run, W beats assembled from the payload through a
// two-word window, WSTRB exactly the written bytes. Packets that gx_msmem_write refuses
// on their own fields (tile outside the surface, a uniform packet that leaves an existing
// pixel out, payload over 360 bytes, a written pixel that does not exist) are taken and dropped (bad_wr_o counts them) with no
// memory access; the refusals that depend on memory or on the payload's masks (a partial
// write in a state other than the tile's, a payload gx_mssurf_decode refuses) are never
// made by gx_mswb and are the environment's obligation (FlMasks_M checks the masks).
// Read: the state byte (one burst), for a subset tile the index runs of the requested
// pixels (then a sweep of the class numbers, a sample a clock, gives each pixel's values),
// the home runs into a 256-byte block RAM, then the response is built a 32-bit chunk a
// clock (64 clocks) in a shift register: the requested pixels uncompressed, other bytes
// 0, bytes = the home and index bytes read, as gx_msmem_answer. A tile outside the
// surface reads nothing and answers 0 (the surface is padded to whole tiles: every tile
// of it has its P pixels).
// Order: one transaction at a time, a write ends with its last B, so every read and write
// sees every earlier write (docs/pipe.md's rule holds trivially). Arbitration in idle: a
// flush packet first, then the read ports round robin.
// Handshakes: valid/ready on fl, rd*_req, rd*_resp (payload held while valid and not
// ready); RREADY and BREADY are always high; at most MaxWrOut write bursts without B.
// Latency and throughput (docs/msmem.md): a write takes 4 + parse (subset: a clock per
// mask and per unwritten pixel) + 2 + a clock per region phase (its first beat's load)
// + a clock per home beat scanned (32) + the bursts' beats + the last B; a read 3 + the
// state burst + (subset: index bursts + 256/B + 1 sweep) + a clock per home beat scanned
// + the home bursts + 67 + the response handshake.
// cfg_i and the bases are static while idle_o is low and for three clocks before a
// transaction (the format's registers and the tile count follow cfg_i through one and
// three registers).
`default_nettype none
`include "gx_assert.svh"

module gx_msmem #(
  parameter int unsigned AddrW    = 64,  /// AXI address bits (<= 64); bases above are cut
  parameter int unsigned IdW      = 4,   /// AXI ID bits (every ID is 0)
  parameter int unsigned MaxWrOut = 8    /// write bursts issued without their B, >= 1
) (
  input  wire logic               clk_i,              /// clock, rising edge
  input  wire logic               rst_i,              /// synchronous reset, active high
  input  wire gx_pkg::ms_cfg_t    cfg_i,              /// surface format (W, H, N, B)
  input  wire logic [63:0]        surf_base_i,        /// tile homes, 256-byte aligned
  input  wire logic [63:0]        index_base_i,       /// class indices, 256-byte aligned
  input  wire logic [63:0]        state_base_i,       /// tile states, 256-byte aligned
  // write port: flush packets (gx_mswb)
  input  wire logic               fl_valid_i,         /// a flush packet is offered
  output      logic               fl_ready_o,         /// taken: its writes are done (B)
  input  wire gx_pkg::ms_flush_t  fl_i,               /// the packet, held until taken
  // read port 0 (gx_mswb) and 1 (gx_msld)
  input  wire logic               rd0_req_valid_i,    /// port 0: a read is requested
  output      logic               rd0_req_ready_o,    /// port 0: the request is taken
  input  wire gx_pkg::ms_rdreq_t  rd0_req_i,          /// port 0: tile, pixels
  output      logic               rd0_resp_valid_o,   /// port 0: the response is offered
  input  wire logic               rd0_resp_ready_i,   /// port 0: it is taken
  output      gx_pkg::ms_rdresp_t rd0_resp_o,         /// port 0: Em, bytes, pixels
  input  wire logic               rd1_req_valid_i,    /// port 1: a read is requested
  output      logic               rd1_req_ready_o,    /// port 1: the request is taken
  input  wire gx_pkg::ms_rdreq_t  rd1_req_i,          /// port 1: tile, pixels
  output      logic               rd1_resp_valid_o,   /// port 1: the response is offered
  input  wire logic               rd1_resp_ready_i,   /// port 1: it is taken
  output      gx_pkg::ms_rdresp_t rd1_resp_o,         /// port 1: Em, bytes, pixels
  // AXI4 master (ARM IHI 0022E), 64-bit data
  output      logic               m_axi_awvalid_o,    /// AWVALID
  input  wire logic               m_axi_awready_i,    /// AWREADY
  output      logic [IdW-1:0]     m_axi_awid_o,       /// AWID (0)
  output      logic [AddrW-1:0]   m_axi_awaddr_o,     /// AWADDR: the range's first byte
  output      logic [7:0]         m_axi_awlen_o,      /// AWLEN: beats - 1 (<= 31)
  output      logic [2:0]         m_axi_awsize_o,     /// AWSIZE: 8 bytes
  output      logic [1:0]         m_axi_awburst_o,    /// AWBURST: INCR
  output      logic               m_axi_awlock_o,     /// AWLOCK: normal
  output      logic [3:0]         m_axi_awcache_o,    /// AWCACHE: normal non-cacheable bufferable
  output      logic [2:0]         m_axi_awprot_o,     /// AWPROT: 0
  output      logic [3:0]         m_axi_awqos_o,      /// AWQOS: 0
  output      logic               m_axi_wvalid_o,     /// WVALID
  input  wire logic               m_axi_wready_i,     /// WREADY
  output      logic [63:0]        m_axi_wdata_o,      /// WDATA
  output      logic [7:0]         m_axi_wstrb_o,      /// WSTRB: the range's bytes
  output      logic               m_axi_wlast_o,      /// WLAST
  input  wire logic               m_axi_bvalid_i,     /// BVALID
  output      logic               m_axi_bready_o,     /// BREADY (always 1)
  input  wire logic [IdW-1:0]     m_axi_bid_i,        /// BID (unused: one ID)
  input  wire logic [1:0]         m_axi_bresp_i,      /// BRESP (not OKAY: resp_err_o)
  output      logic               m_axi_arvalid_o,    /// ARVALID
  input  wire logic               m_axi_arready_i,    /// ARREADY
  output      logic [IdW-1:0]     m_axi_arid_o,       /// ARID (0)
  output      logic [AddrW-1:0]   m_axi_araddr_o,     /// ARADDR: the range's first byte
  output      logic [7:0]         m_axi_arlen_o,      /// ARLEN: beats - 1 (<= 31)
  output      logic [2:0]         m_axi_arsize_o,     /// ARSIZE: 8 bytes
  output      logic [1:0]         m_axi_arburst_o,    /// ARBURST: INCR
  output      logic               m_axi_arlock_o,     /// ARLOCK: normal
  output      logic [3:0]         m_axi_arcache_o,    /// ARCACHE: normal non-cacheable bufferable
  output      logic [2:0]         m_axi_arprot_o,     /// ARPROT: 0
  output      logic [3:0]         m_axi_arqos_o,      /// ARQOS: 0
  input  wire logic               m_axi_rvalid_i,     /// RVALID
  output      logic               m_axi_rready_o,     /// RREADY (always 1)
  input  wire logic [IdW-1:0]     m_axi_rid_i,        /// RID (unused: one ID)
  input  wire logic [63:0]        m_axi_rdata_i,      /// RDATA
  input  wire logic [1:0]         m_axi_rresp_i,      /// RRESP (not OKAY: resp_err_o)
  input  wire logic               m_axi_rlast_i,      /// RLAST (the burst length is known)
  // counters and status
  output      logic [63:0]        bytes_rd_o,         /// bytes read: each burst's range bytes
  output      logic [63:0]        bytes_wr_o,         /// bytes written: WSTRB bits
  output      logic [15:0]        bad_wr_o,           /// flush packets dropped (wrapping)
  output      logic               resp_err_o,         /// sticky: a BRESP or RRESP not OKAY
  output      logic               idle_o              /// no transaction in flight
);
  localparam int unsigned PayWords = gx_pkg::MsMaxPayload / 8;  // 45 words of payload

  typedef enum logic [4:0] {
    StIdle, StWrChk, StWrGo, StWrMask, StWrWin, StWrHome, StWrIndex, StWrState, StWrWaitB,
    StWrDone, StRdChk, StRdGo, StRdState, StRdIndex, StRdK, StRdHome, StRdExp, StRdResp
  } state_e;
  // the three regions of a tile: a run's byte offsets are within its block
  typedef enum logic [1:0] { RgHome, RgIndex, RgState } region_e;

  // ---------------------------------------------------------------------------------
  // Format: N = 2^nlg, B = 4 2^bps, P = 2^plg pixels a tile, I(N) index bytes a pixel;
  // registered from cfg_i, which is static for three clocks before a transaction.
  gx_pkg::spp_e spp;
  logic [2:0]  nlg, plg;
  logic [1:0]  bps;
  logic [3:0]  nmax;        // N - 1
  logic [5:0]  pcnt;        // P
  logic [6:0]  tmax;        // 256 / B - 1: the last sample of a tile
  logic [31:0] pall;        // the P pixels of a whole tile
  logic [15:0] alln;        // the N samples of a pixel
  logic [4:0]  mpw;         // masks a payload word holds - 1: 64 / N - 1
  logic [2:0]  nlg_c, plg_c;
  logic [5:0]  pcnt_c;
  assign nlg_c  = 3'(cfg_i.spp) + 3'd1;
  assign plg_c  = 3'(3'd5 - 3'(cfg_i.spp) - 3'(cfg_i.bps));
  assign pcnt_c = 6'd1 << plg_c;
  always_ff @(posedge clk_i) begin
    spp  <= cfg_i.spp;
    nlg  <= nlg_c;
    bps  <= 2'(cfg_i.bps);
    plg  <= plg_c;
    nmax <= 4'((5'd1 << nlg_c) - 5'd1);
    pcnt <= pcnt_c;
    tmax <= 7'((8'd64 >> cfg_i.bps) - 8'd1);
    pall <= 32'hffff_ffff >> (6'd32 - pcnt_c);
    alln <= 16'((17'd1 << (5'd1 << nlg_c)) - 17'd1);
    mpw  <= 5'((7'd64 >> nlg_c) - 7'd1);
  end

  // The surface's tile count, three registers behind cfg_i: W and H padded to whole
  // tiles (so every tile is whole: a tile's existing pixels are its P), registered; their
  // product W H by shift and add, no multiplier (the product of the configuration needs no
  // DSP block and its routing): the rows W h_i 2^i summed four at a time into registers;
  // then the four sums, shifted by log2 P, the count.
  logic [13:0][27:0] whrow;
  logic [3:0][27:0]  whsum_q;
  logic [13:0]       wpad_q, hpad_q;
  always_ff @(posedge clk_i) begin
    wpad_q <= gx_tile_pkg::tile_pad(cfg_i.width, gx_tile_pkg::tile_wlog(plg_c));
    hpad_q <= gx_tile_pkg::tile_pad(cfg_i.height, gx_tile_pkg::tile_hlog(plg_c));
  end
  always_comb begin
    for (int unsigned i = 0; i < 14; i++)
      whrow[i] = hpad_q[i] ? 28'(wpad_q) << i : 28'd0;
  end
  logic [20:0] tiles_q;
  always_ff @(posedge clk_i) begin
    whsum_q[0] <= (whrow[0] + whrow[1]) + (whrow[2] + whrow[3]);
    whsum_q[1] <= (whrow[4] + whrow[5]) + (whrow[6] + whrow[7]);
    whsum_q[2] <= (whrow[8] + whrow[9]) + (whrow[10] + whrow[11]);
    whsum_q[3] <= whrow[12] + whrow[13];
    tiles_q    <= 21'(((whsum_q[0] + whsum_q[1]) + (whsum_q[2] + whsum_q[3])) >> plg);
  end

  // ---------------------------------------------------------------------------------
  // State. state_q, the valid bits, the counters and the scanner's and generators'
  // activity are control (reset); the rest is datapath.
  state_e        state_q, state_d;
  logic          chk_q, chk_d;           // StWrChk: the packet is dropped; StRdChk: the
                                         // tile is outside the surface
  logic          rd_port_q, rd_port_d;   // the read's port
  logic          rr_q, rr_d;             // the read port served last
  logic [19:0]   tile_q, tile_d;
  logic [31:0]   pm_q, pm_d;             // pixels moved: written, or requested and existing
  logic [1:0]    enc_q, enc_d;           // write: the new state; read: the tile's state
  logic [AddrW-1:0] home_q, home_d, idx_q, idx_d, st_q, st_d;  // the tile's blocks
  logic [63:0]   se_q, se_d;             // home slots moved (B bytes each, slot pN + c)
  logic [255:0]  ib_q, ib_d;             // the tile's index bytes (in place)
  // subset parse
  logic [63:0]   mw_q, mw_d;             // mask word, the next mask in its low N bits
  logic [4:0]    mc_q, mc_d;             // masks taken from mw
  logic [5:0]    p_q, p_d;               // pixel
  logic          pe1_q, pe2_q;           // p_q is P; p_q + 1 is P (PEnd_A)
  logic [3:0]    c_q, c_d;               // its next class
  logic [15:0]   op_q, op_d;             // its samples not placed yet (of the N)
  logic [6:0]    k_q, k_d;               // masks of the payload so far
  logic [63:0]   pe_q, pe_d;             // the entries (samples p N .. p N + N - 1) of the
                                         // parse's pixel p_q, or of the read sweep's pixel
  // payload window: bytes ptr.. of {nxt, cur} are the next payload bytes; pw is the
  // payload word after them, prefetched (PwWord_A)
  logic [5:0]    wi_q, wi_d;             // the payload word in pw
  logic [PayWords-1:0] ws_q, ws_d;       // one-hot: word wi + 1 when pv, else word wi
  logic [63:0]   pw_q, pw_d;
  logic          pv_q, pv_d;             // pw holds word wi
  logic          w_adv, w_jmp;           // pw taken (the next word prefetched); a jump
  logic [5:0]    w_tgt;                  // to word w_tgt (pw refilled a clock later)
  logic          w_late, wl_q;           // pw taken by the subset parse, the next word
                                         // prefetched a clock later
  logic [63:0]   cur_q, cur_d, nxt_q, nxt_d;
  logic [2:0]    ptr_q, ptr_d;
  logic [1:0]    win_q, win_d;           // window loads left before the home writes
  // run scanner: the current beat's run starts and ends, the next beat to load and the
  // enables from it on, a run open from an earlier beat
  logic          sc_act_q, sc_act_d, sc_in_q, sc_in_d;
  region_e       sc_rg_q, sc_rg_d;
  logic          cb_v_q, cb_v_d, cb_last_q, cb_last_d, cb_e7_q, cb_e7_d;
  logic [7:0]    cb_st_q, cb_st_d, cb_ed_q, cb_ed_d;
  logic [4:0]    cb_j_q, cb_j_d, cb_pj_q, cb_pj_d;  // the beat, the one before it
  logic [63:0]   sv_q, sv_d;
  logic [7:0]    sc_s_q, sc_s_d;
  logic          run_v_q, run_v_d;
  logic [7:0]    run_s_q, run_s_d;
  logic [7:0]    run_lb_q, run_lb_d;     // the run: bytes s .. lb of its block
  logic          run_1b_q, run_1b_d;     // s and lb in one beat
  // AW, W, B
  logic          aw_v_q, aw_v_d;
  logic [AddrW-1:0] aw_addr_q, aw_addr_d;
  logic [4:0]    aw_len_q, aw_len_d;
  logic          wg_act_q, wg_act_d;     // W beats of the issued run still to make
  region_e       wg_rg_q, wg_rg_d;
  logic [4:0]    wg_j_q, wg_j_d, wg_l_q, wg_l_d;  // beat, last beat
  logic [2:0]    wg_s_q, wg_s_d, wg_e_q, wg_e_d;  // first beat's first byte, last's last
  logic          wg_fb_q, wg_fb_d, wg_lb_q, wg_lb_d;  // beat wg_j is the first, the last
  logic          wg_h0_q, wg_h0_d, wg_h1_q, wg_h1_d;  // its strobes of bytes 0, 4 (WgHalf_A)
  logic          wg_hx_q;                // beat wg_j moves the window a word (WgWord_A)
  // W beats, through a skid buffer (u_wskid) whose output register drives W
  typedef struct packed {
    logic [63:0] data;
    logic [7:0]  strb;
    logic        last;
    logic [3:0]  pop;                    // its strobe bits
  } wbeat_t;
  wbeat_t        w_in, w_out, w_held;
  logic          w_room, w_v_q, w_held_v;
  logic [3:0]    w_pop_q;
  logic          w_last_q;
  logic [63:0]   w_data_q;
  logic [7:0]    w_strb_q;
  logic [$clog2(MaxWrOut+1)-1:0] wr_out_q, wr_out_d;
  // AR, R
  logic          ar_v_q, ar_v_d;
  logic [AddrW-1:0] ar_addr_q, ar_addr_d;
  logic [4:0]    ar_len_q, ar_len_d;
  logic          rg_act_q, rg_act_d;
  region_e       rg_rg_q, rg_rg_d;
  logic [4:0]    rg_j_q, rg_j_d, rg_l_q, rg_l_d;
  logic [2:0]    rg_s_q, rg_s_d, rg_e_q, rg_e_d;
  logic          rg_lb_q, rg_lb_d;       // beat rg_j is the last
  logic [7:0]    rg_strb_q, rg_strb_d;   // its range bytes
  logic [3:0]    rg_pop_q, rg_pop_d;     // their count
  // class sweep and response build
  logic [6:0]    q_q, q_d;               // sample (sweep) or chunk (build) issued
  logic [3:0]    kmax_q, kmax_d;
  logic          pd_q, pd_d;             // the sweep ended a pixel: kmax_q is its k - 1
  logic          qv_q, qv_d;             // the sweep reads entry q_q
  logic          pmnz_q, pmnz_d;         // a read requests some pixel
  logic          sw_end_q, sw_end_d;     // the sweep's last entry was read
  logic [31:0]   pmr_q, pmr_d;           // the requested pixels, the sweep's next in bit 0
  logic [255:0]  ir_q, ir_d;             // the index bytes, the next entry read in bits 0..
  logic          x1_v_q, x2_v_q, x1_h_q, x2_h_q, x1_k_q, x2_k_q;
  logic          x1_v_d, x1_h_d, x1_k_d;
  logic          s0_v_q, s0_v_d;         // stage 0 of the sweep and the build: the class
  logic [6:0]    s0_q_q;                 // number of entry / chunk s0_q_q read (cn_q)
  logic [3:0]    cn_q;
  logic [6:0]    xn_q, xn_d;             // chunks shifted in
  logic          resp_v_q, resp_v_d;
  logic [8:0]    rbytes_q, rbytes_d;
  logic [2047:0] resp_q, resp_d;
  logic [4:0]    xp;                     // chunk's pixel
  logic [5:0]    xq, xsrc;               // chunk's sample entry, its home chunk
  logic [1:0]    xi;                     // chunk of its sample
  // counters
  logic [63:0]   bytes_rd_q, bytes_rd_d, bytes_wr_q, bytes_wr_d;
  logic [15:0]   bad_q, bad_d;
  logic          err_q, err_d;

  // ---------------------------------------------------------------------------------
  // Helpers.
  function automatic logic [2:0] f_ffs(input logic [7:0] v);  // lowest set bit (v != 0)
    f_ffs = '0;
    for (int i = 7; i >= 0; i--) if (v[i]) f_ffs = 3'(i);
  endfunction
  // the number of bytes f_strb (below) sets for the same beat, from its edges
  function automatic logic [3:0] f_nbytes(input logic fb, input logic lb, input logic [2:0] s,
                                          input logic [2:0] e);
    f_nbytes = (lb ? 4'(e) + 4'd1 : 4'd8) - (fb ? 4'(s) : 4'd0);
  endfunction
  function automatic logic [7:0] f_clr(input logic [7:0] v);  // v without its lowest bit
    f_clr = v & (v - 8'd1);
  endfunction
  // the bytes of a run's beat (fb: its first, starting at byte s; lb: its last, ending at e)
  function automatic logic [7:0] f_strb(input logic fb, input logic lb, input logic [2:0] s,
                                        input logic [2:0] e);
    f_strb = (fb ? 8'hff << s : 8'hff) & (lb ? 8'hff >> (3'd7 - e) : 8'hff);
  endfunction
  // a 16-bit value per pixel sample (bit s for sample s) repeated over the 64 entries
  function automatic logic [63:0] f_rep(input gx_pkg::spp_e n, input logic [15:0] v);
    unique case (n)
      gx_pkg::Spp2:  f_rep = {32{v[1:0]}};
      gx_pkg::Spp4:  f_rep = {16{v[3:0]}};
      gx_pkg::Spp8:  f_rep = {8{v[7:0]}};
      default:       f_rep = {4{v}};
    endcase
  endfunction
  // the entries of the next pixel: pe moved up by N
  function automatic logic [63:0] f_nextpix(input gx_pkg::spp_e n, input logic [63:0] pe);
    unique case (n)
      gx_pkg::Spp2:  f_nextpix = pe << 2;
      gx_pkg::Spp4:  f_nextpix = pe << 4;
      gx_pkg::Spp8:  f_nextpix = pe << 8;
      default:       f_nextpix = pe << 16;
    endcase
  endfunction

  // payload word ws_q (0 beyond the payload): an AND-OR whose select bits each reach
  // one word's 64 bits, into pw_q only
  logic [63:0] pword;
  always_comb begin
    pword = '0;
    for (int unsigned w = 0; w < PayWords; w++)
      pword = pword | (fl_i.payload[64 * w +: 64] & {64{ws_q[w]}});
  end

  // class number of tile sample q_q (entry q = p N + s): the entries are read in order,
  // so ir_q (a copy of the index bytes) moves down by an entry after each entry's last
  // read and the entry read is always in its low bits (N = 2: an entry is a bit of its
  // pixel's byte, so the move is 1 bit within a byte and 7 to the next byte)
  logic       cq_par;       // entry q_q is the second of its byte (N = 2)
  logic       ir_sh;        // q_q is its entry's last read
  logic [3:0] cn;
  assign cq_par = state_q == StRdExp ? q_q[3'(bps)] : q_q[0];
  always_comb begin
    unique case (spp)
      gx_pkg::Spp2:  cn = {3'b0, ir_q[0]};
      gx_pkg::Spp4:  cn = {2'b0, ir_q[1:0]};
      gx_pkg::Spp8:  cn = {1'b0, ir_q[2:0]};
      default:       cn = ir_q[3:0];
    endcase
  end

  // index bytes of the moved pixels: byte b is pixel b / I(N)'s
  logic [31:0] ie;
  always_comb begin
    for (int unsigned b = 0; b < 32; b++) begin
      unique case (spp)
        gx_pkg::Spp2, gx_pkg::Spp4: ie[b] = pm_q[b];
        gx_pkg::Spp8:               ie[b] = b < 24 ? pm_q[b / 3] : 1'b0;
        default:                    ie[b] = pm_q[b / 8];
      endcase
    end
  end

  // the home slots a 1SPP (slot p), full (slots p N .. p N + N - 1) or uniform (slot 0,
  // the tile's one value, when any pixel moves) tile moves
  function automatic logic [63:0] f_slots(input logic [1:0] enc, input logic [31:0] pm,
                                          input logic [2:0] nl);
    for (int unsigned q = 0; q < 64; q++) begin
      logic full;  // slot q of a full tile: pixel q >> nl's (none past pixel 31)
      unique case (nl)
        3'd0:    full = q < 32 ? pm[q % 32] : 1'b0;
        3'd1:    full = pm[q / 2];
        3'd2:    full = pm[q / 4];
        3'd3:    full = pm[q / 8];
        3'd4:    full = pm[q / 16];
        3'd5:    full = pm[q / 32];
        default: full = pm[0];
      endcase
      f_slots[q] = enc == 2'(gx_pkg::EncUniform) ? (q == 0 && pm != '0)
                 : enc == 2'(gx_pkg::Enc1spp) ? (q < 32 ? pm[q] : 1'b0) : full;
    end
  endfunction

  // ---------------------------------------------------------------------------------
  // Run scanner: a run is a maximal span of enabled bytes of the region, offered in
  // run_v_q / run_s_q / run_lb_q until taken. The next beat's byte enables are loaded as the
  // bytes where a run starts (cb_st_q) and where one ends (cb_ed_q, the byte after its
  // last), against the previous beat's last byte (cb_e7_q); each clock then offers the
  // beat's next run end, or, with none left, takes the next beat (a start left open
  // continues into it). A phase's first clock loads beat 0.
  // The region's enables, from the next beat on, in sv_q: the home's as 4-byte chunks (two
  // a beat; the home's slots are whole chunks, B >= 4), the index block's and the state
  // byte's as bytes (eight a beat). A phase's first load reads them from the region
  // (sv_init) and keeps the beats after beat 0; each later load reads the next beat in the
  // low bits of sv_q and moves it down by a beat. A beat after which no byte is enabled
  // is the phase's last (cb_last_q): the scan ends at the region's last enabled beat, or
  // one beat later when that is beat 0 (the first load's test would read the region's
  // enables through the slot map's select; the state byte's one beat is always the last).
  logic [7:0]  en8, nb_st, nb_ed;
  logic [63:0] sv_init, sv_cur;
  logic [63:0] sv_nx;      // the enables after the loaded beat
  logic [2:0]  st_lo, ed_lo;
  logic        sc_ld, sc_open, run_take;
  logic [7:0]  sc_so;       // the open run's start
  always_comb begin
    unique case (sc_rg_q)
      RgHome: begin
        for (int unsigned c = 0; c < 64; c++) begin
          unique case (bps)
            2'd0:    sv_init[c] = se_q[c];
            2'd1:    sv_init[c] = se_q[c / 2];
            default: sv_init[c] = se_q[c / 4];
          endcase
        end
      end
      RgIndex: begin
        sv_init = {32'b0, ie};
      end
      default: begin
        sv_init = 64'(8'd1 << st_q[2:0]);
      end
    endcase
    sv_cur = cb_v_q ? sv_q : sv_init;
    en8    = sc_rg_q == RgHome ? {{4{sv_cur[1]}}, {4{sv_cur[0]}}} : sv_cur[7:0];
    sv_nx  = sc_rg_q == RgHome ? sv_cur >> 2 : sv_cur >> 8;
  end
  assign nb_st   = en8 & ~{en8[6:0], cb_e7_q};
  assign nb_ed   = ~en8 & {en8[6:0], cb_e7_q};
  assign st_lo   = f_ffs(cb_st_q);
  assign ed_lo   = f_ffs(cb_ed_q);
  assign sc_open = sc_in_q || cb_st_q != '0;
  assign sc_so   = sc_in_q ? sc_s_q : {cb_j_q, st_lo};

  always_comb begin
    sc_act_d  = sc_act_q;
    sc_in_d   = sc_in_q;
    sc_s_d    = sc_s_q;
    cb_v_d    = cb_v_q;
    cb_st_d   = cb_st_q;
    cb_ed_d   = cb_ed_q;
    cb_j_d    = cb_j_q;
    cb_last_d = cb_last_q;
    cb_e7_d   = cb_e7_q;
    sv_d      = sv_q;
    run_v_d   = run_v_q && !run_take;
    run_s_d   = run_s_q;
    run_lb_d  = run_lb_q;
    run_1b_d  = run_1b_q;
    cb_pj_d   = cb_pj_q;
    sc_ld     = 1'b0;
    if (sc_act_q) begin
      if (!cb_v_q) begin
        sc_ld = 1'b1;
      end else if (!run_v_q || run_take) begin
        if (cb_ed_q != '0) begin
          // the beat's next run end: the run from the open start or the beat's first
          run_v_d = 1'b1;
          run_s_d = sc_so;
          // its last byte: before ed_lo in this beat, or the previous beat's last
          run_lb_d = ed_lo == '0 ? {cb_pj_q, 3'd7} : {cb_j_q, ed_lo - 3'd1};
          run_1b_d = !sc_in_q || (ed_lo == '0 && sc_s_q[7:3] == cb_pj_q);
          cb_ed_d = f_clr(cb_ed_q);
          if (!sc_in_q) cb_st_d = f_clr(cb_st_q);
          sc_in_d = 1'b0;
        end else if (cb_last_q) begin
          // the region's end closes an open run
          sc_act_d = 1'b0;
          cb_v_d   = 1'b0;
          sc_in_d  = 1'b0;
          if (sc_open) begin
            run_v_d = 1'b1;
            run_s_d = sc_so;
            run_lb_d = {cb_j_q, 3'd7};
            run_1b_d = !sc_in_q;
          end
        end else begin
          sc_in_d = sc_open;
          sc_s_d  = sc_so;
          sc_ld   = 1'b1;
        end
      end
    end
    if (sc_ld) begin
      cb_v_d    = 1'b1;
      cb_st_d   = nb_st;
      cb_ed_d   = nb_ed;
      cb_j_d    = cb_v_q ? cb_j_q + 5'd1 : 5'd0;
      cb_pj_d   = cb_j_q;
      cb_last_d = sc_rg_q == RgState ||
                  (cb_v_q && (sc_rg_q == RgHome ? sv_q[63:2] == '0 : sv_q[63:8] == '0));
      cb_e7_d   = en8[7];
      sv_d      = sv_nx;
    end
  end

  // ---------------------------------------------------------------------------------
  // Issue: a run becomes one burst; its first and last beats and their edge bytes.
  logic          is_wr;     // the transaction is a write
  logic [4:0]    run_f, run_l;
  logic [AddrW-1:0] run_addr;
  assign is_wr   = state_q == StWrHome || state_q == StWrIndex || state_q == StWrState;
  assign run_f   = run_s_q[7:3];
  assign run_l   = run_lb_q[7:3];
  always_comb begin
    unique case (sc_rg_q)
      RgHome:  run_addr = {home_q[AddrW-1:8], run_s_q};
      RgIndex: run_addr = {idx_q[AddrW-1:5], run_s_q[4:0]};
      default: run_addr = {st_q[AddrW-1:3], run_s_q[2:0]};
    endcase
  end
  assign run_take = run_v_q && (is_wr ? !aw_v_q && !wg_act_q && 32'(wr_out_q) < MaxWrOut
                                      : !ar_v_q && !rg_act_q);

  // W beats: the home's from the payload window (4-byte chunks: the low one takes the
  // next payload bytes, the high one the bytes after it or, alone, the next), the index
  // block's from ib_q, the state byte's from enc_q.
  logic          w_load, w_hs, b_hs, aw_hs, ar_hs, r_hs;
  logic [7:0]    wg_strb;
  logic [127:0]  win_sh;
  logic [3:0]    win_adv;   // payload bytes this beat takes
  assign w_hs    = w_v_q && m_axi_wready_i;
  assign w_load  = wg_act_q && w_room;
  assign b_hs    = m_axi_bvalid_i;
  assign aw_hs   = aw_v_q && m_axi_awready_i;
  assign ar_hs   = ar_v_q && m_axi_arready_i;
  assign r_hs    = m_axi_rvalid_i;
  assign wg_strb = f_strb(wg_fb_q, wg_lb_q, wg_s_q, wg_e_q);
  assign win_sh  = {nxt_q, cur_q} >> {ptr_q, 3'b000};
  assign win_adv = {wg_h0_q && wg_h1_q, wg_h0_q ^ wg_h1_q, 2'b00};
  // a home beat that takes 8 window bytes, or 4 from ptr 4..7, moves the window a word
  logic w_word;
  assign w_word = w_load && wg_hx_q;
  // the same test for the beat in wg_j's registers after this clock
  function automatic logic f_hx(input region_e rg, input logic h0, input logic h1,
                                input logic p2);
    f_hx = rg == RgHome && ((h0 && h1) || ((h0 ^ h1) && p2));
  endfunction

  gx_skid #(.Width($bits(w_in))) u_wskid (
    .clk_i, .rst_i,
    .in_valid_i(w_load), .in_ready_o(w_room), .in_data_i(w_in),
    .out_valid_o(w_v_q), .out_ready_i(m_axi_wready_i), .out_data_o(w_out),
    .held_valid_o(w_held_v), .held_data_o(w_held)
  );
  assign w_data_q = w_out.data;
  assign w_strb_q = w_out.strb;
  assign w_last_q = w_out.last;
  assign w_pop_q  = w_out.pop;

  // R beats: the beat's range bytes
  logic [7:0]    rg_strb;
  assign rg_strb = rg_strb_q;

  // home block RAM: R beats in (beat j of the home at word j), response chunks out
  logic          ram_re;
  logic [4:0]    ram_raddr;
  logic [63:0]   ram_rdata;
  logic [7:0]    ram_we;
  assign ram_we = r_hs && rg_act_q && rg_rg_q == RgHome ? rg_strb : 8'h00;
  gx_ram_1r1w #(.Depth(32), .Width(64)) u_home (
    .clk_i, .rst_i,
    .re_i(ram_re), .raddr_i(ram_raddr), .rdata_o(ram_rdata),
    .we_i(ram_we), .waddr_i(rg_j_q), .wdata_i(m_axi_rdata_i)
  );

  // response chunk h = s0_q_q: pixel p, sample entry q = p N + s, chunk i of the sample;
  // its home chunk in the tile's state (cn_q: the class number of entry q)
  assign xq = 6'(s0_q_q[5:0] >> bps);
  assign xp = 5'(s0_q_q[5:0] >> (3'(bps) + nlg));
  assign xi = 2'(s0_q_q[1:0] & ((2'd1 << bps) - 2'd1));
  always_comb begin
    unique case (enc_q)
      2'(gx_pkg::Enc1spp):   xsrc = 6'({xp, 2'b00} >> (3'd2 - 3'(bps))) | 6'(xi);
      2'(gx_pkg::EncUniform): xsrc = 6'(xi);  // every pixel: the tile's value, slot 0
      2'(gx_pkg::EncSubset): xsrc = 6'(((xq & ~{2'b00, nmax}) | {2'b00, cn_q}) << bps) | 6'(xi);
      default:               xsrc = s0_q_q[5:0];
    endcase
  end
  assign ram_re    = state_q == StRdExp && s0_v_q;
  assign ram_raddr = xsrc[5:1];

  // ---------------------------------------------------------------------------------
  // Arbitration in idle: a flush packet, else the read ports round robin.
  logic gnt0, gnt1;
  assign gnt0 = state_q == StIdle && !fl_valid_i && rd0_req_valid_i && (!rd1_req_valid_i || rr_q);
  assign gnt1 = state_q == StIdle && !fl_valid_i && rd1_req_valid_i && (!rd0_req_valid_i || !rr_q);
  assign rd0_req_ready_o = gnt0;
  assign rd1_req_ready_o = gnt1;
  assign fl_ready_o      = state_q == StWrDone;

  // the phase's runs are all issued and their beats moved; sc_start: a phase with runs
  // begins (set by the transitions into one, which depend on registers only)
  logic wr_phase_done, rd_phase_done, sc_start;
  assign wr_phase_done = !sc_act_q && !run_v_q && !wg_act_q;
  assign rd_phase_done = !sc_act_q && !run_v_q && !rg_act_q && !ar_v_q;

  // the subset parse's mask and the entries (samples) of pixel p_q it holds
  logic [15:0] mk;
  logic [63:0] ent_we;
  assign mk     = mw_q[15:0] & alln;
  // the mask completes the pixel: its samples all placed, or its last class
  logic pix_done;
  assign pix_done = (op_q & ~mw_q[15:0]) == '0 || c_q == nmax;
  assign ent_we = pe_q & f_rep(spp, mw_q[15:0]);

  // the packet's refusals on its own fields: the tile's against the surface registered
  // from fl_i (held while offered) in the clock it is offered, the rest in StWrChk
  logic fl_out_q, fl_bad;
  always_ff @(posedge clk_i) fl_out_q <= 21'(fl_i.tile) >= tiles_q;
  assign fl_bad = fl_out_q ||
                  (fl_i.enc == gx_pkg::EncUniform && fl_i.written != pall) ||
                  fl_i.payload_bytes > 9'(gx_pkg::MsMaxPayload) ||
                  (fl_i.written & ~pall) != '0;

  always_comb begin
    state_d   = state_q;
    rd_port_d = rd_port_q;
    rr_d      = rr_q;
    tile_d    = tile_q;
    pm_d      = pm_q;
    enc_d     = enc_q;
    home_d    = home_q;
    idx_d     = idx_q;
    st_d      = st_q;
    mw_d      = mw_q;
    mc_d      = mc_q;
    p_d       = p_q;
    c_d       = c_q;
    op_d      = op_q;
    k_d       = k_q;
    w_adv     = 1'b0;
    w_late    = 1'b0;
    w_jmp     = 1'b0;
    w_tgt     = '0;
    cur_d     = cur_q;
    nxt_d     = nxt_q;
    ptr_d     = ptr_q;
    win_d     = win_q;
    sc_rg_d   = sc_rg_q;
    q_d       = q_q;
    kmax_d    = kmax_q;
    pe_d      = pe_q;
    pmr_d     = pmr_q;
    ir_d      = ir_q;
    sw_end_d  = 1'b0;
    qv_d      = qv_q;
    pmnz_d    = pmnz_q;
    resp_v_d  = resp_v_q;
    rbytes_d  = rbytes_q;
    bad_d     = bad_q;
    chk_d     = chk_q;
    sc_start  = 1'b0;
    // the scanner's start (a phase's first clock) overrides its step
    unique case (state_q)
      StIdle: begin
        if (fl_valid_i) begin
          state_d = StWrChk;
          w_jmp   = 1'b1;        // StWrGo reads payload word 0
        end else if (gnt0 || gnt1) begin
          state_d   = StRdChk;
          rd_port_d = gnt1;
          rr_d      = gnt1;
          tile_d    = gnt1 ? rd1_req_i.tile : rd0_req_i.tile;
          pm_d      = gnt1 ? rd1_req_i.pixels : rd0_req_i.pixels;
        end
      end
      StWrChk: begin
        tile_d = fl_i.tile;
        enc_d  = 2'(fl_i.enc);
        pm_d   = fl_i.written;
        chk_d  = fl_bad;
        home_d = AddrW'({surf_base_i[63:8] + 56'(fl_i.tile), 8'h00});
        idx_d  = AddrW'({index_base_i[63:5] + 59'(fl_i.tile), 5'h00});
        st_d   = AddrW'({state_base_i[63:8] + 56'(fl_i.tile[19:8]), fl_i.tile[7:0]});
        state_d = StWrGo;
      end
      StWrGo: begin
        ptr_d  = '0;
        win_d  = 2'd2;
        if (chk_q) begin
          state_d = StWrDone;
          bad_d   = bad_q + 16'd1;
        end else if (enc_q == 2'(gx_pkg::EncSubset)) begin
          state_d = StWrMask;
          p_d     = '0;
          pe_d    = 64'(alln);
          pmr_d   = pm_q;
          c_d     = '0;
          op_d    = alln;
          k_d     = '0;
          mc_d    = '0;
          mw_d    = pw_q;      // word 0
          w_late  = 1'b1;
        end else begin
          state_d = StWrWin;
        end
      end
      StWrMask: begin
        if (pe1_q) begin
          // the values start after the masks: byte ceil(K N / 8)
          state_d = StWrWin;
          w_jmp   = 1'b1;
          w_tgt   = 6'((11'(k_q) << nlg) + 11'd7 >> 6);
          ptr_d   = 3'((11'(k_q) << nlg) + 11'd7 >> 3);
          win_d   = 2'd2;
        end else if (!pmr_q[0]) begin
          p_d   = p_q + 6'd1;
          pe_d  = f_nextpix(spp, pe_q);
          pmr_d = pmr_q >> 1;
        end else begin
          // class c_q of pixel p_q (its samples' class numbers and its home slot: ib_d
          // and se_d below)
          k_d   = k_q + 7'd1;
          op_d  = op_q & ~mw_q[15:0];
          c_d   = c_q + 4'd1;
          mw_d  = mw_q >> (7'd1 << nlg);
          mc_d  = mc_q + 5'd1;
          if (mc_q == mpw) begin
            mw_d   = pw_q;
            w_late = 1'b1;
            mc_d = '0;
          end
          if (pix_done) begin
            p_d   = p_q + 6'd1;
            pe_d  = f_nextpix(spp, pe_q);
            pmr_d = pmr_q >> 1;
            c_d   = '0;
            op_d  = alln;
          end
        end
      end
      StWrWin: begin
        // the window's two words: cur = word (start / 8), nxt = the one after (after
        // a jump, from the clock pw holds the start word)
        if (pv_q) begin
          cur_d = nxt_q;
          nxt_d = pw_q;
          w_adv = 1'b1;
          win_d = win_q - 2'd1;
          if (win_q == 2'd1) begin
            state_d = StWrHome;
            sc_rg_d = RgHome;
            sc_start = 1'b1;
          end
        end
      end
      StWrHome: begin
        if (wr_phase_done) begin
          state_d = enc_q == 2'(gx_pkg::EncSubset) ? StWrIndex : StWrState;
          sc_rg_d = enc_q == 2'(gx_pkg::EncSubset) ? RgIndex : RgState;
          sc_start = 1'b1;
        end
      end
      StWrIndex: begin
        if (wr_phase_done) begin
          state_d = StWrState;
          sc_rg_d = RgState;
          sc_start = 1'b1;
        end
      end
      StWrState: begin
        if (wr_phase_done) state_d = StWrWaitB;
      end
      StWrWaitB: begin
        if (!w_v_q && !aw_v_q && wr_out_q == '0) state_d = StWrDone;  // W's skid: empty
      end
      StWrDone: begin
        state_d = StIdle;
      end
      StRdChk: begin
        home_d   = AddrW'({surf_base_i[63:8] + 56'(tile_q), 8'h00});
        idx_d    = AddrW'({index_base_i[63:5] + 59'(tile_q), 5'h00});
        st_d     = AddrW'({state_base_i[63:8] + 56'(tile_q[19:8]), tile_q[7:0]});
        rbytes_d = '0;
        q_d      = '0;
        chk_d    = 21'(tile_q) >= tiles_q;
        pm_d     = pm_q & pall;
        state_d  = StRdGo;
      end
      StRdGo: begin
        if (chk_q) begin
          // outside the surface: nothing read, a response of 0
          pm_d    = '0;
          enc_d   = '0;
          ir_d    = ib_q;
          state_d = StRdExp;
        end else begin
          pmnz_d  = pm_q != '0;
          state_d = StRdState;
          sc_rg_d = RgState;
          sc_start = 1'b1;
        end
      end
      StRdState: begin
        if (rd_phase_done) begin
          if (enc_q == 2'(gx_pkg::EncSubset) && pmnz_q) begin
            state_d = StRdIndex;
            sc_rg_d = RgIndex;
            sc_start = 1'b1;
          end else begin
            state_d = StRdHome;
            sc_rg_d = RgHome;
            sc_start = 1'b1;
          end
        end
      end
      StRdIndex: begin
        if (rd_phase_done) begin
          state_d = StRdK;
          q_d     = '0;
          qv_d    = 1'b1;
          ir_d    = ib_q;
          pe_d    = 64'(alln);
          pmr_d   = pm_q;
        end
      end
      StRdK: begin
        // entry q = p N + s (stage 0 read its class number into cn_q): k - 1 = the
        // highest class number of pixel p; the clock after its last sample (pd_q), slots
        // p N .. p N + k - 1 if the pixel is requested
        if (s0_v_q)
          kmax_d = (s0_q_q[3:0] & nmax) == '0 || cn_q > kmax_q ? cn_q : kmax_q;
        if (pd_q) begin
          pe_d  = f_nextpix(spp, pe_q);
          pmr_d = pmr_q >> 1;
        end
        if (qv_q) q_d = q_q + 7'd1;
        if (qv_q && q_q == tmax) qv_d = 1'b0;
        sw_end_d = s0_v_q && s0_q_q == tmax;
        if (sw_end_q) begin
          state_d = StRdHome;
          sc_rg_d = RgHome;
          sc_start = 1'b1;
        end
      end
      StRdHome: begin
        if (rd_phase_done) begin
          state_d = StRdExp;
          q_d     = '0;
          ir_d    = ib_q;
        end
      end
      StRdExp: begin
        if (!q_q[6]) q_d = q_q + 7'd1;
        if (x2_v_q && xn_q == 7'd63) begin
          state_d  = StRdResp;
          resp_v_d = 1'b1;
        end
      end
      default: begin  // StRdResp
        if (rd_port_q ? rd1_resp_ready_i : rd0_resp_ready_i) begin
          state_d  = StIdle;
          resp_v_d = 1'b0;
        end
      end
    endcase

    // the home writes take payload bytes through the window
    if (w_word) begin
      cur_d = nxt_q;
      nxt_d = pw_q;
      w_adv = 1'b1;
    end
    if (w_load && wg_rg_q == RgHome) ptr_d = 3'({1'b0, ptr_q} + win_adv);
    // R beats: the state byte, index bytes
    if (r_hs && rg_act_q && rg_rg_q == RgState) begin
      enc_d = m_axi_rdata_i[8 * rg_s_q +: 2];
    end
    if (r_hs && rg_act_q && rg_rg_q != RgState) rbytes_d = rbytes_d + 9'(rg_pop_q);
    // the index copy moves to the next entry after an entry's last read
    if (ir_sh) begin
      unique case (spp)
        gx_pkg::Spp2:  ir_d = cq_par ? ir_q >> 7 : ir_q >> 1;
        gx_pkg::Spp4:  ir_d = ir_q >> 2;
        gx_pkg::Spp8:  ir_d = ir_q >> 3;
        default:       ir_d = ir_q >> 4;
      endcase
    end
  end
  assign ir_sh = (state_q == StRdK && qv_q) ||
                 (state_q == StRdExp && !q_q[6] && (q_q[1:0] | ~((2'd1 << bps) - 2'd1)) == 2'b11);
  assign pd_d  = state_q == StRdK && s0_v_q && (s0_q_q[3:0] & nmax) == nmax;

  // The index bytes: cleared as a transaction starts; the subset parse writes class c_q
  // to the entries of ent_we (entry e of format N at bits e I(N) 8 / N ..., N = 2: bit
  // e mod 2 of byte e / 2); an index R beat writes its strobed bytes.
  logic ib_clr, ib_pw, ib_rw;
  assign ib_clr = state_q == StWrGo || state_q == StRdChk;
  assign ib_pw  = state_q == StWrMask && !pe1_q && pmr_q[0];
  assign ib_rw  = r_hs && rg_act_q && rg_rg_q == RgIndex;
  always_comb begin
    for (int unsigned i = 0; i < 256; i++) begin
      logic we, val;
      unique case (spp)
        gx_pkg::Spp2: begin
          we  = i % 8 < 2 ? ent_we[(i / 8) * 2 + i % 8] : 1'b0;
          val = c_q[0];
        end
        gx_pkg::Spp4: begin
          we  = i < 128 ? ent_we[i / 2] : 1'b0;
          val = c_q[i % 2];
        end
        gx_pkg::Spp8: begin
          we  = i < 192 ? ent_we[i / 3] : 1'b0;
          val = c_q[i % 3];
        end
        default: begin
          we  = ent_we[i / 4];
          val = c_q[i % 4];
        end
      endcase
      if (ib_clr)
        ib_d[i] = 1'b0;
      else if (ib_pw && we)
        ib_d[i] = val;
      else if (ib_rw && rg_j_q[1:0] == 2'(i / 64) && rg_strb[(i % 64) / 8])
        ib_d[i] = m_axi_rdata_i[i % 64];
      else
        ib_d[i] = ib_q[i];
    end
  end

  // The home slots moved: a write's 1SPP / full slots, or a read's of a 1SPP / full
  // tile (f_slots); cleared for a subset parse or sweep, which set the slots of each
  // class parsed (c_q of pixel p_q) or of each requested pixel's k classes (pd_q).
  logic        se_ld, se_clr, se_or;
  logic [15:0] se_cls;
  assign se_ld  = (state_q == StWrGo && enc_q != 2'(gx_pkg::EncSubset)) ||
                  (state_q == StRdState && rd_phase_done &&
                   !(enc_q == 2'(gx_pkg::EncSubset) && pmnz_q));
  assign se_clr = (state_q == StWrGo && enc_q == 2'(gx_pkg::EncSubset)) ||
                  (state_q == StRdIndex && rd_phase_done);
  assign se_or  = ib_pw || (state_q == StRdK && pd_q && pmr_q[0]);
  assign se_cls = state_q == StRdK ? 16'((17'd2 << kmax_q) - 17'd1) : 16'd1 << c_q;
  always_comb begin
    if (se_ld)       se_d = f_slots(enc_q, pm_q, nlg);
    else if (se_clr) se_d = '0;
    else if (se_or)  se_d = se_q | (pe_q & f_rep(spp, se_cls));
    else             se_d = se_q;
  end


  // AW / W / B and AR / R
  always_comb begin
    aw_v_d    = aw_v_q && !aw_hs;
    aw_addr_d = aw_addr_q;
    aw_len_d  = aw_len_q;
    wg_act_d  = wg_act_q;
    wg_rg_d   = wg_rg_q;
    wg_j_d    = wg_j_q;
    wg_l_d    = wg_l_q;
    wg_fb_d   = wg_fb_q;
    wg_lb_d   = wg_lb_q;
    wg_s_d    = wg_s_q;
    wg_e_d    = wg_e_q;
    wg_h0_d   = wg_h0_q;
    wg_h1_d   = wg_h1_q;
    w_in.strb = wg_strb;
    w_in.pop  = f_nbytes(wg_fb_q, wg_lb_q, wg_s_q, wg_e_q);
    w_in.last = wg_lb_q;
    unique case (wg_rg_q)
      RgHome:  w_in.data = {wg_strb[0] ? win_sh[63:32] : win_sh[31:0], win_sh[31:0]};
      RgIndex: w_in.data = ib_q[64 * wg_j_q[1:0] +: 64];
      default: w_in.data = {8{6'b0, enc_q}};
    endcase
    wr_out_d  = wr_out_q;
    ar_v_d    = ar_v_q && !ar_hs;
    ar_addr_d = ar_addr_q;
    ar_len_d  = ar_len_q;
    rg_act_d  = rg_act_q;
    rg_rg_d   = rg_rg_q;
    rg_j_d    = rg_j_q;
    rg_l_d    = rg_l_q;
    rg_strb_d = rg_strb_q;
    rg_pop_d  = rg_pop_q;
    rg_lb_d   = rg_lb_q;
    rg_s_d    = rg_s_q;
    rg_e_d    = rg_e_q;
    if (run_take && is_wr) begin
      aw_v_d    = 1'b1;
      aw_addr_d = run_addr;
      aw_len_d  = run_l - run_f;
      wg_act_d  = 1'b1;
      wg_rg_d   = sc_rg_q;
      wg_j_d    = run_f;
      wg_l_d    = run_l;
      wg_fb_d   = 1'b1;
      wg_lb_d   = run_1b_q;
      wg_s_d    = run_s_q[2:0];
      wg_e_d    = run_lb_q[2:0];
      wg_h0_d   = run_s_q[2:0] == 3'd0;
      wg_h1_d   = run_s_q[2:0] <= 3'd4 && (!run_1b_q || run_lb_q[2]);
    end
    if (run_take && !is_wr) begin
      ar_v_d    = 1'b1;
      ar_addr_d = run_addr;
      ar_len_d  = run_l - run_f;
      rg_act_d  = 1'b1;
      rg_rg_d   = sc_rg_q;
      rg_j_d    = run_f;
      rg_l_d    = run_l;
      rg_lb_d   = run_1b_q;
      rg_strb_d = f_strb(1'b1, run_1b_q, run_s_q[2:0], run_lb_q[2:0]);
      rg_pop_d  = f_nbytes(1'b1, run_1b_q, run_s_q[2:0], run_lb_q[2:0]);
      rg_s_d    = run_s_q[2:0];
      rg_e_d    = run_lb_q[2:0];
    end
    if (w_load) begin
      wg_j_d  = wg_j_q + 5'd1;
      wg_fb_d = 1'b0;
      wg_lb_d = wg_j_q + 5'd1 == wg_l_q;
      wg_h0_d = 1'b1;
      wg_h1_d = !wg_lb_d || wg_e_q[2];
      if (wg_lb_q) wg_act_d = 1'b0;
    end
    wr_out_d = wr_out_q + ($bits(wr_out_q))'(run_take && is_wr) - ($bits(wr_out_q))'(b_hs);
    if (r_hs && rg_act_q) begin
      rg_j_d  = rg_j_q + 5'd1;
      rg_lb_d   = rg_j_q + 5'd1 == rg_l_q;
      rg_strb_d = f_strb(1'b0, rg_lb_d, rg_s_q, rg_e_q);
      rg_pop_d  = f_nbytes(1'b0, rg_lb_d, rg_s_q, rg_e_q);
      if (rg_lb_q) rg_act_d = 1'b0;
    end
  end

  // response build: chunk h = q_q read from the RAM, shifted in two clocks later
  assign s0_v_d = (state_q == StRdK && qv_q) || (state_q == StRdExp && !q_q[6]);
  assign x1_v_d = ram_re;
  assign x1_h_d = xsrc[0];
  assign x1_k_d = pm_q[xp];
  always_comb begin
    resp_d = resp_q;
    xn_d   = xn_q;
    if (state_q == StRdChk) xn_d = '0;
    if (x2_v_q) begin
      resp_d = {x2_k_q ? (x2_h_q ? ram_rdata[63:32] : ram_rdata[31:0]) : 32'h0, resp_q[2047:32]};
      xn_d   = xn_q + 7'd1;
    end
  end

  // payload prefetch: a jump decodes its word into ws and refills pw a clock later; a
  // take (or the refill) loads the word ws selects and shifts ws to the next. The
  // subset parse takes a mask word at most every 4 clocks (64 / N masks of N bits), so
  // its take is registered first (wl_q) and the prefetch follows a clock later.
  always_comb begin
    wi_d = wi_q;
    ws_d = ws_q;
    pw_d = pw_q;
    pv_d = pv_q;
    // pw's load does not wait for a jump's decision: a jump leaves pw invalid
    if (w_adv || wl_q || !pv_q) pw_d = pword;
    if (w_jmp) begin
      wi_d = w_tgt;
      ws_d = PayWords'(64'd1 << w_tgt);
      pv_d = 1'b0;
    end else if (w_adv || wl_q || !pv_q) begin
      wi_d = wi_q + 6'(w_adv || wl_q);
      ws_d = ws_q << 1;
      pv_d = 1'b1;
    end
  end

  // counters
  always_comb begin
    bytes_wr_d = bytes_wr_q + 64'(w_hs ? w_pop_q : 4'd0);
    bytes_rd_d = bytes_rd_q + 64'(r_hs && rg_act_q ? rg_pop_q : 4'd0);
    err_d      = err_q || (b_hs && m_axi_bresp_i != 2'b00) || (r_hs && m_axi_rresp_i != 2'b00);
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      state_q    <= StIdle;
      wi_q       <= '0;
      ws_q       <= PayWords'(1);
      pv_q       <= 1'b0;
      wl_q       <= 1'b0;
      rr_q       <= 1'b0;
      sc_act_q   <= 1'b0;
      sc_in_q    <= 1'b0;
      cb_v_q     <= 1'b0;
      run_v_q    <= 1'b0;
      aw_v_q     <= 1'b0;
      wg_act_q   <= 1'b0;
      wr_out_q   <= '0;
      ar_v_q     <= 1'b0;
      rg_act_q   <= 1'b0;
      s0_v_q     <= 1'b0;
      pd_q       <= 1'b0;
      qv_q       <= 1'b0;
      sw_end_q   <= 1'b0;
      x1_v_q     <= 1'b0;
      x2_v_q     <= 1'b0;
      resp_v_q   <= 1'b0;
      bytes_rd_q <= '0;
      bytes_wr_q <= '0;
      bad_q      <= '0;
      err_q      <= 1'b0;
    end else begin
      state_q    <= state_d;
      wi_q       <= wi_d;
      ws_q       <= ws_d;
      pv_q       <= pv_d;
      wl_q       <= w_late;
      rr_q       <= rr_d;
      sc_act_q   <= sc_start ? 1'b1 : sc_act_d;
      sc_in_q    <= sc_start ? 1'b0 : sc_in_d;
      cb_v_q     <= sc_start ? 1'b0 : cb_v_d;
      run_v_q    <= run_v_d;
      aw_v_q     <= aw_v_d;
      wg_act_q   <= wg_act_d;
      wr_out_q   <= wr_out_d;
      ar_v_q     <= ar_v_d;
      rg_act_q   <= rg_act_d;
      s0_v_q     <= s0_v_d;
      pd_q       <= pd_d;
      qv_q       <= qv_d;
      sw_end_q   <= sw_end_d;
      x1_v_q     <= x1_v_d;
      x2_v_q     <= x1_v_q;
      resp_v_q   <= resp_v_d;
      bytes_rd_q <= bytes_rd_d;
      bytes_wr_q <= bytes_wr_d;
      bad_q      <= bad_d;
      err_q      <= err_d;
    end
  end
  always_ff @(posedge clk_i) begin
    rd_port_q <= rd_port_d;
    chk_q     <= chk_d;
    tile_q    <= tile_d;
    pm_q      <= pm_d;
    enc_q     <= enc_d;
    home_q    <= home_d;
    idx_q     <= idx_d;
    st_q      <= st_d;
    se_q      <= se_d;
    ib_q      <= ib_d;
    mw_q      <= mw_d;
    mc_q      <= mc_d;
    p_q       <= p_d;
    // the pixel's end tests follow p_q (cleared, or one more)
    if (p_d == '0) begin
      pe1_q <= pcnt == '0;
      pe2_q <= pcnt == 6'd1;
    end else if (p_d != p_q) begin
      pe1_q <= pe2_q;
      pe2_q <= p_q + 6'd2 == pcnt;
    end
    c_q       <= c_d;
    op_q      <= op_d;
    k_q       <= k_d;
    pw_q      <= pw_d;
    cur_q     <= cur_d;
    nxt_q     <= nxt_d;
    ptr_q     <= ptr_d;
    win_q     <= win_d;
    sc_rg_q   <= sc_rg_d;
    sc_s_q    <= sc_s_d;
    cb_st_q   <= cb_st_d;
    cb_ed_q   <= cb_ed_d;
    cb_j_q    <= cb_j_d;
    cb_last_q <= cb_last_d;
    cb_e7_q   <= sc_start ? 1'b0 : cb_e7_d;
    sv_q      <= sv_d;
    run_s_q   <= run_s_d;
    run_lb_q  <= run_lb_d;
    run_1b_q  <= run_1b_d;
    cb_pj_q   <= cb_pj_d;
    aw_addr_q <= aw_addr_d;
    aw_len_q  <= aw_len_d;
    wg_rg_q   <= wg_rg_d;
    wg_j_q    <= wg_j_d;
    wg_l_q    <= wg_l_d;
    wg_fb_q   <= wg_fb_d;
    wg_lb_q   <= wg_lb_d;
    wg_s_q    <= wg_s_d;
    wg_e_q    <= wg_e_d;
    wg_h0_q   <= wg_h0_d;
    wg_h1_q   <= wg_h1_d;
    wg_hx_q   <= f_hx(wg_rg_d, wg_h0_d, wg_h1_d, ptr_d[2]);
    ar_addr_q <= ar_addr_d;
    ar_len_q  <= ar_len_d;
    rg_rg_q   <= rg_rg_d;
    rg_j_q    <= rg_j_d;
    rg_l_q    <= rg_l_d;
    rg_strb_q <= rg_strb_d;
    rg_pop_q  <= rg_pop_d;
    rg_lb_q   <= rg_lb_d;
    rg_s_q    <= rg_s_d;
    rg_e_q    <= rg_e_d;
    q_q       <= q_d;
    kmax_q    <= kmax_d;
    pe_q      <= pe_d;
    pmr_q     <= pmr_d;
    ir_q      <= ir_d;
    pmnz_q    <= pmnz_d;
    s0_q_q    <= q_q;
    cn_q      <= cn;
    x1_h_q    <= x1_h_d;
    x1_k_q    <= x1_k_d;
    x2_h_q    <= x1_h_q;
    x2_k_q    <= x1_k_q;
    xn_q      <= xn_d;
    rbytes_q  <= rbytes_d;
    resp_q    <= resp_d;
  end

  // not used: the format's threshold (a write stores what it is given), the bases' bits
  // below their alignment, the read kind, the IDs (one ID), the window's upper half
  logic unused;
  assign unused = ^{cfg_i.threshold, surf_base_i[7:0], index_base_i[4:0], state_base_i[7:0],
                    rd0_req_i.kind, rd1_req_i.kind, m_axi_bid_i, m_axi_rid_i,
                    win_sh[127:64]};

  // ---------------------------------------------------------------------------------
  // Outputs.
  assign m_axi_awvalid_o = aw_v_q;
  assign m_axi_awid_o    = '0;
  assign m_axi_awaddr_o  = aw_addr_q;
  assign m_axi_awlen_o   = 8'(aw_len_q);
  assign m_axi_awsize_o  = 3'd3;
  assign m_axi_awburst_o = 2'b01;
  assign m_axi_awlock_o  = 1'b0;
  assign m_axi_awcache_o = 4'b0011;
  assign m_axi_awprot_o  = 3'b000;
  assign m_axi_awqos_o   = 4'h0;
  assign m_axi_wvalid_o  = w_v_q;
  assign m_axi_wdata_o   = w_data_q;
  assign m_axi_wstrb_o   = w_strb_q;
  assign m_axi_wlast_o   = w_last_q;
  assign m_axi_bready_o  = 1'b1;
  assign m_axi_arvalid_o = ar_v_q;
  assign m_axi_arid_o    = '0;
  assign m_axi_araddr_o  = ar_addr_q;
  assign m_axi_arlen_o   = 8'(ar_len_q);
  assign m_axi_arsize_o  = 3'd3;
  assign m_axi_arburst_o = 2'b01;
  assign m_axi_arlock_o  = 1'b0;
  assign m_axi_arcache_o = 4'b0011;
  assign m_axi_arprot_o  = 3'b000;
  assign m_axi_arqos_o   = 4'h0;
  assign m_axi_rready_o  = 1'b1;

  gx_pkg::ms_rdresp_t resp;
  assign resp.enc   = gx_pkg::enc_e'(enc_q);
  assign resp.bytes = rbytes_q;
  assign resp.data  = resp_q;
  assign rd0_resp_o       = resp;
  assign rd1_resp_o       = resp;
  assign rd0_resp_valid_o = resp_v_q && !rd_port_q;
  assign rd1_resp_valid_o = resp_v_q && rd_port_q;
  assign bytes_rd_o = bytes_rd_q;
  assign bytes_wr_o = bytes_wr_q;
  assign bad_wr_o   = bad_q;
  assign resp_err_o = err_q;
  assign idle_o     = state_q == StIdle;

  // ---------------------------------------------------------------------------------
  // Properties: the environment's, and the master's own (formal/gx_msmem_fv.sv adds the
  // AXI slave's obligations and the protocol rules over the whole interface).
  `GX_ASSUME(FlHold_M, !`GX_PAST_OK || !$past(fl_valid_i && !fl_ready_o) ||
                       (fl_valid_i && fl_i == $past(fl_i)))
  // a subset payload's masks are canonical (gx_mssurf_decode's rule; gx_mswb makes no other)
  `GX_ASSUME(FlMasks_M, state_q != StWrMask || p_q == pcnt || !pm_q[p_q[4:0]] ||
                        (mk != '0 && (mk & ~op_q) == '0 && (mk & ((alln & ~op_q) + 16'd1)) != '0))
  `GX_ASSUME(RExpected_M, !m_axi_rvalid_i || (rg_act_q && !ar_v_q))
  `GX_ASSUME(RLast_M, !m_axi_rvalid_i || m_axi_rlast_i == rg_lb_q)
  `GX_ASSUME(BExpected_M, !m_axi_bvalid_i || wr_out_q != '0)
  `GX_ASSERT(AwHold_A, !`GX_PAST_OK || !$past(aw_v_q && !m_axi_awready_i) ||
                       (aw_v_q && aw_addr_q == $past(aw_addr_q) && aw_len_q == $past(aw_len_q)))
  `GX_ASSERT(WHold_A, !`GX_PAST_OK || !$past(w_v_q && !m_axi_wready_i) ||
                      (w_v_q && w_data_q == $past(w_data_q) && w_strb_q == $past(w_strb_q) &&
                       w_last_q == $past(w_last_q)))
  `GX_ASSERT(ArHold_A, !`GX_PAST_OK || !$past(ar_v_q && !m_axi_arready_i) ||
                       (ar_v_q && ar_addr_q == $past(ar_addr_q) && ar_len_q == $past(ar_len_q)))
  // the response holds while offered: its state, bytes and port by RespHold_A, its data
  // because the build shifts chunks in only before it is offered (RespData_A)
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_v_q && !(rd_port_q ? rd1_resp_ready_i
                                                                        : rd0_resp_ready_i)) ||
                         (resp_v_q && rd_port_q == $past(rd_port_q) && enc_q == $past(enc_q) &&
                          rbytes_q == $past(rbytes_q)))
  `GX_ASSERT(RespData_A, !resp_v_q || (!x2_v_q && state_q == StRdResp))
  `GX_ASSERT(WrOut_A, 32'(wr_out_q) <= MaxWrOut)
  // a burst stays in its 256-byte block, so never crosses 4 KB
  `GX_ASSERT(AwBlock_A, !aw_v_q || 6'(aw_addr_q[7:3]) + 6'(aw_len_q) < 6'd32)
  `GX_ASSERT(ArBlock_A, !ar_v_q || 6'(ar_addr_q[7:3]) + 6'(ar_len_q) < 6'd32)
  `GX_ASSERT(StrbNonZero_A, !w_v_q || w_strb_q != '0)
  // the registered beat flags equal the comparisons they stand for
  `GX_ASSERT(WgLast_A, !wg_act_q || wg_lb_q == (wg_j_q == wg_l_q))
  `GX_ASSERT(RgLast_A, !rg_act_q || rg_lb_q == (rg_j_q == rg_l_q))
  `GX_ASSERT(RunOrder_A, !run_v_q || run_s_q <= run_lb_q)
  `GX_ASSERT(RunOneBeat_A, !run_v_q || run_1b_q == (run_f == run_l))
  `GX_ASSERT(RgPop_A, !rg_act_q || 32'(rg_pop_q) == $countones(rg_strb_q))
  // the prefetched word: ws one ahead of pw, pw the packet's word wi while it is held
  `GX_ASSERT(WsOne_A, ws_q == PayWords'(64'd1 << (7'(wi_q) + 7'(pv_q))))
  `GX_ASSERT(PwTake_A, !(w_adv || w_late) || (pv_q && !wl_q))
  `GX_ASSERT(PwOne_A, !(w_adv && w_late))
  `GX_ASSERT(PwWord_A, !pv_q || !(state_q == StWrChk || state_q == StWrGo ||
                                    state_q == StWrMask || state_q == StWrWin ||
                                    state_q == StWrHome) ||
                       pw_q == (wi_q < 6'(PayWords) ? fl_i.payload[64 * wi_q +: 64] : 64'd0))
  `GX_ASSERT(WgHalf_A, !wg_act_q || (wg_h0_q == wg_strb[0] && wg_h1_q == wg_strb[4]))
  `GX_ASSERT(PEnd_A, state_q != StWrMask ||
                    (pe1_q == (p_q == pcnt) && pe2_q == (p_q + 6'd1 == pcnt)))
  `GX_ASSERT(WgWord_A, !wg_act_q || wg_hx_q == f_hx(wg_rg_q, wg_h0_q, wg_h1_q, ptr_q[2]))
  `GX_ASSERT(WPop_A, !w_v_q || 32'(w_pop_q) == $countones(w_strb_q))
  `GX_ASSERT(WHeld_A, !w_held_v || (w_held.strb != '0 && 32'(w_held.pop) == $countones(w_held.strb)))
  `GX_COVER(SubsetWrite_C, state_q == StWrIndex && aw_hs)
  `GX_COVER(ReadResp_C, resp_v_q && rd_port_q)
endmodule

`default_nettype wire
