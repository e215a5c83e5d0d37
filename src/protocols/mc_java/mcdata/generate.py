#!/usr/bin/env python3
"""Turns minecraft-data's protocol descriptions of Minecraft Java Edition into
blankshark's generated tables (tables_generated.cpp beside this file).

minecraft-data (npm package, MIT) describes each release's protocol in
ProtoDef JSON (data/pc/<release>/protocol.json). This reads every release
from 1.8 on (snapshots, pre-releases and release candidates left out), and
writes:

  - every packet layout and every named type once, as minified ProtoDef JSON
    (most are the same from one release to the next);
  - per distinct protocol description: its packets (state, direction, id,
    stable key, display name, layout) and the named types its layouts use;
  - every release name with its protocol number and description.

Packet keys and names are blankshark's own where names.tsv (beside this
file) maps minecraft-data's name to ours, so that a filter keeps its name on
every version; otherwise minecraft-data's name is the key and the display
name is made from it.

Regenerate (Node.js' npm fetches the pinned package; nothing else needed):

    python3 src/protocols/mc_java/mcdata/generate.py --fetch

or, with the package already unpacked somewhere:

    python3 src/protocols/mc_java/mcdata/generate.py --package DIR

Standard library only; the output is the same for the same package.
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from minecraft_data_tables import (Pool, cstr, data_dir, description_row, distinct, main,  # noqa: E402
                                   packet_switch, release_entries, title, write_tables)

STATES = ["handshaking", "status", "login", "configuration", "play"]
DIRECTIONS = [("toServer", "serverbound"), ("toClient", "clientbound")]
FIRST_PROTOCOL = 47  # 1.8
SNAPSHOT = re.compile(r"w|pre|rc")


def load_names():
    """(state, direction, minecraft-data name) -> (key, display name)."""
    names = {}
    with open(os.path.join(HERE, "names.tsv"), encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            state, direction, theirs, key, display = line.rstrip("\n").split("\t")
            names[(state, direction, theirs)] = (key, display)
    return names


def releases(data):
    """[(release name, protocol number, protocol.json path, blocks.json path)], oldest first."""
    return [(name, protocol, entry["protocol"], entry.get("blocks")) for name, protocol, entry in
            release_entries(data, "pc", FIRST_PROTOCOL) if not SNAPSHOT.search(name)]


def air_states(data, blocks_path):
    """The global palette ids of air, void_air and cave_air (0 where a release has none:
    before 1.13 a block state is the block id times 16 plus its metadata, and air's is 0)."""
    if not blocks_path:
        return (0, 0, 0)
    blocks = {b["name"]: b for b in json.load(open(os.path.join(data, blocks_path, "blocks.json"), encoding="utf-8"))}
    return tuple(blocks[n].get("minStateId", 0) if n in blocks else 0 for n in ("air", "void_air", "cave_air"))


def packet_map(direction_types):
    """{id: name} and {name: layout type name} of one state and direction."""
    return packet_switch(direction_types["packet"])


def display_names(descriptions, names):
    """(state, direction, minecraft-data name) -> (key, display name), the same on
    every version. names.tsv's where it has the packet; a packet of another
    state that play also has under the same name (the configuration state's
    Keep Alive, Plugin Message, Disconnect) takes play's key and name;
    otherwise minecraft-data's name is the key and its title the name. Names
    not from names.tsv are qualified by state and direction where the plain
    one would be ambiguous (as 'Keep Alive (configuration, clientbound)')."""
    seen = {}  # (state, direction, theirs)
    for protocol in descriptions:
        for state in STATES:
            for direction, _ in DIRECTIONS:
                ids, _ = protocol.get((state, direction), ({}, {}))
                for theirs in ids.values():
                    seen[(state, direction, theirs)] = True

    def plain(k):  # (key, unqualified name)
        if k in names:
            return names[k][0], re.sub(r" \(.*\)$", "", names[k][1])
        if ("play",) + k[1:] in names:
            return plain(("play",) + k[1:])
        return k[2], title(k[2])

    places = {}
    for k in seen:
        places.setdefault(plain(k)[1], set()).add(k[:2])
    out = {}
    for k in seen:
        if k in names:
            out[k] = names[k]
            continue
        (state, direction, _), (key, name) = k, plain(k)
        qualifiers = []
        if len({s for s, _ in places[name]}) > 1:
            qualifiers.append(state)
        if len({d for s, d in places[name] if s == state}) > 1:
            qualifiers.append(dict(DIRECTIONS)[direction])
        out[k] = (key, name + (f" ({', '.join(qualifiers)})" if qualifiers else ""))
    return out


def generate(package, out_path):
    data = data_dir(package)
    names = load_names()
    rels = releases(data)

    described = distinct(path for _, _, path, _ in rels)  # distinct protocol.json paths, oldest first
    parsed = {}
    for path in described:
        proto = json.load(open(os.path.join(data, path, "protocol.json"), encoding="utf-8"))
        parsed[path] = proto
    per_path = {}
    for path, proto in parsed.items():
        d = {}
        for state in STATES:
            if state not in proto:
                continue
            for direction, _ in DIRECTIONS:
                d[(state, direction)] = packet_map(proto[state][direction]["types"])
        per_path[path] = d
    shown = display_names(per_path.values(), names)

    layouts = Pool()
    lines_tables, lines_packets, lines_types = [], [], []
    packet_count = type_count = 0
    for path in described:
        proto = parsed[path]
        protocol = next(p for _, p, q, _ in rels if q == path)
        first_packet, first_type = packet_count, type_count
        for scope, types in [("", proto["types"])] + [
                (f"{state}.{direction}", proto[state][direction]["types"])
                for state in STATES if state in proto for direction, _ in DIRECTIONS]:
            for tname, tvalue in types.items():
                if scope and (tname == "packet" or tname.startswith("packet_")):
                    continue
                lines_types.append(f"    {{{cstr(scope)}, {cstr(tname)}, {layouts.add(tvalue)}}},")
                type_count += 1
        for state in STATES:
            if state not in proto:
                continue
            for direction, side in DIRECTIONS:
                ids, fields = per_path[path][(state, direction)]
                types = proto[state][direction]["types"]
                for pid in sorted(ids):
                    theirs = ids[pid]
                    key, display = shown[(state, direction, theirs)]
                    layout_name = fields.get(theirs)
                    # A state's own packet_x type, else a type of the whole protocol by name
                    # ("packet_common_transfer"), written as that name.
                    layout = layouts.add(types[layout_name] if layout_name in types else layout_name or "void")
                    lines_packets.append(
                        f"    {{{cstr(state)}, core::Side::{'Client' if side == 'serverbound' else 'Server'}, "
                        f"0x{pid:02X}, {cstr(key)}, {cstr(theirs)}, {cstr(display)}, {layout}}},")
                    packet_count += 1
        lines_tables.append(description_row(protocol, path, first_packet, packet_count, first_type, type_count))

    lines_releases = [f"    {{{cstr(name)}, {protocol}, {described.index(path)}, "
                      f"{{{', '.join(str(a) for a in air_states(data, blocks))}}}}},"
                      for name, protocol, path, blocks in rels]
    write_tables(out_path, "mcjava::mcdata", len(rels), len(described), packet_count, layouts,
                 {"Packet": lines_packets, "NamedType": lines_types, "Description": lines_tables,
                  "Release": lines_releases})


if __name__ == "__main__":
    main(__doc__, generate, os.path.join(HERE, "tables_generated.cpp"))
