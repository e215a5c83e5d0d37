// Minimal server on minecraft-protocol's createServer, for the versions flying-squid cannot serve.
// Usage: node eras-server.js HOST PORT VERSION compress|nocompress [lifetime_s]
// (environment MC_SCOREBOARD=1: the scoreboard packets at t=2 s and t=8 s below, as in the 1.21.5
// and 1.21.11 captures; the 26.1 and 1.8.9 captures were made without them)
// Offline mode. minecraft-protocol itself does the login (Set Compression 256, Login Success, for
// 1.20.2+ the configuration state with the registry data of minecraft-data's loginPacket, as its
// server does with options.registryCodec) and the keep-alives (every 4 s). On 'playerJoin' this script
// sends what a client needs to spawn and a little more, on a timeline (used for 1.21.5 to 26.1,
// which flying-squid 1.12.0 does not serve, and for the uncompressed 1.8.9 file, where
// flying-squid's columns would be too large):
//   t=0    Join Game (minecraft-data's loginPacket), Set Center Chunk (1.14+), a chunk batch
//          (1.20.2+: Chunk Batch Start ... Finished) of the 3 x 3 columns around (0, 0)
//          (prismarine-chunk, a stone floor at y 64), Player Position
//          (teleport id 1), Update Health (mineflayer's spawn event waits for it)
//   t=2 s  (MC_SCOREBOARD=1) a scoreboard: Update Objectives (create 'eras', titled "Eras",
//          integer; 1.20.3+ with the number format 1, styled: {color: gold, bold: 1b}), Display
//          Objective (sidebar), Update Score (the player's score 42; 1.20.3+ with a display name
//          "Alice" and the number format 2, fixed: "42 pts")
//   t=3 s  a second teleport 16 blocks east (teleport id 2): the columns of x = -1 are unloaded
//          (Unload Chunk; before 1.9 a full Chunk Data without sections), those of x = 2 are sent
//          (a second batch), Set Center Chunk
//   t=5 s  a system chat line; every chat message of the client is echoed back to it
//   t=8 s  (MC_SCOREBOARD=1) the scoreboard again: Update Objectives (update 'eras' to
//          "Eras II"; 1.20.3+ with the number format 0, blank), Update Score (43; 1.20.3+ without
//          display name or number format)
//   t=14 s Disconnect (play) "bye <name>" (minecraft-protocol's client.end with a reason)
const mc = require('minecraft-protocol')
const nbt = require('prismarine-nbt')
const Vec3 = require('vec3')
const [host, portS, version, mode, lifeS] = process.argv.slice(2)
const port = parseInt(portS)
const registry = require('prismarine-registry')(version)
const Chunk = require('prismarine-chunk')(registry)
const feat = f => registry.supportFeature(f)
const ver = v => registry.version['>='](v)
const types = registry.protocol.play.toClient.types
const t0 = Date.now()
const log = (...a) => console.log(((Date.now() - t0) / 1000).toFixed(2), ...a)

const opts = {
  'online-mode': false,
  host,
  port,
  version,
  motd: 'eras capture server',
  maxPlayers: 10,
  checkTimeoutInterval: 4000,
  kickTimeout: 20000
}
if (ver('1.20.2')) opts.registryCodec = registry.loginPacket.dimensionCodec
if (mode === 'nocompress') {
  // As server.js: a vanilla server with network-compression-threshold=-1 never sends Set Compression.
  opts.beforeLogin = (client) => {
    const origWrite = client.write.bind(client)
    client.write = (name, params) => {
      if (name === 'compress' && client.state === 'login') return
      return origWrite(name, params)
    }
    Object.defineProperty(client, 'compressionThreshold', { configurable: true, get: () => -1, set: () => {} })
  }
}

const tall = feat('tallWorld')
const stone = registry.blocksByName.stone.id
function column () {
  const c = tall ? new Chunk({ minY: -64, worldHeight: 384 }) : new Chunk()
  for (let x = 0; x < 16; x++) {
    for (let z = 0; z < 16; z++) {
      c.setBlockType(new Vec3(x, 64, z), stone)
      for (let y = 65; y < 256; y++) c.setSkyLight(new Vec3(x, y, z), 15)
    }
  }
  return c
}
const proto = column()

