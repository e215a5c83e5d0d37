'use strict'
// The independent count of a Bedrock capture. Shares nothing with blankshark: it reads the pcap itself,
// parses RakNet itself (offline messages, datagrams, ACK/NAK, frames, duplicates and resends, split
// reassembly, ordering channels), decrypts the game batches itself with the key log (node's crypto:
// AES-256-CFB8 before 1.16.220, AES-256-CTR = GCM without tag after; 8-byte SHA-256 checksum checked on
// every batch), inflates them itself (node's zlib, raw deflate) and hands every packet to the npm
// package's own deserialiser (bedrock-protocol 3.59.0 over minecraft-data 3.119.0's protocol.json of
// the release), which must read it to its last byte.
//
// usage: node count.js FILE.pcap [--keylog FILE] [--version V] [--json OUT.json] [--packets OUT.tsv]
//                      [--logs SERVER.jsonl CLIENT.jsonl]
// Without --version the release is taken from the Login's protocol number (minecraft-data's table).
// The report (markdown) goes to stdout. --packets writes every game packet in order, one line each.
// --logs compares the counts and the order with the packet logs both sides wrote while the capture ran.
'use strict'
const fs = require('fs')
const crypto = require('crypto')
const zlib = require('zlib')

const args = process.argv.slice(2)
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined }
const FILE = args[0]
const SERVER_PORT = 19132

// ---------------------------------------------------------------- pcap
function readPcap (file) {
  const b = fs.readFileSync(file)
  const magic = b.readUInt32LE(0)
  let le, nano
  if (magic === 0xa1b2c3d4) { le = true; nano = false } else if (magic === 0xa1b23c4d) { le = true; nano = true } else if (magic === 0xd4c3b2a1) { le = false; nano = false } else throw new Error('not a pcap file (pcapng is not read here)')
  const u32 = (o) => le ? b.readUInt32LE(o) : b.readUInt32BE(o)
  const linktype = u32(20)
  const frames = []
  let off = 24
  while (off + 16 <= b.length) {
    const sec = u32(off); const frac = u32(off + 4); const incl = u32(off + 8); const orig = u32(off + 12)
    if (off + 16 + incl > b.length) throw new Error('truncated record at ' + off)
    frames.push({ no: frames.length + 1, t: sec + frac / (nano ? 1e9 : 1e6), data: b.subarray(off + 16, off + 16 + incl), orig })
    off += 16 + incl
  }
  return { linktype, frames, bytes: b.length }
}

function udpOf (f, linktype) {
  let o
  if (linktype === 1) { // Ethernet
    let et = f.data.readUInt16BE(12); o = 14
    if (et === 0x8100) { et = f.data.readUInt16BE(16); o = 18 }
    if (et !== 0x0800) return null
  } else if (linktype === 113) { if (f.data.readUInt16BE(14) !== 0x0800) return null; o = 16 } else if (linktype === 276) { if (f.data.readUInt16BE(0) !== 0x0800) return null; o = 20 } else if (linktype === 101 || linktype === 228) o = 0
  else throw new Error('link type ' + linktype + ' not read here')
  const d = f.data
  if ((d[o] >> 4) !== 4) return null
  const ihl = (d[o] & 15) * 4
  if (d[o + 9] !== 17) return null
  if ((d.readUInt16BE(o + 6) & 0x3fff) !== 0) throw new Error('IP fragment in frame ' + f.no + ': not expected here')
  const src = Array.from(d.subarray(o + 12, o + 16)).join('.'); const dst = Array.from(d.subarray(o + 16, o + 20)).join('.')
  const u = o + ihl
  const sport = d.readUInt16BE(u); const dport = d.readUInt16BE(u + 2); const ulen = d.readUInt16BE(u + 4)
  return { src, dst, sport, dport, payload: d.subarray(u + 8, u + ulen) }
}

// ---------------------------------------------------------------- RakNet
const MAGIC = Buffer.from('00ffff00fefefefefdfdfdfd12345678', 'hex')
const OFFLINE = { 0x01: 'unconnected_ping', 0x02: 'unconnected_ping_open_connections', 0x1c: 'unconnected_pong', 0x05: 'open_connection_request_1', 0x06: 'open_connection_reply_1', 0x07: 'open_connection_request_2', 0x08: 'open_connection_reply_2', 0x19: 'incompatible_protocol_version', 0x11: 'no_free_incoming_connections', 0x12: 'disconnection_notification', 0x14: 'connection_banned', 0x1a: 'ip_recently_connected' }
const SYSTEM = { 0x00: 'connected_ping', 0x03: 'connected_pong', 0x09: 'connection_request', 0x10: 'connection_request_accepted', 0x13: 'new_incoming_connection', 0x15: 'disconnection_notification', 0x04: 'detect_lost_connections', 0xfe: 'game_packet' }
const RELNAME = ['unreliable', 'unreliable_sequenced', 'reliable', 'reliable_ordered', 'reliable_sequenced', 'unreliable_with_ack_receipt', 'reliable_with_ack_receipt', 'reliable_ordered_with_ack_receipt']
const isReliable = (r) => r === 2 || r === 3 || r === 4 || r === 6 || r === 7
const isOrdered = (r) => r === 3 || r === 7 || r === 1 || r === 4
const isSequenced = (r) => r === 1 || r === 4
const u24 = (b, o) => b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)
const inc = (m, k, n = 1) => { m[k] = (m[k] || 0) + n }

