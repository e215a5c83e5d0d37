// Minecraft Bedrock in Wireshark: its protocol (`bedrock`, registered from
// outside the catalog as a protocol RakNet carries), its key log preference
// and how one batch is shown. The RakNet dissector (../raknet/) feeds the
// core's bedrock::Session and calls show_batch() for each batch a frame
// handed on; everything shown comes from the core's tables
// (src/protocols/bedrock/).
#pragma once

#include <epan/packet.h>

#include <cstddef>

#include "../raknet/tap_info.hpp"
#include "core/finding.hpp"
#include "protocols/bedrock/session.hpp"

namespace bedrock_plugin {

// A run of one Bedrock packet type in the Info column ("Level Chunk x29"),
// as the analyzer's summary line folds it; flush() when something else is
// written in between.
struct InfoRun {
    const char* last = nullptr;
    uint32_t repeats = 0;
    void add(const char* name, char* info, size_t info_size);
    void flush(char* info, size_t info_size);
};

// The batch as a `bedrock` item in `tree`: over `tvb` (its RakNet message),
// or over nothing when RakNet ordering held it back to this frame; its
// analysis and findings, then each packet over the decompressed bytes (a
// data source of their own). Its packets' names go to `info` (through
// `run`) and to `tap`.
void show_batch(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, const bedrock::Batch& b, char* info,
                size_t info_size, InfoRun& run, raknet_plugin::TapInfo* tap);

// A finding of Bedrock's table, and its expert info on `item`.
bool is_finding(const core::Finding& f);
void report(packet_info* pinfo, proto_item* item, const core::Finding& f);

// The key log (preference bedrock.keylog_file, else $MINECRAFT_KEY_LOG_FILE),
// read at the first connection of each capture; null without keys.
const bedrock::KeyLog* key_log();

}  // namespace bedrock_plugin
