'use strict'
// What the harness adds to bedrock-protocol 3.59.0 without changing what it sends (except where a
// capture asks for it: honourThreshold). Three things:
//  1. keyLog(connection, file, side): wraps the connection's own key derivation (keyExchange.js:
//     createServerHandshake on the server, verifyServerHandshake on the client) and appends one line
//     per connection to the key log when it runs. The package derives key = SHA-256(salt || ECDH
//     shared secret) (secp384r1); the salt is the one in the ServerToClientHandshake JWT.
//  2. packetLog(serializer/deserializer, file, side): every game packet the side serialises (sends)
//     or parses (receives), one JSON line each, with the wall-clock time (the capture's clock).
//  3. honourThreshold(): from 1.20.60 (compressor byte in each batch) the package's encryptor ignores
//     the negotiated threshold and deflates every encrypted batch (header 0x00). With this hook an
//     encrypted batch is compressed as an unencrypted one is: deflate (0x00) only when it is larger
//     than the threshold (framer.js: length > threshold), else sent as is behind 0xff ("none"),
//     as servers with a compression threshold do. Off unless a capture turns it on.
const fs = require('fs')
const crypto = require('crypto')
const zlib = require('zlib')

const now = () => performance.timeOrigin + performance.now() // ms since the epoch, sub-ms precision

function jwtPayload (token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
}

// Key log formats (one line per connection, appended):
//   <name>.keylog         BEDROCK_KEY <salt hex> <32-byte AES-256 key hex>
//   <name>.secret.keylog  BEDROCK_SHARED_SECRET <salt hex> <48-byte ECDH shared secret hex>
//   <name>.mc_dissector.key (written by capture.sh from .keylog) the 64 hex digits of the key alone,
//                         what MC_Dissector's Bedrock "secret key" preference takes (one connection)
function writeKeyLog (file, salt, material) {
  if (!file) return
  const key = material.secretKeyBytes
  const check = crypto.createHash('sha256').update(salt).update(material.sharedSecret).digest()
  if (!check.equals(key)) throw new Error('key log: key is not SHA-256(salt || secret)')
  fs.appendFileSync(file, `BEDROCK_KEY ${salt.toString('hex')} ${key.toString('hex')}\n`)
  fs.appendFileSync(file.replace(/\.keylog$/, '') + '.secret.keylog', `BEDROCK_SHARED_SECRET ${salt.toString('hex')} ${Buffer.from(material.sharedSecret).toString('hex')}\n`)
}

// Wraps one of the connection's key derivation functions; token(args, result) is the handshake JWT
function keyLogAround (conn, method, file, token) {
  const orig = conn[method]
  conn[method] = (arg) => {
    const r = orig(arg)
    writeKeyLog(file, Buffer.from(jwtPayload(token(arg, r)).salt, 'base64'), r)
    return r
  }
}
const keyLogServer = (player, file) => keyLogAround(player, 'createServerHandshake', file, (arg, r) => r.token)
const keyLogClient = (client, file) => keyLogAround(client, 'verifyServerHandshake', file, (packet) => packet.token)

function packetLog (conn, file, side) {
  const out = fs.openSync(file, 'a')
  const line = (o) => fs.writeSync(out, JSON.stringify(o, (k, v) => typeof v === 'bigint' ? v.toString() : (Buffer.isBuffer(v) || (v && v.type === 'Buffer')) ? undefined : v) + '\n')
  const ser = conn.serializer
  const des = conn.deserializer
  const origCreate = ser.createPacketBuffer.bind(ser)
  ser.createPacketBuffer = (packet) => {
    const buf = origCreate(packet)
    line({ t: now(), side, dir: 'send', id: readVarInt(buf), name: packet.name, len: buf.length, f: summary(packet.name, packet.params) })
    return buf
  }
  const origParse = des.parsePacketBuffer.bind(des)
  des.parsePacketBuffer = (buf) => {
    const r = origParse(buf)
    line({ t: now(), side, dir: 'recv', id: readVarInt(buf), name: r.data.name, len: buf.length, f: summary(r.data.name, r.data.params) })
    return r
  }
  return line
}

function readVarInt (buf) {
  let v = 0; let shift = 0
  for (let i = 0; i < 5 && i < buf.length; i++) { v |= (buf[i] & 0x7f) << shift; if (!(buf[i] & 0x80)) break; shift += 7 }
  return v >>> 0
}

// The fields the analysis looks at, kept in the packet log so the counts can be compared with it.
function summary (name, p) {
  if (!p) return undefined
  switch (name) {
    case 'network_stack_latency': return { timestamp: p.timestamp, needs_response: p.needs_response ?? p.unknown_flag }
    case 'player_auth_input': return { tick: p.tick, position: p.position }
    case 'correct_player_move_prediction': return { tick: p.tick, position: p.position }
    case 'move_player': return { mode: p.mode, position: p.position, tick: p.tick }
    case 'level_chunk': return { x: p.x, z: p.z, sub_chunk_count: p.sub_chunk_count }
    case 'subchunk_request': return { origin: p.origin, requests: Array.isArray(p.requests) ? p.requests.length : undefined }
    case 'subchunk': return { origin: p.origin, entries: Array.isArray(p.entries) ? p.entries.map(e => e.result) : undefined }
    case 'resource_pack_chunk_request': return { chunk_index: p.chunk_index }
    case 'resource_pack_chunk_data': return { chunk_index: p.chunk_index, progress: p.progress, bytes: p.payload ? p.payload.length : undefined }
    case 'resource_pack_client_response': return { response_status: p.response_status }
    case 'request_chunk_radius': case 'chunk_radius_update': return { chunk_radius: p.chunk_radius }
    case 'disconnect': return { reason: p.reason, message: p.message }
    case 'text': return { type: p.type, message: p.message }
    case 'play_status': return { status: p.status }
    default: return undefined
  }
}

function honourThreshold () {
  const enc = require('bedrock-protocol/src/transforms/encryption')
  const origCreate = enc.createEncryptor
  enc.createEncryptor = (client, iv) => {
    const send = origCreate(client, iv) // sets up client.cipher, its 'data' handler and the counter
    if (!client.features.compressorInHeader) return send
    return (chunk) => {
      const compress = client.compressionAlgorithm !== 'none' && chunk.length > client.compressionThreshold
      const body = compress ? Buffer.concat([Buffer.from([0]), zlib.deflateRawSync(chunk, { level: client.compressionLevel })]) : Buffer.concat([Buffer.from([0xff]), chunk])
      const digest = crypto.createHash('sha256')
      const counter = Buffer.alloc(8); counter.writeBigInt64LE(client.sendCounter, 0)
      const checksum = digest.update(counter).update(body).update(client.secretKeyBytes).digest().subarray(0, 8)
      client.sendCounter++
      client.cipher.write(Buffer.concat([body, checksum]))
    }
  }
}

module.exports = { keyLogServer, keyLogClient, packetLog, honourThreshold, now, readVarInt }
