'use strict'
// The capture server: bedrock-protocol's createServer (offline mode) and the session of README "The session".
// usage (in the server's namespace): node server.js NAME OUTDIR   -> OUTDIR/NAME.server.jsonl, NAME.keylog
const bedrock = require('bedrock-protocol')
const hooks = require('./lib/hooks')
const { makeWorld } = require('./lib/world')
const { makePack } = require('./lib/pack')
const { sc, world, out, P, log } = require('./lib/session').session('server')
const W = makeWorld(sc.version)
const pack = makePack(world.pack)
const server = new bedrock.Server({ // createServer() would also listen() at once
  host: world.host, port: world.port, offline: true, version: sc.version, raknetBackend: sc.backend,
  compressionThreshold: sc.threshold, maxPlayers: 3,
  motd: { motd: 'blankshark capture', levelName: 'capture' }
})
server.conLog = log
hooks.packetLog(server, out('.server.jsonl'), 'server')

server.on('connect', (player) => {
  log('connect', player.connection.address)
  hooks.keyLogServer(player, out('.keylog'))
  const send = (n, ov) => player.queue(n, P.build(n, ov)) // batched every 20 ms (the package's queue)
  const sendNow = (n, ov) => player.write(n, P.build(n, ov)) // a batch of its own at once
  let pos = { ...world.spawn }
  const inputs = new Map() // tick -> position the client reported
  let lastTick = 0n
  let timers = []
  let spawned = false
  const sentColumns = new Set()
  let subChunkRequests = 0
  const skippedPackChunk = { done: !sc.packReRequest }

  player.on('join', () => {
    log('join', player.getUserData().displayName)
    sendNow('resource_packs_info', {
      must_accept: false,
      texture_packs: [{ uuid: world.pack.uuid, version: world.pack.version, size: BigInt(pack.data.length), content_key: '', sub_pack_name: '', content_identity: '', has_scripts: false, rtx_enabled: false }],
      world_template: { uuid: '00000000-0000-0000-0000-000000000000', version: '' }
    })
  })
  player.on('resource_pack_client_response', (p) => {
    log('pack response', p.response_status)
    if (p.response_status === 'send_packs') {
      sendNow('resource_pack_data_info', { package_id: pack.id, pack_id: pack.id, max_chunk_size: pack.chunkSize, chunk_count: pack.chunks.length, compressed_package_size: BigInt(pack.data.length), size: BigInt(pack.data.length), hash: pack.hash, is_premium: false, pack_type: 'resources' })
    } else if (p.response_status === 'have_all_packs') {
      sendNow('resource_pack_stack', { must_accept: false, resource_packs: [{ uuid: world.pack.uuid, version: world.pack.version, name: '' }], game_version: '*', experiments: [] })
    } else if (p.response_status === 'completed') {
      startGame()
    }
  })
  player.on('resource_pack_chunk_request', (p) => {
    if (p.chunk_index === 2 && !skippedPackChunk.done) { skippedPackChunk.done = true; log('pack chunk 2 request left unanswered'); return }
    const c = pack.chunks[p.chunk_index]
    send('resource_pack_chunk_data', { package_id: pack.id, pack_id: pack.id, chunk_index: p.chunk_index, progress: BigInt(c.offset), payload: c.data })
  })

  function startGame () {
    send('start_game', {
      entity_id: 1n, runtime_entity_id: 1n, player_gamemode: 'survival', player_position: pos, spawn: pos, rotation: { x: 0, z: 0 },
      seed: P.build('start_game').seed === 0 ? 1234567 : 1234567n, biome_type: 0, biome_name: 'plains', dimension: P.build('start_game').dimension === 0 ? 0 : 'overworld',
      generator: 2, world_gamemode: 'survival', difficulty: 1, spawn_position: { x: 8, y: 5, z: 8 },
      day_cycle_stop_time: 6000, is_multiplayer: true, broadcast_to_lan: false, xbox_live_broadcast_mode: 0, platform_broadcast_mode: 0, enable_commands: true,
      gamerules: [], permission_level: P.build('start_game').permission_level === 0 ? 1 : 'member', server_chunk_tick_range: 4,
      game_version: sc.version, level_id: 'Y2FwdHVyZQ==', world_name: 'blankshark capture', premium_world_template_id: '',
      movement_authority: 'server_with_rewind', rewind_history_size: 40, server_authoritative_block_breaking: false,
      current_tick: 0n, enchantment_seed: 0, multiplayer_correlation_id: '<raknet>c0ffee', engine: 'bedrock-protocol capture',
      server_authoritative_inventory: false, block_network_ids_are_hashes: false, property_data: { type: 'compound', name: '', value: {} }
    })
    if (P.has('item_registry')) send('item_registry', { itemstates: [] })
    send('set_time', { time: 6000 })
  }
  player.on('tick_sync', (p) => send('tick_sync', { request_time: p.request_time, response_time: lastTick }))

  function sendColumns (radius) {
    const cx0 = Math.floor(pos.x) >> 4; const cz0 = Math.floor(pos.z) >> 4
    send('network_chunk_publisher_update', { coordinates: { x: Math.floor(pos.x), y: Math.floor(pos.y), z: Math.floor(pos.z) }, radius: radius * 16, saved_chunks: [] })
    const cols = []
    for (let dx = -radius; dx <= radius; dx++) for (let dz = -radius; dz <= radius; dz++) if (dx * dx + dz * dz <= radius * radius) cols.push([cx0 + dx, cz0 + dz])
    cols.sort((a, b) => ((a[0] - cx0) ** 2 + (a[1] - cz0) ** 2) - ((b[0] - cx0) ** 2 + (b[1] - cz0) ** 2))
    return (async () => {
      const payload = await W.levelChunkPayload()
      for (const [x, z] of cols) {
        if (sentColumns.has(x + ',' + z)) continue
        sentColumns.add(x + ',' + z)
        if (W.subChunkRequests) send('level_chunk', { x, z, dimension: 0, sub_chunk_count: -2, highest_subchunk_count: W.highestSubChunk - W.lowestSubChunk + 1, cache_enabled: false, payload })
        else send('level_chunk', { x, z, sub_chunk_count: 1, cache_enabled: false, payload })
      }
    })()
  }
  player.on('request_chunk_radius', async (p) => {
    const r = Math.min(p.chunk_radius, world.chunkRadius)
    send('chunk_radius_update', { chunk_radius: r })
    await sendColumns(r)
    if (!spawned) { spawned = true; send('play_status', { status: 'player_spawn' }) }
  })
  player.on('subchunk_request', async (p) => {
    subChunkRequests++
    if (sc.unansweredSubChunkRequest && subChunkRequests === 3) { log('sub-chunk request 3 left unanswered'); return }
    const entries = []
    for (const req of p.requests) {
      const r = P.offset(req)
      const y = p.origin.y + r.dy
      const e = { dx: r.dx, dy: r.dy, dz: r.dz, payload: Buffer.alloc(0), heightmap_type: 'no_data' }
      if (y < -4 || y > 19) e.result = 'y_index_out_of_bounds'
      else if (y > W.highestSubChunk) { e.result = 'success_all_air'; e.heightmap_type = 'too_low' } else {
        e.result = 'success'
        e.payload = await W.subChunkPayload(y)
        if (y === W.highestSubChunk) { e.heightmap_type = 'has_data'; e.heights = 5 } else e.heightmap_type = 'too_high'
      }
      entries.push(P.subChunkEntry(e))
    }
    send('subchunk', { cache_enabled: false, dimension: 0, origin: p.origin, entries })
  })
  player.on('player_auth_input', (p) => {
    lastTick = BigInt(p.tick)
    inputs.set(lastTick, p.position)
    if (inputs.size > 200) inputs.delete(inputs.keys().next().value)
    pos = { x: p.position.x, y: p.position.y, z: p.position.z }
  })
  player.on('text', (p) => {
    send('text', { type: 'chat', category: 'authored', needs_translation: false, source_name: p.source_name || 'alice', message: p.message, xuid: '', platform_chat_id: '', filtered_message: '' })
  })

  player.on('spawn', () => {
    log('spawned')
    const at = (s, f) => timers.push(setTimeout(f, s * 1000))
    timers.push(setInterval(() => send('network_stack_latency', P.latency(BigInt(Date.now()), 1)), world.latencyEvery * 1000))
    for (const c of world.corrections) {
      at(c.at, () => {
        const base = inputs.get(lastTick) || pos
        const corrected = { x: base.x + c.by.x, y: base.y + c.by.y, z: base.z + c.by.z }
        log('correction for tick', lastTick, 'by', c.by)
        sendNow('correct_player_move_prediction', { prediction_type: 'player', position: corrected, delta: { x: 0, y: -0.0784, z: 0 }, rotation: { x: 0, z: 0 }, on_ground: true, tick: lastTick })
      })
    }
    at(world.teleport.at, () => {
      const base = inputs.get(lastTick) || pos
      pos = { x: base.x + world.teleport.by.x, y: base.y + world.teleport.by.y, z: base.z + world.teleport.by.z }
      log('teleport to', pos)
      sendNow('move_player', { runtime_id: 1, position: pos, pitch: 0, yaw: 90, head_yaw: 90, mode: 'teleport', on_ground: true, ridden_runtime_id: 0, teleport: { cause: 'command', source_entity_type: 0 }, tick: lastTick })
      sendColumns(world.chunkRadius)
    })
    if (sc.end === 'kick') {
      at(world.endAt, () => {
        log('kick')
        sendNow('disconnect', { reason: 'kicked', hide_disconnect_reason: false, message: 'Kicked by the capture harness: session over', filtered_message: '' })
        setTimeout(() => player.close('kick'), 100) // as the package's disconnect(): time for the message to go out
      })
    }
  })
  player.on('close', () => {
    log('connection closed')
    for (const t of timers) { clearTimeout(t); clearInterval(t) }
    timers = []
    setTimeout(() => { server.close(); setTimeout(() => process.exit(0), 500) }, 1500)
  })
})

server.listen().then(() => log('READY', sc.name, sc.version, 'protocol', server.options.protocolVersion))
setTimeout(() => { log('lifetime over'); process.exit(0) }, 60000)
process.on('SIGTERM', () => process.exit(0))