function newDir () {
  return {
    udp: 0, bytes: 0, offline: {}, datagrams: 0, headerBytes: {}, seqs: new Set(), seqMin: null, seqMax: null, dupDatagrams: 0, outOfOrder: 0, lastSeq: -1,
    ack: { datagrams: 0, records: 0, covered: 0 }, nak: { datagrams: 0, records: 0, covered: 0 },
    frames: 0, byRel: {}, split: { fragments: 0, groups: 0, maxCount: 0 }, msgIdx: new Set(), resent: 0, repeatedUnreliable: 0,
    groups: new Map(), channels: new Map(), messages: [], system: {}, ordered: 0, framesInDuplicates: 0
  }
}

class Connection {
  constructor (client, server) { this.client = client; this.server = server; this.c2s = newDir(); this.s2c = newDir(); this.firstFrame = null; this.lastFrame = null; this.mtu = null; this.mtuReply = null; this.ocr1Sizes = []; this.protocol = null }
  dir (fromClient) { return fromClient ? this.c2s : this.s2c }
}

function parseOffline (p, d, conn, f) {
  const id = p[0]
  const name = OFFLINE[id] || ('offline_0x' + id.toString(16))
  inc(d.offline, name)
  if (id === 0x05) { conn.protocol = p[17]; conn.ocr1Sizes.push(p.length) } // zero-padded to the MTU being tried
  if (id === 0x07) conn.mtu = p.readUInt16BE(17 + (p[17] === 4 ? 7 : 29)) // after the server address
  if (id === 0x08) conn.mtuReply = p.readUInt16BE(17 + 8 + 1 + (p[17 + 8] === 4 ? 6 : 28))
  return name
}

function parseDatagram (p, d, conn, f, fromClient) {
  const flags = p[0]
  if (flags & 0x40) { // ACK
    d.ack.datagrams++
    ackRecords(p, d.ack)
    return
  }
  if (flags & 0x20) { d.nak.datagrams++; ackRecords(p, d.nak); return }
  d.datagrams++
  inc(d.headerBytes, '0x' + flags.toString(16))
  const seq = u24(p, 1)
  const dupe = d.seqs.has(seq) // a repeated datagram (same sequence number): its frames are counted, not delivered again
  if (dupe) d.dupDatagrams++
  else {
    if (seq < d.lastSeq) d.outOfOrder++
    d.lastSeq = Math.max(d.lastSeq, seq)
    d.seqs.add(seq)
    d.seqMin = d.seqMin === null ? seq : Math.min(d.seqMin, seq); d.seqMax = d.seqMax === null ? seq : Math.max(d.seqMax, seq)
  }
  let o = 4
  while (o < p.length) {
    const fl = p[o]; const rel = fl >> 5; const split = (fl & 0x10) !== 0
    const bits = p.readUInt16BE(o + 1); const len = (bits + 7) >> 3
    o += 3
    let msgIndex = null; let orderIndex = null; let channel = null; let seqIndex = null
    if (isReliable(rel)) { msgIndex = u24(p, o); o += 3 }
    if (isSequenced(rel)) { seqIndex = u24(p, o); o += 3 }
    if (isOrdered(rel)) { orderIndex = u24(p, o); channel = p[o + 3]; o += 4 }
    let sp = null
    if (split) { sp = { count: p.readUInt32BE(o), id: p.readUInt16BE(o + 4), index: p.readUInt32BE(o + 6) }; o += 10 }
    if (o + len > p.length) throw new Error(`frame ${f.no}: RakNet frame of ${len} bytes runs past the datagram`)
    const body = p.subarray(o, o + len)
    o += len
    d.frames++
    inc(d.byRel, RELNAME[rel])
    if (sp) d.split.fragments++
    if (dupe) { d.framesInDuplicates++; continue }
    if (msgIndex !== null) {
      if (d.msgIdx.has(msgIndex)) { d.resent++; continue } // a resend of a reliable frame already seen
      d.msgIdx.add(msgIndex)
    }
    let whole = body
    if (sp) {
      d.split.maxCount = Math.max(d.split.maxCount, sp.count)
      let g = d.groups.get(sp.id)
      if (!g) { g = { count: sp.count, parts: new Map(), rel, orderIndex, channel }; d.groups.set(sp.id, g); d.split.groups++ }
      if (g.parts.has(sp.index)) { d.repeatedUnreliable++; continue }
      g.parts.set(sp.index, Buffer.from(body))
      if (g.parts.size < g.count) continue
      whole = Buffer.concat([...Array(g.count).keys()].map(i => g.parts.get(i)))
      d.groups.delete(sp.id)
      g.done = true
    }
    deliver(d, conn, { rel, orderIndex, channel, seqIndex, body: Buffer.from(whole), frame: f.no, t: f.t, split: sp ? sp.count : 0 })
  }
}

function ackRecords (p, a) {
  const n = p.readUInt16BE(1)
  let o = 3
  for (let i = 0; i < n; i++) {
    a.records++
    if (p[o] === 1) { a.covered++; o += 4 } else { a.covered += u24(p, o + 4) - u24(p, o + 1) + 1; o += 7 }
  }
}

// ordered frames are handed on in order index order per channel, as the receiving RakNet does
function deliver (d, conn, m) {
  if (!isOrdered(m.rel) || isSequenced(m.rel)) { accept(d, conn, m); return }
  let ch = d.channels.get(m.channel)
  if (!ch) { ch = { next: 0, held: new Map() }; d.channels.set(m.channel, ch) }
  if (m.orderIndex < ch.next || ch.held.has(m.orderIndex)) { d.repeatedUnreliable++; return }
  ch.held.set(m.orderIndex, m)
  while (ch.held.has(ch.next)) { const x = ch.held.get(ch.next); ch.held.delete(ch.next); ch.next++; x.deliveredFrame = m.frame; d.ordered++; accept(d, conn, x) }
}

function accept (d, conn, m) {
  const id = m.body[0]
  inc(d.system, SYSTEM[id] || ('0x' + id.toString(16)))
  d.messages.push(m)
}

