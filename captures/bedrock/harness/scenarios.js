'use strict'
// One entry per capture: make-all.sh runs capture.sh for each name. The session is the same for all
// (see README "The session"); these say what differs.
//   version      release (minecraft-data's bedrock version); the package's protocol number follows
//   backend      RakNet back end of both sides: raknet-native (C++ RakNet) or jsp-raknet (JavaScript)
//   threshold    the NetworkSettings compression threshold the server announces (1.19.30+)
//   honourThreshold  encrypted batches follow the threshold too (lib/hooks.js honourThreshold)
//   loss         percent of UDP datagrams an nftables rule in the client's namespace drops, each way
//   end          kick: the server sends Disconnect (with a reason) and closes RakNet;
//                quit: the client sends Disconnect and closes RakNet;
//                silence: the client stops (SIGSTOP) and sends nothing more, no Disconnect, no RakNet
//                disconnect; the server times the connection out
//   packReRequest    the server leaves the first request for resource pack chunk 2 unanswered; the
//                client asks again after 1.5 s
//   unansweredSubChunkRequest  the server never answers the client's third Sub Chunk Request
const scenarios = {
  'bedrock-1.16.201': { version: '1.16.201', end: 'kick', packReRequest: true },
  'bedrock-1.19.21': { version: '1.19.21', end: 'quit', unansweredSubChunkRequest: true },
  'bedrock-1.20.50': { version: '1.20.50', end: 'silence' },
  'bedrock-1.21.0': { version: '1.21.0', end: 'kick' },
  'bedrock-1.26.60': { version: '1.26.60', end: 'kick', packReRequest: true, unansweredSubChunkRequest: true },
  'bedrock-1.26.60-nocompress': { version: '1.26.60', threshold: 65535, honourThreshold: true, end: 'quit' },
  'bedrock-1.26.60-lossy-10pct': { version: '1.26.60', threshold: 256, honourThreshold: true, loss: 10, end: 'kick' },
  'bedrock-1.26.60-jsp-raknet': { version: '1.26.60', backend: 'jsp-raknet', end: 'kick' }
}
const defaults = { backend: 'raknet-native', threshold: 512, honourThreshold: false, loss: 0, packReRequest: false, unansweredSubChunkRequest: false }
module.exports = (name) => {
  if (!scenarios[name]) throw new Error('unknown capture ' + name + '; known: ' + Object.keys(scenarios).join(' '))
  return { name, ...defaults, ...scenarios[name] }
}
module.exports.names = Object.keys(scenarios)
// The world and the timeline (seconds after the player spawned), the same in every capture.
module.exports.world = {
  host: '198.51.100.1', port: 19132,
  spawn: { x: 8.5, y: 5.62, z: 8.5 }, // eye position above the grass at y 4 (feet 4 + 1.62)
  chunkRadius: 3, requestedRadius: 4,
  pack: { uuid: '5d1e3b0a-8f1c-4c3e-9a57-1f2b3c4d5e6f', version: '1.0.0', size: 40000, chunkSize: 8192 },
  latencyEvery: 1.0,
  corrections: [{ at: 2.5, by: { x: 0.3, y: 0, z: 0 } }, { at: 4.0, by: { x: 0, y: 0.5, z: -1.2 } }, { at: 8.0, by: { x: 0.04, y: 0, z: 0.03 } }],
  teleport: { at: 5.5, by: { x: 24, y: 0, z: 0 } },
  chatAt: 3.0,
  stall: { at: 6.5, ms: 500, skipTicks: 10 },
  endAt: 11.0
}