// before 1.9 prismarine-chunk dumps all 16 sections (12 KB each with both light arrays) unless told
// which: only the section of the floor (y 64..79) is sent, as a vanilla server leaves out empty ones
const old = !ver('1.9')
function chunkPacket (x, z) {
  const fields = types.packet_map_chunk[1].map(f => f.name)
  const p = { x, z, groundUp: true, bitMap: old ? 0x10 : proto.getMask(), chunkData: old ? proto.dump(0x10) : proto.dump(), blockEntities: [], trustEdges: false }
  if (proto.dumpBiomes) p.biomes = proto.dumpBiomes()
  if (fields.includes('heightmaps')) {
    const hm = types.packet_map_chunk[1].find(f => f.name === 'heightmaps').type
    if (Array.isArray(hm) && hm[0] === 'array') {
      p.heightmaps = [{ type: 'motion_blocking', data: new Array(tall ? 37 : 36).fill(0n) }]
    } else {
      p.heightmaps = { type: 'compound', name: '', value: { MOTION_BLOCKING: { type: 'longArray', value: new Array(tall ? 37 : 36).fill([0, 0]) } } }
    }
  }
  if (fields.includes('skyLight')) Object.assign(p, proto.dumpLight())
  return p
}

function sendColumns (client, cols) {
  const batch = !!types.packet_chunk_batch_start
  if (batch) client.write('chunk_batch_start', {})
  for (const [x, z] of cols) {
    client.write('map_chunk', chunkPacket(x, z))
    if (!fieldsOf('packet_map_chunk').includes('skyLight') && types.packet_update_light) {
      client.write('update_light', Object.assign({ chunkX: x, chunkZ: z, trustEdges: true }, lightOf()))
    }
  }
  if (batch) client.write('chunk_batch_finished', { batchSize: cols.length })
}
function fieldsOf (t) { return types[t][1].map(f => f.name) }
function lightOf () {
  const l = proto.dumpLight()
  return l
}

function center (client, x, z) {
  if (types.packet_update_view_position) client.write('update_view_position', { chunkX: x, chunkZ: z })
}

function teleport (client, id, x, y, z) {
  const p = { x, y, z, yaw: 0, pitch: 0, teleportId: id, dx: 0, dy: 0, dz: 0 }
  p.flags = feat('positionPacketHasBitflags') ? { x: false, y: false, z: false, yaw: false, pitch: false } : 0
  if (fieldsOf('packet_position').includes('dismountVehicle')) p.dismountVehicle = false
  client.write('position', p)
  log(client.username, 'teleport', id, x, y, z)
}

function chat (client, text) {
  if (types.packet_system_chat) {
    const content = feat('chatPacketsUseNbtComponents') ? nbt.comp({ text: nbt.string(text) }) : JSON.stringify({ text })
    client.write('system_chat', { content, formattedMessage: JSON.stringify({ text }), type: 1, isActionBar: false, position: 1 })
  } else {
    client.write('chat', { message: JSON.stringify({ text }), position: 0, sender: '00000000-0000-0000-0000-000000000000' })
  }
}

