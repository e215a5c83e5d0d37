#!/usr/bin/env python3
"""Turns minecraft-data's protocol descriptions of Minecraft Bedrock Edition
into blankshark's generated tables (tables_generated.cpp beside this file).

minecraft-data (npm package, MIT) describes each Bedrock release's protocol
in ProtoDef JSON (data/bedrock/<release>/protocol.json): one type
`mcpe_packet` (a VarInt id mapped to a name, a switch from the name to the
packet's layout `packet_<name>`) and the named types the layouts use. This
reads every release from 1.16.201 on (0.14, 0.15 and 1.0 are Pocket Edition
layouts of another shape) and writes:

  - every packet layout and every named type once, as minified ProtoDef JSON
    (most are the same from one release to the next);
  - per distinct protocol description: its packets (id, minecraft-data's
    name, display name, layout) and its named types;
  - every release name with its protocol number and description.

A packet's key is minecraft-data's name ("level_chunk"), the same in every
release; its display name is made from it ("Level Chunk").

Regenerate (Node.js' npm fetches the pinned package; nothing else needed):

    python3 src/protocols/bedrock/mcdata/generate.py --fetch

or, with the package already unpacked somewhere:

    python3 src/protocols/bedrock/mcdata/generate.py --package DIR

Standard library only; the output is the same for the same package.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))
from minecraft_data_tables import (Pool, cstr, data_dir, description_row, distinct, main,  # noqa: E402
                                   packet_switch, release_entries, title, write_tables)

FIRST_PROTOCOL = 422  # 1.16.201: the oldest description in today's shape


def releases(data):
    """[(release name, protocol number, protocol.json folder)], oldest first."""
    return [(name, protocol, entry["protocol"]) for name, protocol, entry in
            release_entries(data, "bedrock", FIRST_PROTOCOL)]


def generate(package, out_path):
    data = data_dir(package)
    rels = releases(data)
    described = distinct(path for _, _, path in rels)  # distinct protocol.json folders, oldest first

    layouts = Pool()
    lines_tables, lines_packets, lines_types = [], [], []
    packet_count = type_count = 0
    for path in described:
        types = json.load(open(os.path.join(data, path, "protocol.json"), encoding="utf-8"))["types"]
        protocol = next(p for _, p, q in rels if q == path)
        first_packet, first_type = packet_count, type_count
        ids, layout_names = packet_switch(types["mcpe_packet"])
        packet_layouts = set(layout_names.values())
        for tname, tvalue in types.items():
            if tname == "mcpe_packet" or tname in packet_layouts:
                continue
            lines_types.append(f"    {{{cstr(tname)}, {layouts.add(tvalue)}}},")
            type_count += 1
        for pid in sorted(ids):
            theirs = ids[pid]
            layout_name = layout_names.get(theirs)
            layout = layouts.add(types[layout_name] if layout_name in types else layout_name or "void")
            lines_packets.append(f"    {{{pid}, {cstr(theirs)}, {cstr(title(theirs))}, {layout}}},")
            packet_count += 1
        lines_tables.append(description_row(protocol, path, first_packet, packet_count, first_type, type_count))

    lines_releases = [f"    {{{cstr(name)}, {protocol}, {described.index(path)}}},"
                      for name, protocol, path in rels]
    write_tables(out_path, "bedrock::mcdata", len(rels), len(described), packet_count, layouts,
                 {"Packet": lines_packets, "NamedType": lines_types, "Description": lines_tables,
                  "Release": lines_releases})


if __name__ == "__main__":
    main(__doc__, generate, os.path.join(HERE, "tables_generated.cpp"))
