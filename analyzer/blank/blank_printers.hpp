// blank's packet as decode prints it: a summary line, a field tree (-V), a
// JSON object (the packet head every protocol's starts with, then each field
// under its filter name, ack history seqs and repeated fields as lists).
// Each shows the packet's fields and then what the analysis found of the
// frame (generated fields and findings).
#pragma once

#include "blank/blank_flows.hpp"
#include "output.hpp"
#include "protocols/blank/analysis.hpp"

namespace blankshark {

// "ChunkBegin seq=2 ack=1 transmission=1 coords=(0, 0, 0) size=45", after
// the line prefix.
void print_blank_summary(Output& out, const BlankPacket& p, const blank::FrameAnalysis& fa);
// The summary line, then an indented field tree with findings, like tshark -V.
void print_blank_tree(Output& out, const BlankPacket& p, const blank::FrameAnalysis& fa);
// One JSON object, one line.
void print_blank_json(Output& out, const BlankPacket& p, const blank::FrameAnalysis& fa);

}  // namespace blankshark