// ---------------------------------------------------------------- game layer
function readVarInt (b, o) {
  let v = 0; let shift = 0; let i = o
  for (;;) {
    if (i >= b.length) throw new Error('VarInt runs past the end')
    const x = b[i++]
    v += (x & 0x7f) * 2 ** shift
    if (!(x & 0x80)) break
    shift += 7
    if (shift > 35) throw new Error('VarInt too long')
  }
  return { value: v, size: i - o }
}

function loadKeys (file) {
  const keys = new Map()
  if (!file) return keys
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const w = line.trim().split(/\s+/)
    if (w[0] === 'BEDROCK_KEY') keys.set(w[1].toLowerCase(), Buffer.from(w[2], 'hex'))
  }
  return keys
}

function versionFromProtocol (proto) {
  const md = require('minecraft-data')
  const all = md.versions.bedrock.filter(v => v.version === proto && md('bedrock_' + v.minecraftVersion))
  if (!all.length) throw new Error('no minecraft-data release for protocol ' + proto)
  const rel = all.filter(v => v.releaseType === 'release')
  return (rel.length ? rel : all)[0].minecraftVersion
}

const FEATURES = (version) => {
  const md = require('minecraft-data')('bedrock_' + version)
  return { proto: md.version.version, networkSettingsFirst: md.version.version >= 554, compressorByte: md.supportFeature('compressorInPacketHeader'), cfb8: md.version.version < 431 }
}

function gameLayer (conn, keys, forcedVersion) {
  const out = { version: forcedVersion || null, encryption: null, keyFound: false, batches: { c2s: [], s2c: [] }, packets: [], errors: [], checksum: { ok: 0, bad: 0 }, compression: { c2s: {}, s2c: {} } }
  // the release: from the Login (first c2s game packet after RequestNetworkSettings) or given
  const msgs = []
  for (const [dir, d] of [['c2s', conn.c2s], ['s2c', conn.s2c]]) for (const m of d.messages) if (m.body[0] === 0xfe) msgs.push({ dir, m })
  // each direction is a stream of batches in order; merge by the frame where they were delivered
  msgs.sort((a, b) => (a.m.deliveredFrame ?? a.m.frame) - (b.m.deliveredFrame ?? b.m.frame))
  let deser = null; let F = null
  const st = { c2s: { enc: false, header: false, cipher: null, counter: 0n }, s2c: { enc: false, header: false, cipher: null, counter: 0n } }
  let key = null
  let loginSeen = false
  let seenNetworkSettings = false
  let pending = [] // batches read before the release was known (RequestNetworkSettings only)
  let n = 0
  const decodeBatch = (dir, m) => {
    const s = st[dir]
    let body = m.body.subarray(1)
    const batch = { dir, no: out.batches[dir].length + 1, frame: m.frame, deliveredFrame: m.deliveredFrame ?? m.frame, t: m.t, wire: m.body.length, encrypted: s.enc, compression: null, packets: 0 }
    out.batches[dir].push(batch)
    if (s.enc) {
      if (!key || s.failed) { batch.compression = s.failed ? 'unread (checksum mismatch)' : 'unknown (encrypted, no key)'; inc(out.compression[dir], batch.compression); return [] }
      const plain = s.cipher.update(body)
      const payload = plain.subarray(0, plain.length - 8)
      const sum = plain.subarray(plain.length - 8)
      const cnt = Buffer.alloc(8); cnt.writeBigInt64LE(s.counter)
      const want = crypto.createHash('sha256').update(cnt).update(payload).update(key).digest().subarray(0, 8)
      s.counter++
      if (!want.equals(sum)) {
        // a wrong key (or a lost batch) desynchronises the rest of the direction: said once, counted after
        out.checksum.bad++
        if (!s.failed) out.errors.push(`${dir} batch ${batch.no} (frame ${m.frame}): checksum mismatch (wrong key, or a batch missing before it); the direction's later batches are not read`)
        s.failed = true
        batch.compression = 'unread (checksum mismatch)'; inc(out.compression[dir], batch.compression)
        return []
      }
      out.checksum.ok++
      body = payload
    }
    let data
    if (s.header) {
      const alg = body[0]
      if (alg === 0x00) { data = zlib.inflateRawSync(body.subarray(1)); batch.compression = 'header 0x00 deflate' } else if (alg === 0xff) { data = body.subarray(1); batch.compression = 'header 0xff none' } else if (alg === 0x01) { throw new Error('Snappy batch: not expected from bedrock-protocol') } else throw new Error(`${dir} batch ${batch.no}: unknown compression byte 0x${alg.toString(16)}`)
    } else {
      // no algorithm byte (before 1.20.60, or before Network Settings): raw deflate or nothing at all;
      // a batch that does not inflate to the end is a plain one (what the package itself assumes)
      try { data = zlib.inflateRawSync(body); batch.compression = 'deflate (no header)' } catch (e) { data = body; batch.compression = 'none (no header)' }
    }
    inc(out.compression[dir], batch.compression)
    batch.inflated = data.length
    const packets = []
    let o = 0
    while (o < data.length) {
      const l = readVarInt(data, o)
      if (o + l.size + l.value > data.length) throw new Error(`${dir} batch ${batch.no}: packet length ${l.value} runs past the batch`)
      packets.push(data.subarray(o + l.size, o + l.size + l.value))
      o += l.size + l.value
    }
    batch.packets = packets.length
    return packets.map(p => ({ dir, batch: batch.no, frame: m.frame, deliveredFrame: m.deliveredFrame ?? m.frame, t: m.t, buf: p, encrypted: s.enc }))
  }
  const parse = (pk) => {
    const h = readVarInt(pk.buf, 0)
    pk.id = h.value & 0x3ff
    pk.subclient = [(h.value >> 10) & 3, (h.value >> 12) & 3]
    pk.len = pk.buf.length
    pk.n = ++n
    try {
      const r = deser.parsePacketBuffer(pk.buf)
      pk.name = r.data.name; pk.params = r.data.params
      if (r.metadata.size !== pk.buf.length) { pk.trailing = pk.buf.length - r.metadata.size; out.errors.push(`${pk.dir} packet ${pk.n} ${pk.name}: ${pk.trailing} bytes left unread`) }
    } catch (e) { pk.name = '?'; pk.error = e.message.split('\n')[0]; out.errors.push(`${pk.dir} packet ${pk.n} id ${pk.id}: ${pk.error}`) }
    out.packets.push(pk)
    return pk
  }
  const setVersion = (v) => {
    out.version = v; F = FEATURES(v)
    deser = require('bedrock-protocol/src/transforms/serializer').createDeserializer(v)
    out.encryption = F.cfb8 ? 'AES-256-CFB8' : 'AES-256-CTR (GCM without tag)'
  }
  if (forcedVersion) setVersion(forcedVersion)
  const handlePackets = (pks) => {
    for (const pk of pks) {
      if (!deser) {
        // the first game packet is RequestNetworkSettings (1.19.30+) or Login: both start with the protocol (big-endian i32)
        const h = readVarInt(pk.buf, 0)
        const id = h.value & 0x3ff
        const proto = pk.buf.readInt32BE(h.size)
        if (id !== 0xc1 && id !== 0x01) throw new Error('first game packet is id ' + id + ', neither RequestNetworkSettings nor Login')
        setVersion(versionFromProtocol(proto))
      }
      const p = parse(pk)
      if (p.name === 'login') loginSeen = true
      if (p.name === 'server_to_client_handshake') {
        const salt = Buffer.from(JSON.parse(Buffer.from(p.params.token.split('.')[1], 'base64url')).salt, 'base64')
        out.salt = salt.toString('hex')
        key = keys.get(out.salt) || null
        out.keyFound = !!key
        const mk = (k) => F.cfb8 ? crypto.createDecipheriv('aes-256-cfb8', k, k.subarray(0, 16)) : crypto.createDecipheriv('aes-256-ctr', k, Buffer.concat([k.subarray(0, 12), Buffer.from([0, 0, 0, 2])]))
        // the server encrypts everything after this batch; the client everything after its Login
        st.s2c.enc = true; st.c2s.enc = true
        if (key) { st.s2c.cipher = mk(key); st.c2s.cipher = mk(key) }
      }
      if (p.name === 'network_settings') seenNetworkSettings = true
    }
  }
  for (const { dir, m } of msgs) {
    // the algorithm byte: from 1.20.60, in every batch after Network Settings (server) / after RequestNetworkSettings (client)
    const pks = decodeBatch(dir, m)
    handlePackets(pks)
    if (F && F.compressorByte) {
      if (dir === 's2c' && seenNetworkSettings) st.s2c.header = true
      if (dir === 'c2s' && pks.length && pks[0].name === 'request_network_settings') st.c2s.header = true
    }
  }
  void loginSeen; void pending
  return out
}

