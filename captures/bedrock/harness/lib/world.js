'use strict'
// The little world the harness's server sends: a flat column of stone (y 0..2), dirt (3) and grass
// (4) above air (from 1.18 stone from y -64), biome plains, made and network-encoded by prismarine-chunk (runtime block ids from
// minecraft-data's block states of the release). Releases before 1.18 get whole chunks in Level Chunk;
// from 1.18 the server uses sub-chunk requests: Level Chunk carries the biomes and the number of
// sub-chunks (-4 .. 0 hold blocks) and the client asks for the sub-chunks with Sub Chunk Request.
const Stream = require('prismarine-chunk/src/bedrock/common/Stream')

function makeWorld (version) {
  const registry = require('prismarine-registry')('bedrock_' + version)
  const major = Number(version.split('.')[0]) * 100 + Number(version.split('.')[1])
  const Chunk = major >= 122 // 1.26.x: prismarine-chunk 1.41.0 has no entry, its 1.18 format is today's
    ? require('prismarine-chunk/src/bedrock/1.18/chunk')(registry)
    : require('prismarine-chunk')(registry)
  const subChunkRequests = major >= 118
  const b = registry.blocksByName
  const stone = b.stone.defaultState
  const dirt = b.dirt.defaultState
  const grass = (b.grass_block || b.grass).defaultState
  const plains = registry.biomesByName && registry.biomesByName.plains ? registry.biomesByName.plains.id : 1
  // one template column, encoded once: every column of this world is the same
  const c = new Chunk({ x: 0, z: 0 })
  c.compactOnSave = true // palettes no wider than the blocks need (a one-block sub-chunk: 0 bits)
  for (let x = 0; x < 16; x++) {
    for (let z = 0; z < 16; z++) {
      for (let y = subChunkRequests ? -64 : 0; y < 3; y++) c.setBlockStateId({ x, y, z }, stone)
      c.setBlockStateId({ x, y: 3, z }, dirt)
      c.setBlockStateId({ x, y: 4, z }, grass)
      if (subChunkRequests) for (let y = -64; y < -48; y++) c.setBiomeId({ x, y, z }, plains)
      else c.setBiomeId({ x, y: 0, z }, plains)
    }
  }
  return {
    subChunkRequests,
    lowestSubChunk: subChunkRequests ? -4 : 0,
    highestSubChunk: 0, // sub-chunks above 0 are all air
    async levelChunkPayload () {
      if (!subChunkRequests) return c.networkEncodeNoCache() // sections + 256 biome bytes + border byte
      const s = new Stream()
      c.writeBiomes(s)
      return Buffer.concat([s.getBuffer(), Buffer.from([0])]) // 24 biome sections + no border blocks
    },
    async subChunkPayload (y) { // y: sub-chunk index (-4..19); null: all air
      if (y > 0) return null
      // prismarine-chunk 1.41.0 writes the sub-chunk's y index with writeUInt8, which throws for
      // the negative ones; the byte is a signed int8 on the wire, so hand it the same byte unsigned
      const sec = c.getSectionAtIndex(y)
      const keep = sec.y
      sec.y = y & 0xff
      try { return await c.networkEncodeSubChunkNoCache(y) } finally { sec.y = keep }
    }
  }
}
module.exports = { makeWorld }
