// Preloaded into server.js for the encrypted captures (capture.sh with MC_ENCRYPT=1 runs
// `node -r ./encrypted-login.js server.js ...`; server.js itself is unchanged).
//
// Encrypted logins without contacting Mojang. minecraft-protocol 1.68.0's server (src/server/login.js)
// sends Encryption Request when needToVerify = (onlineMode && !isException) || (!onlineMode && isException),
// switches to AES-128/CFB8 after the Encryption Response and then asks a session server hasJoined.
// Here the server stays in offline mode (offline UUIDs, as in the other captures) and the bot names
// (MC_ENCRYPT_USERS, default alice,bob) are made onlineModeExceptions, so it encrypts. The session
// server is a fake one on 127.0.0.1:MC_SESSION_PORT (default 25599; not the captured port):
// minecraft-protocol's server calls yggdrasil.server({ agent }) without a host, so yggdrasil's
// server() is wrapped to add host = the fake session server. Nothing else changes.
const http = require('http')
const yggdrasil = require('yggdrasil')
const mc = require('minecraft-protocol')
const { nameToMcOfflineUUID } = require('minecraft-protocol/src/datatypes/uuid')

const sessionPort = parseInt(process.env.MC_SESSION_PORT || '25599')
const sessionHost = 'http://127.0.0.1:' + sessionPort
const origYggServer = yggdrasil.server
yggdrasil.server = (o) => origYggServer(Object.assign({}, o, { host: sessionHost }))

http.createServer((req, res) => {
  const u = new URL(req.url, sessionHost)
  const name = u.searchParams.get('username')
  console.log('fake session server:', req.method, u.pathname, 'username', name, 'serverId', u.searchParams.get('serverId'))
  if (u.pathname !== '/session/minecraft/hasJoined' || !name) { res.writeHead(204); res.end(); return }
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify({ id: nameToMcOfflineUUID(name).replace(/-/g, ''), name, properties: [] }))
}).listen(sessionPort, '127.0.0.1')

// flying-squid takes createServer from minecraft-protocol's exports when it is loaded (after this file)
const origCreateServer = mc.createServer
mc.createServer = (options) => {
  const server = origCreateServer(options)
  for (const n of (process.env.MC_ENCRYPT_USERS || 'alice,bob').split(',')) server.onlineModeExceptions[n.toLowerCase()] = true
  server.serverKey // generate the 1024-bit RSA key pair now, not during the first login
  return server
}