// ---------------------------------------------------------------- analysis figures
const dist = (a, b) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)
function figures (g, conn, frames) {
  const P = g.packets
  const c2s = P.filter(p => p.dir === 'c2s'); const s2c = P.filter(p => p.dir === 's2c')
  const time = (p) => p.t
  const r = {}
  // NetworkStackLatency: a server request (needs_response) and the client's echo of its timestamp
  const reqs = s2c.filter(p => p.name === 'network_stack_latency' && (p.params.needs_response ?? p.params.unknown_flag))
  const echoes = c2s.filter(p => p.name === 'network_stack_latency')
  r.latency = reqs.map(q => {
    const ts = String(q.params.timestamp)
    const e = echoes.find(x => String(x.params.timestamp) === ts)
    return { timestamp: ts, request_frame: q.frame, response_frame: e ? e.frame : null, rtt_ms: e ? +((time(e) - time(q)) * 1000).toFixed(3) : null }
  })
  // PlayerAuthInput ticks and the corrections / teleports that refer to them
  const inputs = c2s.filter(p => p.name === 'player_auth_input')
  const byTick = new Map(inputs.map(p => [String(p.params.tick), p]))
  r.corrections = s2c.filter(p => p.name === 'correct_player_move_prediction').map(c => {
    const i = byTick.get(String(c.params.tick))
    return { frame: c.frame, tick: String(c.params.tick), position: c.params.position, input_frame: i ? i.frame : null, distance: i ? +dist(c.params.position, i.params.position).toFixed(4) : null, since_input_ms: i ? +((time(c) - time(i)) * 1000).toFixed(3) : null }
  })
  r.teleports = s2c.filter(p => p.name === 'move_player').map(m => {
    const before = inputs.filter(i => i.n < m.n).pop()
    return { frame: m.frame, mode: m.params.mode, tick: String(m.params.tick), position: m.params.position, from_input_tick: before ? String(before.params.tick) : null, distance: before ? +dist(m.params.position, before.params.position).toFixed(4) : null }
  })
  const ticks = inputs.map(p => BigInt(p.params.tick))
  const gaps = []
  const timeGaps = []
  for (let i = 1; i < inputs.length; i++) {
    const dt = ticks[i] - ticks[i - 1]
    if (dt !== 1n) gaps.push({ after_tick: String(ticks[i - 1]), tick: String(ticks[i]), gap: Number(dt), frame: inputs[i].frame })
    const ms = (time(inputs[i]) - time(inputs[i - 1])) * 1000
    if (ms > 150) timeGaps.push({ tick: String(ticks[i]), ms: +ms.toFixed(1), frame: inputs[i].frame })
  }
  const iv = []
  for (let i = 1; i < inputs.length; i++) iv.push((time(inputs[i]) - time(inputs[i - 1])) * 1000)
  iv.sort((a, b) => a - b)
  r.authInput = { count: inputs.length, first_tick: ticks.length ? String(ticks[0]) : null, last_tick: ticks.length ? String(ticks[ticks.length - 1]) : null, tick_gaps: gaps, time_gaps_over_150ms: timeGaps, interval_ms_p50: iv.length ? +iv[Math.floor(iv.length / 2)].toFixed(1) : null, interval_ms_max: iv.length ? +iv[iv.length - 1].toFixed(1) : null }
  // chunks
  const radiusReq = c2s.filter(p => p.name === 'request_chunk_radius').map(p => p.params.chunk_radius)
  const radiusUpd = s2c.filter(p => p.name === 'chunk_radius_update').map(p => p.params.chunk_radius)
  const lc = s2c.filter(p => p.name === 'level_chunk')
  const cols = new Set(lc.map(p => p.params.x + ',' + p.params.z))
  const sreq = c2s.filter(p => p.name === 'subchunk_request')
  const sans = s2c.filter(p => p.name === 'subchunk')
  const off = (q) => ({ dx: q.dx ?? q.x, dy: q.dy ?? q.y, dz: q.dz ?? q.z })
  const asked = []
  for (const q of sreq) for (const e of q.params.requests) { const o = off(e); asked.push({ frame: q.frame, key: [q.params.origin.x + o.dx, q.params.origin.y + o.dy, q.params.origin.z + o.dz].join(',') }) }
  const answered = new Map()
  const results = {}
  for (const a of sans) for (const e of a.params.entries) { const k = [a.params.origin.x + e.dx, a.params.origin.y + e.dy, a.params.origin.z + e.dz].join(','); answered.set(k, e.result); inc(results, e.result) }
  const unanswered = asked.filter(a => !answered.has(a.key))
  const unansweredRequests = sreq.filter(q => q.params.requests.every(e => { const o = off(e); return !answered.has([q.params.origin.x + o.dx, q.params.origin.y + o.dy, q.params.origin.z + o.dz].join(',')) })).map(q => ({ frame: q.frame, entries: q.params.requests.length }))
  r.chunks = { radius_requested: radiusReq, radius_granted: radiusUpd, level_chunks: lc.length, columns: cols.size, sub_chunk_count_values: [...new Set(lc.map(p => p.params.sub_chunk_count))], publisher_updates: s2c.filter(p => p.name === 'network_chunk_publisher_update').length, subchunk_requests: sreq.length, subchunk_entries_requested: asked.length, subchunk_answers: sans.length, subchunk_entries_answered: [...answered.keys()].length, subchunk_results: results, subchunk_entries_unanswered: unanswered.length, unanswered_requests: unansweredRequests }
  // resource pack transfer
  const info = s2c.find(p => p.name === 'resource_pack_data_info')
  if (info) {
    const creq = c2s.filter(p => p.name === 'resource_pack_chunk_request')
    const cdat = s2c.filter(p => p.name === 'resource_pack_chunk_data')
    const got = new Map(cdat.map(p => [p.params.chunk_index, p.params.payload]))
    const all = Buffer.concat([...Array(info.params.chunk_count).keys()].filter(i => got.has(i)).map(i => Buffer.from(got.get(i))))
    const reqCount = {}
    for (const q of creq) inc(reqCount, q.params.chunk_index)
    r.resourcePack = {
      pack_id: info.params.pack_id || info.params.package_id, chunk_count: info.params.chunk_count, max_chunk_size: info.params.max_chunk_size, size: String(info.params.size ?? info.params.compressed_package_size),
      requests: creq.length, requested_indices: creq.map(p => p.params.chunk_index), repeated_requests: Object.entries(reqCount).filter(([, n]) => n > 1).map(([i, n]) => ({ chunk: +i, times: n })),
      chunks_received: cdat.length, received_indices: cdat.map(p => p.params.chunk_index), missing: [...Array(info.params.chunk_count).keys()].filter(i => !got.has(i)),
      bytes_received: all.length, hash_matches: crypto.createHash('sha256').update(all).digest().equals(Buffer.from(info.params.hash))
    }
  }
  // how it ended
  const disc = P.filter(p => p.name === 'disconnect').map(p => ({ dir: p.dir, frame: p.frame, reason: p.params.reason, message: p.params.message, hide: p.params.hide_disconnect_reason }))
  const rakDisc = []
  for (const [dir, d] of [['c2s', conn.c2s], ['s2c', conn.s2c]]) for (const m of d.messages) if (m.body[0] === 0x15) rakDisc.push({ dir, frame: m.frame })
  const lastOf = (fromClient) => { let l = null; for (const f of frames) if (f.conn === conn && f.fromClient === fromClient) l = f; return l }
  const lc2s = lastOf(true); const ls2c = lastOf(false)
  const end = frames[frames.length - 1]
  let how
  if (disc.length) how = `Disconnect (game packet) from the ${disc[0].dir === 's2c' ? 'server' : 'client'}, frame ${disc[0].frame}`
  else if (rakDisc.length) how = 'RakNet disconnection notification without a game Disconnect'
  else how = `silence: no Disconnect, no RakNet disconnection notification; the client's last datagram is frame ${lc2s.no}, ${(end.t - lc2s.t).toFixed(3)} s before the end of the capture; the server's last is frame ${ls2c.no}, ${(end.t - ls2c.t).toFixed(3)} s before it`
  if (rakDisc.length) how += `; RakNet disconnection notification from the ${rakDisc.map(x => (x.dir === 's2c' ? 'server' : 'client') + ' (frame ' + x.frame + ')').join(', ')}`
  r.end = { how, disconnect: disc, raknet_disconnect: rakDisc, last_client_frame: lc2s && lc2s.no, last_server_frame: ls2c && ls2c.no, capture_end_frame: end.no, client_silent_s: +(end.t - lc2s.t).toFixed(3), server_silent_s: +(end.t - ls2c.t).toFixed(3) }
  return r
}

