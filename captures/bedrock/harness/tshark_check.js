'use strict'
// Reads a capture with tshark's own RakNet dissector (Wireshark 4.0 here; "-d udp.port==19132,raknet")
// and compares its counts per connection and direction with count.js's (--json): offline messages,
// data datagrams, ACK and NAK datagrams, frames, split fragments, reassembled messages, system messages
// by id. Lists the frames tshark calls malformed (an exception, not the "subdissector failed" notes every
// 0xFE game message gets: Wireshark 4.0 has no Bedrock dissector) and the expert summary.
// usage: node tshark_check.js FILE.pcap COUNT.json   (run tshark as an unprivileged user if root is refused)
const { execFileSync } = require('child_process')
const fs = require('fs')
const [file, countJson] = process.argv.slice(2)
const counts = JSON.parse(fs.readFileSync(countJson, 'utf8'))
const fields = ['frame.protocols', 'frame.number', 'ip.src', 'udp.srcport', 'ip.dst', 'udp.dstport', 'raknet.offline.message.id', 'raknet.packet.type', 'raknet.message.reliability', 'raknet.split.index', 'raknet.system.message.id', 'raknet.reassembled.in', '_ws.expert.message', '_ws.col.Info']
const out = execFileSync('tshark', ['-r', file, '-d', 'udp.port==19132,raknet', '-T', 'fields', '-E', 'separator=\t', '-E', 'occurrence=a', '-E', 'aggregator=|', ...fields.flatMap(f => ['-e', f])], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).toString()
const per = new Map()
const malformed = []
for (const line of out.split('\n')) {
  if (!line) continue
  const v = line.split('\t'); const g = (n) => v[fields.indexOf(n)] || ''
  const fromClient = g('udp.dstport') === '19132'
  const client = fromClient ? `${g('ip.src')}:${g('udp.srcport')}` : `${g('ip.dst')}:${g('udp.dstport')}`
  if (g('udp.srcport') === g('udp.dstport')) continue
  if (!per.has(client)) per.set(client, { c2s: newc(), s2c: newc() })
  const d = per.get(client)[fromClient ? 'c2s' : 's2c']
  if (g('raknet.offline.message.id')) d.offline++
  const type = parseInt(g('raknet.packet.type') || 'x')
  if (!isNaN(type)) { if (type & 0x40) d.ack++; else if (type & 0x20) d.nak++; else d.datagrams++ }
  const rel = g('raknet.message.reliability'); if (rel) d.frames += rel.split('|').length
  const si = g('raknet.split.index'); if (si) d.split += si.split('|').length
  const sys = g('raknet.system.message.id'); if (sys) for (const x of sys.split('|')) d.system[x] = (d.system[x] || 0) + 1
  if (/Malformed Packet|Exception occurred/.test(g('_ws.expert.message')) || /Malformed Packet/.test(g('_ws.col.Info'))) {
    // which dissector threw: Wireshark 4.0's MCPE dissector (Pocket Edition 0.x) claims some 0xFE
    // messages by heuristic and fails on Bedrock batches; RakNet's own exception is its Connection Request quirk
    const layer = g('frame.protocols').endsWith(':mcpe') ? 'MCPE 0.x dissector' : 'RakNet'
    malformed.push(`${g('frame.number')} ${layer} (${g('_ws.col.Info').replace(/\s+/g, ' ').slice(0, 50)})`)
  }
}
function newc () { return { offline: 0, datagrams: 0, ack: 0, nak: 0, frames: 0, split: 0, system: {} } }
const rows = []
let differ = 0
for (const c of counts.connections) {
  const t = per.get(c.client)
  for (const dir of ['c2s', 's2c']) {
    const mine = c[dir]; const ts = t ? t[dir] : newc()
    const pairs = [
      ['offline messages', Object.values(mine.offline).reduce((a, b) => a + b, 0), ts.offline],
      ['data datagrams', mine.datagrams, ts.datagrams],
      ['ACK datagrams', mine.ack.datagrams, ts.ack],
      ['NAK datagrams', mine.nak.datagrams, ts.nak],
      ['frames', mine.frames, ts.frames],
      ['split fragments', mine.split_fragments, ts.split]
    ]
    for (const [n, a, b] of pairs) { if (a !== b) differ++; rows.push(`${c.client} ${dir} ${n}: count.js ${a}, tshark ${b}${a === b ? '' : '  <-- DIFFERS'}`) }
  }
}
const expert = execFileSync('tshark', ['-r', file, '-d', 'udp.port==19132,raknet', '-q', '-z', 'expert'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
console.log(rows.join('\n'))
console.log(`values compared: ${rows.length}, differ: ${differ}`)
console.log(`frames tshark marks malformed (exception): ${malformed.length ? malformed.join(', ') : 'none'}`)
console.log('tshark -z expert:\n' + expert.split('\n').filter(l => /^\s+\d+\s/.test(l) || /\(\d+\)$/.test(l)).join('\n'))
process.exitCode = differ ? 1 : 0
