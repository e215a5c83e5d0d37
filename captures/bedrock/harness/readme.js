'use strict'
// Puts count.js's report and tshark_check.js's summary of each capture into ../README.md, between the
// lines "<!-- counts NAME -->" and "<!-- /counts NAME -->", or (--check) says whether the README still
// has what the files in DIR say.
// usage: node readme.js README.md DIR [--check]   (DIR holds NAME.count.md and NAME.tshark.txt, as
//        count-one.sh writes them)
const fs = require('fs')
const path = require('path')
const [readme, dir, check] = process.argv.slice(2)
let text = fs.readFileSync(readme, 'utf8')
let stale = 0
text = text.replace(/<!-- counts (\S+) -->\n[\s\S]*?<!-- \/counts \1 -->/g, (all, name) => {
  const count = fs.readFileSync(path.join(dir, name + '.count.md'), 'utf8').trim()
  const ts = fs.readFileSync(path.join(dir, name + '.tshark.txt'), 'utf8').split('\n')
  const compared = ts.find(l => l.startsWith('values compared')) || ''
  const malformed = ts.find(l => l.startsWith('frames tshark marks malformed')) || ''
  const expert = ts.slice(ts.findIndex(l => l.startsWith('tshark -z expert')) + 1).filter(Boolean).map(l => l.trim().replace(/\s+/g, ' '))
  const body = [`<!-- counts ${name} -->`, '', count, '',
    `tshark 4.0.17 (\`-d udp.port==19132,raknet\`) against count.js, per connection and direction (offline messages, data datagrams, ACK, NAK, frames, split fragments): ${compared}. Malformed: ${malformed.replace('frames tshark marks malformed (exception): ', '')}. Expert summary: ${expert.join('; ')}.`,
    '', `<!-- /counts ${name} -->`].join('\n')
  if (body !== all) stale++
  return body
})
if (check) { console.log(stale ? `${stale} section(s) differ from ${dir}` : 'README sections agree with ' + dir); process.exitCode = stale ? 1 : 0 } else { fs.writeFileSync(readme, text); console.log('sections written; ' + stale + ' changed') }