// ---------------------------------------------------------------- packet logs of the harness
function compareLogs (g, serverLog, clientLog) {
  const read = (f) => fs.readFileSync(f, 'utf8').trim().split('\n').filter(Boolean).map(l => JSON.parse(l))
  const S = read(serverLog); const C = read(clientLog)
  const res = {}
  for (const [dir, send, recv] of [['c2s', C, S], ['s2c', S, C]]) {
    const wire = g.packets.filter(p => p.dir === dir).map(p => p.name)
    const sent = send.filter(x => x.dir === 'send').map(x => x.name)
    const received = recv.filter(x => x.dir === 'recv').map(x => x.name)
    const cmp = (a, b) => {
      if (a.length === b.length && a.every((x, i) => x === b[i])) return 'same packets in the same order'
      const ca = {}; const cb = {}
      for (const x of a) inc(ca, x)
      for (const x of b) inc(cb, x)
      const diff = [...new Set([...Object.keys(ca), ...Object.keys(cb)])].filter(k => ca[k] !== cb[k]).map(k => `${k} ${ca[k] || 0} vs ${cb[k] || 0}`)
      const order = diff.length ? '' : ' (same counts, different order)'
      let firstDiff = 0
      while (firstDiff < Math.min(a.length, b.length) && a[firstDiff] === b[firstDiff]) firstDiff++
      return `differs${order}: ${a.length} vs ${b.length} packets; first difference at ${firstDiff + 1}; ${diff.join(', ')}`
    }
    res[dir] = { wire: wire.length, sender_log: sent.length, receiver_log: received.length, wire_vs_sender: cmp(wire, sent), wire_vs_receiver: cmp(wire, received) }
  }
  return res
}

