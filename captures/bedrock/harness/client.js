'use strict'
// The capture client: bedrock-protocol's Client (offline mode, user "alice") driven through the session of
// README "The session". createClient's own connect() is not used: it would answer the pack offer with
// "completed" (no transfer) and ask for a view distance of 10; this does what it does otherwise
// (client_cache_status, tick_sync before 1.20.90, latency echo) plus the session's traffic.
// usage (in the client's namespace): node client.js NAME OUTDIR   -> OUTDIR/NAME.client.jsonl, NAME.client.keylog
const crypto = require('crypto')
const bedrock = require('bedrock-protocol')
const hooks = require('./lib/hooks')
const { sc, world, out, P, log } = require('./lib/session').session('client')

async function main () {
  if (sc.backend === 'raknet-native') {
    // the server-list query a real client makes first (its own UDP socket, as createClient's ping)
    const ad = await bedrock.ping({ host: world.host, port: world.port })
    log('ping', JSON.stringify(ad))
  }
  const client = new bedrock.Client({
    host: world.host, port: world.port, offline: true, username: 'alice', version: sc.version,
    raknetBackend: sc.backend, useRaknetWorkers: false, delayedInit: true, conLog: log
  })
  client.on('connect_allowed', () => client.connect())
  client.init()
  hooks.keyLogClient(client, out('.client.keylog'))
  hooks.packetLog(client, out('.client.jsonl'), 'client')
  const send = (n, ov) => client.queue(n, P.build(n, ov))
  const sendNow = (n, ov) => client.write(n, P.build(n, ov))
  const statusName = { send_packs: 'sendpacks', have_all_packs: 'haveallpacks', completed: 'resourcepackstackfinished' }
  const respond = (status, ids) => sendNow('resource_pack_client_response', { response_status: status, response_status_name: statusName[status], resourcepackids: ids || [] })

  let pos = { ...world.spawn }
  let tick = 0n
  let flags = []
  let pendingLatency = []
  let ticker = null
  let stalledUntil = 0
  const oldTickSync = P.has('tick_sync') && client.versionLessThanOrEqualTo('1.20.80')

  client.on('error', (e) => log('error', e.message))
  client.on('kick', (p) => log('kicked', JSON.stringify(p)))
  client.on('close', () => { log('closed'); if (ticker) clearInterval(ticker); setTimeout(() => process.exit(0), 1000) })

  // resource packs: ask for the offered pack, fetch its chunks two at a time, check its hash
  let packInfo = null
  client.on('resource_packs_info', (p) => {
    const packs = p.texture_packs || []
    log('packs offered', packs.length)
    if (packs.length) { packInfo = packs[0]; respond('send_packs', [packs[0].uuid + '_' + packs[0].version]) } else respond('have_all_packs')
    send('client_cache_status', { enabled: false })
    if (oldTickSync) send('tick_sync', { request_time: BigInt(Date.now()), response_time: 0n })
  })
  client.on('resource_pack_data_info', (p) => {
    const id = p.pack_id || p.package_id
    const count = p.chunk_count
    const got = new Map()
    const asked = new Map()
    let next = 0
    const ask = (i) => {
      asked.set(i, setTimeout(() => { log('pack chunk', i, 'not answered in 1.5 s: asking again'); ask(i) }, 1500))
      send('resource_pack_chunk_request', { package_id: id, pack_id: id, chunk_index: i })
    }
    const onChunk = (c) => {
      if ((c.pack_id || c.package_id) !== id || got.has(c.chunk_index)) return
      clearTimeout(asked.get(c.chunk_index))
      got.set(c.chunk_index, c.payload)
      if (next < count) ask(next++)
      if (got.size === count) {
        client.removeListener('resource_pack_chunk_data', onChunk)
        const data = Buffer.concat([...Array(count).keys()].map(i => got.get(i)))
        const ok = crypto.createHash('sha256').update(data).digest().equals(Buffer.from(p.hash))
        log('pack received', data.length, 'bytes, hash', ok ? 'ok' : 'MISMATCH')
        respond('have_all_packs')
      }
    }
    client.on('resource_pack_chunk_data', onChunk)
    while (next < Math.min(2, count)) ask(next++)
  })
  client.on('resource_pack_stack', () => respond('completed'))

  client.on('start_game', (p) => {
    const sp = p.player_position || p.spawn
    pos = { x: sp.x, y: sp.y, z: sp.z }
    log('start_game at', JSON.stringify(pos))
    send('request_chunk_radius', { chunk_radius: world.requestedRadius, max_radius: world.requestedRadius })
  })

  // sub-chunks: one request per four new columns, for the sub-chunks up to the highest with blocks
  let newColumns = []
  let flush = null
  client.on('level_chunk', (p) => {
    if (p.sub_chunk_count !== -2) return
    newColumns.push([p.x, p.z, p.highest_subchunk_count])
    if (!flush) flush = setTimeout(requestSubChunks, 30)
  })
  function requestSubChunks () {
    flush = null
    const cx0 = Math.floor(pos.x) >> 4; const cz0 = Math.floor(pos.z) >> 4
    const cols = newColumns; newColumns = []
    for (let i = 0; i < cols.length; i += 4) {
      const requests = []
      for (const [x, z, highest] of cols.slice(i, i + 4)) {
        const top = -4 + highest - 1 + ((x === cx0 && z === cz0) ? 1 : 0) // one all-air sub-chunk above the player
        for (let dy = -4; dy <= top; dy++) requests.push(P.requestOffset(x - cx0, dy, z - cz0))
      }
      send('subchunk_request', { dimension: 0, origin: { x: cx0, y: 0, z: cz0 }, requests })
    }
  }

  client.on('network_stack_latency', (p) => { if (p.needs_response || p.unknown_flag) pendingLatency.push(p.timestamp) })
  client.on('correct_player_move_prediction', (p) => { log('corrected at tick', p.tick); pos = { ...p.position } })
  client.on('move_player', (p) => {
    if (p.mode === 'teleport' || p.mode === 'reset') { log('teleported'); pos = { ...p.position }; flags.push('handled_teleport') }
  })

  client.on('spawn', () => {
    log('spawned')
    const t0 = Date.now()
    let chatted = false
    let stalled = false
    let tickSyncAt = Date.now() + 500
    let angle = 0
    ticker = setInterval(() => {
      const el = (Date.now() - t0) / 1000
      if (Date.now() < stalledUntil) return
      if (!stalled && el >= world.stall.at) { // a hitch: no input for 0.5 s and the tick counter jumps
        stalled = true; stalledUntil = Date.now() + world.stall.ms; tick += BigInt(world.stall.skipTicks); log('stall'); return
      }
      for (const ts of pendingLatency) send('network_stack_latency', P.latency(ts, 0)) // echoed at the next tick
      pendingLatency = []
      tick++
      // walk a circle of radius 6 at about 4.3 blocks/s
      angle += 0.036
      const mv = { x: Math.cos(angle) * 0.215, z: Math.sin(angle) * 0.215 }
      pos = { x: pos.x + mv.x, y: pos.y, z: pos.z + mv.z }
      sendNow('player_auth_input', {
        pitch: 0, yaw: angle * 180 / Math.PI, head_yaw: angle * 180 / Math.PI, position: pos, move_vector: { x: 0, z: 1 },
        input_data: P.inputData(['up', ...flags]), input_mode: 'mouse', play_mode: 'normal', interaction_model: 'classic',
        tick, delta: { x: mv.x, y: -0.0784, z: mv.z }, analogue_move_vector: { x: 0, z: 1 }, raw_move_vector: { x: 0, z: 1 }
      })
      flags = []
      if (oldTickSync && Date.now() >= tickSyncAt) { tickSyncAt += 500; send('tick_sync', { request_time: tick, response_time: 0n }) }
      if (!chatted && el >= world.chatAt) { chatted = true; send('text', { type: 'chat', category: 'authored', needs_translation: false, source_name: 'alice', message: 'hello from alice', xuid: '', platform_chat_id: '', filtered_message: '' }) }
      if (el >= world.endAt && sc.end === 'quit') {
        clearInterval(ticker); ticker = null
        log('quit')
        sendNow('disconnect', { reason: 'disconnected', hide_disconnect_reason: false, message: 'alice left the game', filtered_message: '' })
        setTimeout(() => client.close(), 100)
      }
      if (el >= world.endAt && sc.end === 'silence') {
        clearInterval(ticker); ticker = null
        log('going silent (SIGSTOP)')
        setTimeout(() => process.kill(process.pid, 'SIGSTOP'), 20)
      }
    }, 50)
  })
}
main().catch((e) => { log('failed', e.stack); process.exit(1) })
setTimeout(() => { log('lifetime over'); process.exit(0) }, 45000)
