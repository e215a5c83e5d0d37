'use strict'
// The resource pack the server offers: a deterministic byte string of the configured size (a zip's
// worth of pseudo-random bytes, so compression cannot shrink it away), cut into chunks; its SHA-256
// is what Resource Pack Data Info announces and what the client checks.
const crypto = require('crypto')
function makePack ({ uuid, version, size, chunkSize }) {
  const parts = []
  let block = Buffer.from('blankshark resource pack ' + uuid)
  let n = 0
  while (n < size) { block = crypto.createHash('sha256').update(block).digest(); parts.push(block); n += block.length }
  const data = Buffer.concat(parts).subarray(0, size)
  const chunks = []
  for (let off = 0; off < size; off += chunkSize) chunks.push({ offset: off, data: data.subarray(off, Math.min(size, off + chunkSize)) })
  return { id: uuid + '_' + version, data, hash: crypto.createHash('sha256').update(data).digest(), chunkSize, chunks }
}
module.exports = { makePack }