// ---------------------------------------------------------------- main
function main () {
  const cap = readPcap(FILE)
  const conns = new Map()
  const frames = []
  const ignored = {}
  const errors = []
  for (const f of cap.frames) {
    const u = udpOf(f, cap.linktype)
    if (!u) { inc(ignored, 'not IPv4/UDP'); continue }
    if (u.sport !== SERVER_PORT && u.dport !== SERVER_PORT) { inc(ignored, 'other port'); continue }
    if (u.sport === u.dport && u.src === u.dst) { inc(ignored, 'self-addressed (RakNet socket self-test)'); continue }
    const fromClient = u.dport === SERVER_PORT
    const client = fromClient ? `${u.src}:${u.sport}` : `${u.dst}:${u.dport}`
    const server = fromClient ? `${u.dst}:${u.dport}` : `${u.src}:${u.sport}`
    let conn = conns.get(client)
    if (!conn) { conn = new Connection(client, server); conns.set(client, conn) }
    conn.firstFrame = conn.firstFrame || f.no; conn.lastFrame = f.no
    const d = conn.dir(fromClient)
    d.udp++; d.bytes += u.payload.length
    frames.push({ no: f.no, t: f.t, conn, fromClient })
    const p = u.payload
    try {
      if (p[0] < 0x80 && p.length >= 17 && (p.indexOf(MAGIC) >= 0)) parseOffline(p, d, conn, f)
      else if (p[0] & 0x80) parseDatagram(p, d, conn, f, fromClient)
      else { inc(ignored, 'not RakNet'); }
    } catch (e) { errors.push(`frame ${f.no}: ${e.message}`) }
  }
  const keys = loadKeys(opt('--keylog'))
  const report = { file: FILE.split('/').pop(), bytes: cap.bytes, frames: cap.frames.length, duration: +(cap.frames[cap.frames.length - 1].t - cap.frames[0].t).toFixed(3), linktype: cap.linktype, ignored, errors, connections: [] }
  const tsv = []
  for (const conn of conns.values()) {
    const c = { client: conn.client, server: conn.server, raknet_protocol: conn.protocol, open_connection_request_1_sizes: conn.ocr1Sizes, mtu_request_2: conn.mtu, mtu_reply_2: conn.mtuReply, frames: [conn.firstFrame, conn.lastFrame] }
    for (const dir of ['c2s', 's2c']) {
      const d = conn[dir]
      c[dir] = { udp: d.udp, udp_bytes: d.bytes, offline: d.offline, datagrams: d.datagrams, header_bytes: d.headerBytes, seq_range: d.seqMin === null ? null : [d.seqMin, d.seqMax], distinct_seqs: d.seqs.size, missing_seqs: d.seqMin === null ? 0 : (d.seqMax - d.seqMin + 1 - d.seqs.size), duplicate_datagrams: d.dupDatagrams, out_of_order_datagrams: d.outOfOrder, ack: d.ack, nak: d.nak, frames: d.frames, frames_by_reliability: d.byRel, resent_frames: d.resent, frames_in_duplicate_datagrams: d.framesInDuplicates, split_fragments: d.split.fragments, split_groups: d.split.groups, max_split_count: d.split.maxCount, incomplete_split_groups: d.groups.size, messages: d.system, ordered_held_back_at_end: [...d.channels.values()].reduce((a, ch) => a + ch.held.size, 0) }
    }
    const hasGame = conn.c2s.messages.some(m => m.body[0] === 0xfe)
    if (hasGame) {
      let g
      try { g = gameLayer(conn, keys, opt('--version')) } catch (e) { errors.push(conn.client + ': ' + e.stack); report.connections.push(c); continue }
      c.release = g.version; c.protocol = FEATURES(g.version).proto; c.encryption = g.encryption; c.salt = g.salt; c.key_in_log = g.keyFound; c.checksums = g.checksum
      c.batches = { c2s: g.batches.c2s.length, s2c: g.batches.s2c.length }
      c.compression = g.compression
      c.batch_packets_max = { c2s: Math.max(0, ...g.batches.c2s.map(b => b.packets)), s2c: Math.max(0, ...g.batches.s2c.map(b => b.packets)) }
      c.batch_inflated_max = { c2s: Math.max(0, ...g.batches.c2s.map(b => b.inflated || 0)), s2c: Math.max(0, ...g.batches.s2c.map(b => b.inflated || 0)) }
      c.game_errors = g.errors
      c.held_back = { c2s: g.packets.filter(p => p.dir === 'c2s' && p.deliveredFrame !== p.frame).length, s2c: g.packets.filter(p => p.dir === 's2c' && p.deliveredFrame !== p.frame).length }
      c.packets = {}
      for (const dir of ['c2s', 's2c']) {
        const counts = {}
        for (const p of g.packets.filter(p => p.dir === dir)) { const k = `${p.id}\t${p.name}`; inc(counts, k) }
        c.packets[dir] = Object.entries(counts).sort((a, b) => parseInt(a[0]) - parseInt(b[0])).map(([k, n]) => { const [id, name] = k.split('\t'); return { id: +id, name, count: n } })
        c.packets[dir + '_total'] = g.packets.filter(p => p.dir === dir).length
      }
      c.order = { c2s: g.packets.filter(p => p.dir === 'c2s').map(p => p.name), s2c: g.packets.filter(p => p.dir === 's2c').map(p => p.name) }
      if (g.packets.length) c.figures = figures(g, conn, frames)
      if (opt('--logs')) { const i = args.indexOf('--logs'); c.logs = compareLogs(g, args[i + 1], args[i + 2]) }
      for (const p of g.packets) tsv.push([conn.client, p.dir, p.n, p.frame, p.deliveredFrame, p.batch, p.encrypted ? 'enc' : 'clear', p.id, p.name, p.len].join('\t'))
    }
    report.connections.push(c)
  }
  if (opt('--json')) fs.writeFileSync(opt('--json'), JSON.stringify(report, (k, v) => typeof v === 'bigint' ? v.toString() : k === 'order' ? undefined : v, 1) + '\n')
  if (opt('--packets')) fs.writeFileSync(opt('--packets'), '# client\tdir\tn\tframe\tdelivered_frame\tbatch\tencryption\tid\tname\tbytes\n' + tsv.join('\n') + '\n')
  process.stdout.write(render(report))
  const bad = errors.length + report.connections.reduce((a, c) => a + (c.game_errors ? c.game_errors.length : 0), 0)
  process.exitCode = bad ? 1 : 0
}

