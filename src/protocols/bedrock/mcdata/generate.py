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

import argparse
import json
import os
import subprocess
import sys
import tempfile

PACKAGE = "minecraft-data"
VERSION = "3.119.0"  # the package version the committed tables come from

HERE = os.path.dirname(os.path.abspath(__file__))
FIRST_PROTOCOL = 422  # 1.16.201: the oldest description in today's shape


def fetch(dest):
    """Unpacks the pinned package into dest with npm; returns its directory."""
    subprocess.run(["npm", "pack", "--silent", f"{PACKAGE}@{VERSION}"], cwd=dest, check=True,
                   stdout=subprocess.DEVNULL)
    tarball = os.path.join(dest, f"{PACKAGE}-{VERSION}.tgz")
    subprocess.run(["tar", "-xzf", tarball, "-C", dest], check=True)
    return os.path.join(dest, "package")


def compact(value):
    return json.dumps(value, separators=(",", ":"), sort_keys=False)


def title(name):
    return " ".join(w[:1].upper() + w[1:] for w in name.split("_") if w)


def cstr(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def releases(data):
    """[(release name, protocol number, protocol.json folder)], oldest first."""
    paths = json.load(open(os.path.join(data, "dataPaths.json"), encoding="utf-8"))["bedrock"]
    out = []
    for name, entry in paths.items():  # dataPaths lists releases oldest first
        if "protocol" not in entry or "version" not in entry:
            continue
        version = json.load(open(os.path.join(data, entry["version"], "version.json"), encoding="utf-8"))
        if version["version"] < FIRST_PROTOCOL:
            continue
        out.append((name, version["version"], entry["protocol"]))
    return out


def packet_map(types):
    """{id: minecraft-data name} and {name: layout type name} of a description."""
    fields = types["mcpe_packet"][1]
    mapper = next(f for f in fields if f["name"] == "name")["type"]
    switch = next(f for f in fields if f["name"] == "params")["type"]
    ids = {int(k, 16) if k.startswith("0x") else int(k): v for k, v in mapper[1]["mappings"].items()}
    return ids, switch[1]["fields"]


class Pool:
    """Each distinct JSON text once; its index."""

    def __init__(self):
        self.texts, self.index = [], {}

    def add(self, value):
        text = compact(value)
        if text not in self.index:
            self.index[text] = len(self.texts)
            self.texts.append(text)
        return self.index[text]


def generate(package, out_path):
    data = os.path.join(package, "minecraft-data", "data")
    if not os.path.isdir(data):
        data = os.path.join(package, "data")
    rels = releases(data)
    described = []  # distinct protocol.json folders, oldest first
    for _, _, path in rels:
        if path not in described:
            described.append(path)

    layouts = Pool()
    lines_tables, lines_packets, lines_types = [], [], []
    packet_count = type_count = 0
    for path in described:
        types = json.load(open(os.path.join(data, path, "protocol.json"), encoding="utf-8"))["types"]
        protocol = next(p for _, p, q in rels if q == path)
        first_packet, first_type = packet_count, type_count
        ids, layout_names = packet_map(types)
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
        lines_tables.append(f"    {{{protocol}, {cstr(path)}, {first_packet}, {packet_count - first_packet}, "
                            f"{first_type}, {type_count - first_type}}},")

    lines_releases = [f"    {{{cstr(name)}, {protocol}, {described.index(path)}}},"
                      for name, protocol, path in rels]
    layout_lines = []
    for text in layouts.texts:
        # Split long texts: string literals have an implementation limit.
        chunks = [text[i:i + 2000] for i in range(0, len(text), 2000)]
        layout_lines.append("    " + "\n    ".join(f'R"~({c})~"' for c in chunks) + ",")

    with open(out_path, "w", encoding="utf-8") as out:
        out.write(f"""// Generated by generate.py from {PACKAGE} {VERSION} (npm, MIT): do not edit.
// {len(rels)} releases, {len(described)} protocol descriptions, {packet_count} packets,
// {len(layouts.texts)} distinct layouts and named types (minified ProtoDef JSON).
#include "tables.hpp"

#include <iterator>

namespace bedrock::mcdata {{
namespace {{

const char* const kLayouts[] = {{
{chr(10).join(layout_lines)}
}};

const Packet kPackets[] = {{
{chr(10).join(lines_packets)}
}};

const NamedType kTypes[] = {{
{chr(10).join(lines_types)}
}};

const Description kDescriptions[] = {{
{chr(10).join(lines_tables)}
}};

const Release kReleases[] = {{
{chr(10).join(lines_releases)}
}};

}}  // namespace

const char* source() {{ return "{PACKAGE} {VERSION}"; }}
Span<Description> descriptions() {{ return {{kDescriptions, std::size(kDescriptions)}}; }}
Span<Release> releases() {{ return {{kReleases, std::size(kReleases)}}; }}
Span<Packet> packets(const Description& d) {{ return {{kPackets + d.first_packet, d.packet_count}}; }}
Span<NamedType> named_types(const Description& d) {{ return {{kTypes + d.first_type, d.type_count}}; }}
const char* layout(uint32_t index) {{ return index < std::size(kLayouts) ? kLayouts[index] : nullptr; }}

}}  // namespace bedrock::mcdata
""")
    print(f"{out_path}: {len(rels)} releases, {len(described)} descriptions, {packet_count} packets, "
          f"{len(layouts.texts)} layouts", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--package", help=f"an unpacked {PACKAGE} {VERSION} package directory")
    src.add_argument("--fetch", action="store_true", help=f"fetch {PACKAGE}@{VERSION} with npm into a temporary directory")
    ap.add_argument("--out", default=os.path.join(HERE, "tables_generated.cpp"))
    args = ap.parse_args()
    if args.fetch:
        with tempfile.TemporaryDirectory() as tmp:
            generate(fetch(tmp), args.out)
    else:
        package = json.load(open(os.path.join(args.package, "package.json"), encoding="utf-8"))
        if package.get("version") != VERSION:
            sys.exit(f"{args.package} is {PACKAGE} {package.get('version')}, not the pinned {VERSION}")
        generate(args.package, args.out)


if __name__ == "__main__":
    main()
