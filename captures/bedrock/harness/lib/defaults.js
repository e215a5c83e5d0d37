'use strict'
// Builds a plausible value for any type of minecraft-data's Bedrock protocol description (ProtoDef JSON):
// zeros, empty strings and arrays, the first name of a mapper, the branch a switch takes for the value
// already chosen. The harness's packets start from this and set the fields that matter (packets.js),
// so the same code serves every release: the server "sends only what it is given".
function makeDefaults (protocol) {
  const types = protocol.types
  function resolve (t) { // follow plain aliases to a native or parametrised type
    let guard = 0
    while (typeof t === 'string' && types[t] !== undefined && types[t] !== 'native' && guard++ < 50) t = types[t]
    return t
  }
  function lookup (path, ctx) {
    const parts = path.split('/')
    let c = ctx
    for (const p of parts) {
      if (p === '..') c = c && c.__parent
      else if (p !== '') { if (!c) return undefined; const v = c.obj[p]; if (v === undefined && c.__parent && parts.length === 1) return lookup(path, c.__parent); return v }
    }
    return undefined
  }
  const plain = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
  // ov: the values the caller wants at this level (an object for a container); a switch sees them
  function value (type, ctx, ov) {
    type = resolve(type)
    if (typeof type === 'string') return ov !== undefined ? ov : native(type)
    const [kind, o] = type
    if (kind === 'container' && ov !== undefined && !plain(ov)) return ov
    if (ov !== undefined && !['container', 'switch', 'encapsulated', 'array', 'option'].includes(kind)) return ov
    switch (kind) {
      case 'container': {
        const obj = {}
        const my = { obj, __parent: ctx }
        for (const f of o) {
          if (f.anon) {
            const v = value(f.type, my, ov)
            if (plain(v)) Object.assign(obj, v)
            continue
          }
          obj[f.name] = value(f.type, my, ov ? ov[f.name] : undefined)
        }
        return obj
      }
      case 'mapper': { const k = Object.keys(o.mappings); return o.mappings[k[0]] }
      case 'switch': {
        let cv = o.compareTo !== undefined ? lookup(o.compareTo, ctx) : o.compareToValue
        if (typeof cv === 'boolean') cv = String(cv)
        const branch = (cv !== undefined && o.fields[String(cv)] !== undefined) ? o.fields[String(cv)] : o.default
        return branch === undefined ? ov : value(branch, ctx, ov)
      }
      case 'array': return Array.isArray(ov) ? ov.map(e => value(o.type, ctx, e)) : []
      case 'maybeIncompleteArray': return []
      case 'option': return ov === undefined ? undefined : value(o, ctx, ov)
      case 'optionalOnRemaining': return undefined
      case 'bitflags': return {}
      case 'buffer': return Buffer.alloc(o.count || 0)
      case 'pstring': return ''
      case 'count': return 0
      case 'encapsulated': return value(o.type, ctx, ov)
      case 'enum_size_based_on_values_len': return 0
      default: throw new Error('defaults: unknown kind ' + kind)
    }
  }
  function native (n) {
    switch (n) {
      case 'bool': return false
      case 'void': return undefined
      case 'string': case 'cstring': case 'LittleString': case 'ShortString': case 'LatinString': return ''
      case 'uuid': return '00000000-0000-0000-0000-000000000000'
      case 'restBuffer': case 'ByteArray': case 'SignedByteArray': return Buffer.alloc(0)
      case 'varint64': case 'zigzag64': case 'i64': case 'u64': case 'li64': case 'lu64': return 0n
      case 'nbt': case 'lnbt': return { type: 'compound', name: '', value: {} }
      case 'nbtLoop': return []
      default: return 0
    }
  }
  // build('level_chunk', { x: 1, sub_chunk_count: -2, highest_subchunk_count: 5 })
  return (name, ov) => value(types['packet_' + name] ? 'packet_' + name : name, null, ov)
}
module.exports = { makeDefaults }