// ---------------------------------------------------------------- report
function render (r) {
  const L = []
  const kv = (o) => o && Object.keys(o).length ? Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') : '-'
  L.push(`file ${r.file}: ${r.bytes} bytes, ${r.frames} frames, ${r.duration} s, link type ${r.linktype}; ignored: ${kv(r.ignored)}; RakNet/UDP errors: ${r.errors.length}${r.errors.length ? ' (' + r.errors.join('; ') + ')' : ''}`)
  L.push('')
  for (const c of r.connections) {
    L.push(`### connection ${c.client} -> ${c.server} (frames ${c.frames[0]}..${c.frames[1]})`)
    L.push('')
    if (c.release) L.push(`- release ${c.release}, protocol ${c.protocol}; RakNet protocol ${c.raknet_protocol}; Open Connection Request 1 UDP payload ${c.open_connection_request_1_sizes.join(', ')} B; MTU in Open Connection Request 2 / Reply 2: ${c.mtu_request_2} / ${c.mtu_reply_2}`)
    else L.push(`- no game packets (RakNet protocol ${c.raknet_protocol ?? '-'}): ${kv(c.c2s.offline)} / ${kv(c.s2c.offline)}`)
    if (c.release) {
      L.push(`- encryption ${c.encryption}, salt ${c.salt}, key ${c.key_in_log ? 'in the key log' : 'NOT in the key log'}; batch checksums good ${c.checksums.ok}, bad ${c.checksums.bad}`)
      L.push(`- batches c2s ${c.batches.c2s} (${kv(c.compression.c2s)}), s2c ${c.batches.s2c} (${kv(c.compression.s2c)}); most packets in one batch c2s ${c.batch_packets_max.c2s}, s2c ${c.batch_packets_max.s2c}; largest inflated batch c2s ${c.batch_inflated_max.c2s} B, s2c ${c.batch_inflated_max.s2c} B`)
      L.push(`- game packets c2s ${c.packets.c2s_total}, s2c ${c.packets.s2c_total}; held back by RakNet ordering (complete in an earlier frame than they could be handed on) c2s ${c.held_back.c2s}, s2c ${c.held_back.s2c}; errors: ${c.game_errors.length ? c.game_errors.join('; ') : 'none (every packet read to its last byte by the package\'s deserialiser)'}`)
    }
    L.push('')
    L.push('| RakNet | c2s | s2c |')
    L.push('|---|---|---|')
    const row = (name, f) => L.push(`| ${name} | ${f(c.c2s)} | ${f(c.s2c)} |`)
    row('UDP datagrams / bytes', d => `${d.udp} / ${d.udp_bytes}`)
    row('offline messages', d => kv(d.offline))
    row('data datagrams (header bytes)', d => `${d.datagrams} (${kv(d.header_bytes)})`)
    row('sequence range, distinct, missing', d => `${d.seq_range ? d.seq_range.join('..') : '-'}, ${d.distinct_seqs}, ${d.missing_seqs}`)
    row('duplicate / out-of-order datagrams', d => `${d.duplicate_datagrams} / ${d.out_of_order_datagrams}`)
    row('ACK datagrams / records / seqs', d => `${d.ack.datagrams} / ${d.ack.records} / ${d.ack.covered}`)
    row('NAK datagrams / records / seqs', d => `${d.nak.datagrams} / ${d.nak.records} / ${d.nak.covered}`)
    row('frames (by reliability)', d => `${d.frames} (${kv(d.frames_by_reliability)})`)
    row('resent frames (same message index, new datagram) / frames in duplicate datagrams', d => `${d.resent_frames} / ${d.frames_in_duplicate_datagrams}`)
    row('split fragments / groups / max count / incomplete', d => `${d.split_fragments} / ${d.split_groups} / ${d.max_split_count} / ${d.incomplete_split_groups}`)
    row('messages', d => kv(d.messages))
    if (c.packets) {
      L.push('')
      L.push('| dir | id | name | count |')
      L.push('|---|---|---|---|')
      for (const dir of ['c2s', 's2c']) for (const p of c.packets[dir]) L.push(`| ${dir} | ${p.id} (0x${p.id.toString(16).padStart(2, '0')}) | ${p.name} | ${p.count} |`)
      L.push('')
      const seq = (a) => { const o = []; for (const x of a) { const l = o[o.length - 1]; if (l && l[0] === x) l[1]++; else o.push([x, 1]) } return o.map(([x, n]) => n > 1 ? `${x} x${n}` : x).join(', ') }
      L.push(`- order c2s: ${seq(c.order.c2s)}`)
      L.push(`- order s2c: ${seq(c.order.s2c)}`)
    }
    const F = c.figures
    if (F) {
      L.push('')
      const lat = F.latency
      const rtts = lat.filter(x => x.rtt_ms !== null).map(x => x.rtt_ms)
      L.push(`- NetworkStackLatency: ${lat.length} requests, ${rtts.length} answered, ${lat.length - rtts.length} unanswered; round trips (ms, request frame -> response frame): ${lat.map(x => x.rtt_ms === null ? `${x.request_frame}->none` : `${x.request_frame}->${x.response_frame} ${x.rtt_ms}`).join(', ')}`)
      L.push(`- CorrectPlayerMovePrediction: ${F.corrections.length}: ${F.corrections.map(x => `frame ${x.frame} tick ${x.tick} distance ${x.distance} (input frame ${x.input_frame}, ${x.since_input_ms} ms before)`).join('; ') || '-'}`)
      L.push(`- MovePlayer from the server: ${F.teleports.length}: ${F.teleports.map(x => `frame ${x.frame} mode ${x.mode} tick ${x.tick} distance ${x.distance} from the input of tick ${x.from_input_tick}`).join('; ') || '-'}`)
      const a = F.authInput
      L.push(`- PlayerAuthInput: ${a.count}, ticks ${a.first_tick}..${a.last_tick}; tick gaps: ${a.tick_gaps.map(x => `${x.after_tick}->${x.tick} (+${x.gap}, frame ${x.frame})`).join(', ') || 'none'}; interval p50 ${a.interval_ms_p50} ms, max ${a.interval_ms_max} ms; gaps over 150 ms: ${a.time_gaps_over_150ms.map(x => `${x.ms} ms before tick ${x.tick} (frame ${x.frame})`).join(', ') || 'none'}`)
      const ch = F.chunks
      L.push(`- chunks: radius requested ${ch.radius_requested.join(', ') || '-'}, granted ${ch.radius_granted.join(', ') || '-'}; ${ch.publisher_updates} publisher updates; ${ch.level_chunks} Level Chunk (${ch.columns} columns, sub_chunk_count ${ch.sub_chunk_count_values.join(', ')}); Sub Chunk Request ${ch.subchunk_requests} (${ch.subchunk_entries_requested} sub-chunks), Sub Chunk ${ch.subchunk_answers} (${ch.subchunk_entries_answered} sub-chunks: ${kv(ch.subchunk_results)}); sub-chunks never answered ${ch.subchunk_entries_unanswered}${ch.unanswered_requests.length ? ' (requests in frames ' + ch.unanswered_requests.map(x => `${x.frame}: ${x.entries}`).join(', ') + ')' : ''}`)
      const rp = F.resourcePack
      if (rp) L.push(`- resource pack ${rp.pack_id}: ${rp.size} bytes in ${rp.chunk_count} chunks of ${rp.max_chunk_size}; ${rp.requests} chunk requests (${rp.requested_indices.join(' ')})${rp.repeated_requests.length ? ', asked again: ' + rp.repeated_requests.map(x => `chunk ${x.chunk} x${x.times}`).join(', ') : ''}; ${rp.chunks_received} chunks received (${rp.received_indices.join(' ')}); missing ${rp.missing.length ? rp.missing.join(' ') : 'none'}; ${rp.bytes_received} bytes, SHA-256 ${rp.hash_matches ? 'matches' : 'DOES NOT match'} Resource Pack Data Info`)
      L.push(`- end: ${F.end.how}${F.end.disconnect.length ? '; ' + F.end.disconnect.map(d => `Disconnect ${d.dir} reason ${d.reason ?? '-'} message "${d.message}"`).join('; ') : ''}`)
    }
    if (c.logs) {
      for (const dir of ['c2s', 's2c']) { const l = c.logs[dir]; L.push(`- packet logs ${dir}: wire ${l.wire}, sender's log ${l.sender_log}, receiver's log ${l.receiver_log}; wire vs sender: ${l.wire_vs_sender}; wire vs receiver: ${l.wire_vs_receiver}`) }
    }
    L.push('')
  }
  return L.join('\n') + '\n'
}

main()