// The scoreboard packets, from the release's own layouts (minecraft-data): before 1.13 the type is
// a string ("integer") and the title plain text, before 1.20.3 the title a JSON text and Update
// Score has an action (0, create or update); from
// 1.20.3 on the title is an NBT text component, and objective and score carry an optional number
// format (0 blank, 1 styled: a style compound, 2 fixed: a text component) and the score an
// optional display name.
const switchType = (packet, field) => {
  const f = types[packet][1].find(x => x.name === field)
  return f && Array.isArray(f.type) && f.type[0] === 'switch' ? f.type[1].fields['0'] : f && f.type
}
const nbtText = switchType('packet_scoreboard_objective', 'displayText') === 'anonymousNbt'
const stringType = switchType('packet_scoreboard_objective', 'type') === 'string'  // before 1.13: plain text
const text = t => nbtText ? nbt.comp({ text: nbt.string(t) }) : stringType ? t : JSON.stringify({ text: t })
const hasFormat = fieldsOf('packet_scoreboard_objective').includes('number_format')
function objective (client, action, title, numberFormat, styling) {
  const p = { name: 'eras', action, displayText: text(title) }
  p.type = stringType ? 'integer' : 0
  if (hasFormat) {
    p.number_format = numberFormat
    if (styling !== undefined) p.styling = styling
  }
  client.write('scoreboard_objective', p)
  log(client.username, 'scoreboard objective', action, title, numberFormat)
}
function score (client, value, displayName, numberFormat, styling) {
  const p = { itemName: client.username, scoreName: 'eras', value }
  if (fieldsOf('packet_scoreboard_score').includes('action')) p.action = 0
  else {
    if (displayName !== undefined) p.display_name = text(displayName)
    if (numberFormat !== undefined) p.number_format = numberFormat
    if (styling !== undefined) p.styling = styling
  }
  client.write('scoreboard_score', p)
  log(client.username, 'score', value)
}
const withScoreboard = process.env.MC_SCOREBOARD === '1'
function scoreboard (client) {
  objective(client, 0, 'Eras', 1, nbt.comp({ color: nbt.string('gold'), bold: nbt.byte(1) }))
  client.write('scoreboard_display_objective', { position: 1, name: 'eras' })
  score(client, 42, 'Alice', 2, nbt.comp({ text: nbt.string('42 pts') }))
}
function scoreboardAgain (client) {
  objective(client, 2, 'Eras II', 0)
  score(client, 43)
}

const server = mc.createServer(opts)
server.on('listening', () => console.log('READY'))
server.on('error', e => log('server error', e))
server.on('playerJoin', (client) => {
  log(client.username, 'joined, protocol', client.protocolVersion)
  client.on('error', e => log(client.username, 'client error', e.message))
  client.on('end', r => log(client.username, 'end', r))
  client.on('teleport_confirm', p => log(client.username, 'teleport confirm', p.teleportId))
  client.on('keep_alive', p => log(client.username, 'keep alive answer', p.keepAliveId))
  client.on('chunk_batch_received', p => log(client.username, 'chunk batch received', p.chunksPerTick))
  const onChat = p => {
    const m = p.message
    log(client.username, 'chat', m)
    chat(client, '<' + client.username + '> ' + m)
  }
  client.on('chat', onChat)
  client.on('chat_message', onChat)
  client.on('chat_command', p => { log(client.username, 'command', p.command); chat(client, 'no commands here') })

  const login = Object.assign({}, registry.loginPacket || {}, { entityId: client.id, maxPlayers: 10, viewDistance: 2, simulationDistance: 2 })
  if (!registry.loginPacket) {
    Object.assign(login, { gameMode: 1, dimension: 0, difficulty: 1, levelType: 'default', reducedDebugInfo: false })
  }
  if (login.worldState) login.worldState = Object.assign({}, login.worldState, { gamemode: 'creative' })
  else if ('gameMode' in login) login.gameMode = 1
  client.write('login', login)
  center(client, 0, 0)
  const first = []
  for (let x = -1; x <= 1; x++) for (let z = -1; z <= 1; z++) first.push([x, z])
  sendColumns(client, first)
  teleport(client, 1, 8.5, 66, 8.5)
  client.write('update_health', { health: 20, food: 20, foodSaturation: 5 })
  setTimeout(() => {
    teleport(client, 2, 24.5, 66, 8.5)
    for (let z = -1; z <= 1; z++) {
      if (types.packet_unload_chunk) client.write('unload_chunk', { chunkX: -1, chunkZ: z })
      // before 1.9: a full column without sections unloads it
      else client.write('map_chunk', { x: -1, z, groundUp: true, bitMap: 0, chunkData: Buffer.alloc(0) })
    }
    center(client, 1, 0)
    sendColumns(client, [[2, -1], [2, 0], [2, 1]])
  }, 3000)
  if (withScoreboard) setTimeout(() => scoreboard(client), 2000)
  setTimeout(() => chat(client, 'welcome, ' + client.username), 5000)
  if (withScoreboard) setTimeout(() => scoreboardAgain(client), 8000)
  setTimeout(() => { log(client.username, 'disconnect'); client.end('bye ' + client.username) }, 14000)
})
const life = parseFloat(lifeS || '60')
setTimeout(() => { console.log('server lifetime over'); process.exit(0) }, life * 1000)
process.on('SIGTERM', () => process.exit(0))
