'use strict'
// What server.js and client.js share: the capture's settings, its output names, the release's packet
// builder and a log line with the time since the process started.
const path = require('path')
const scenario = require('../scenarios')
const hooks = require('./hooks')
const { packetsFor } = require('./packets')

function session (role) {
  const [name, outDir] = process.argv.slice(2)
  const sc = scenario(name)
  const T0 = Date.now()
  if (sc.honourThreshold) hooks.honourThreshold()
  return {
    sc,
    world: scenario.world,
    out: (ext) => path.join(outDir, name + ext),
    P: packetsFor(sc.version),
    log: (...a) => console.log(`[${role} ${((Date.now() - T0) / 1000).toFixed(3)}]`, ...a)
  }
}
module.exports = { session }
