'use strict'
// Packets of one release built from minecraft-data's description: defaults (lib/defaults.js) with the
// values the session sets. The names of fields that moved between releases are given in all their
// spellings; the serialiser takes the ones the release has and ignores the rest.
const { makeDefaults } = require('./defaults')

function packetsFor (version) {
  const data = require('minecraft-data')('bedrock_' + version)
  const types = data.protocol.types
  const build = makeDefaults(data.protocol)
  const has = (name) => types['packet_' + name] !== undefined
  const authFields = types.packet_player_auth_input[1]
  const inputType = authFields.find(f => f.name === 'input_data').type
  const flagsAreList = Array.isArray(inputType) && inputType[0] === 'array' // 1.21.x+: a list of flag names
  const flagNames = JSON.stringify(types[flagsAreList ? inputType[1].type : inputType] || inputType)
  const newSubChunk = JSON.stringify(types.packet_subchunk || '').includes('SubChunkEntry"') && JSON.stringify(types.SubChunkEntry || '').includes('render_heightmap')
  return {
    data,
    build,
    has,
    // input flags as the release writes them: bitflags object before, list of names after
    inputData (flags) {
      const known = flags.filter(f => flagNames.includes('"' + f + '"'))
      return flagsAreList ? known : Object.fromEntries(known.map(f => [f, true]))
    },
    // Sub Chunk entries: 1.18-1.21.x a 256-byte height map when there is one; later releases (26.x in
    // minecraft-data) an optional payload, 16 rows of height values and a render height map as well
    subChunkEntry (e) {
      if (!newSubChunk) return { ...e, heightmap: e.heights ? Buffer.alloc(256, e.heights) : undefined }
      const rows = e.heights ? Array.from({ length: 16 }, () => new Array(16).fill(e.heights)) : undefined
      return { ...e, payload: e.payload.length ? e.payload : undefined, heightmap: rows, render_heightmap_type: e.heightmap_type, render_heightmap: rows }
    },
    // a requested offset: dx/dy/dz until 1.21.x, x/y/z later
    offset: (r) => ({ dx: r.dx ?? r.x, dy: r.dy ?? r.y, dz: r.dz ?? r.z }),
    requestOffset: (dx, dy, dz) => ({ dx, dy, dz, x: dx, y: dy, z: dz }),
    hasDisconnectReason: JSON.stringify(types.packet_disconnect).includes('"reason"'),
    latency (timestamp, needsResponse) { // 1.16.201 calls the second field unknown_flag
      return build('network_stack_latency', { timestamp, needs_response: needsResponse, unknown_flag: needsResponse })
    }
  }
}
module.exports = { packetsFor }
