// RakNet's two wire layouts as versions of one protocol (core::Version):
//
//   mcpe-0.x RakNet as seed 002 documents it (Minecraft Pocket Edition 0.x,
//            RakNet protocol 5): Unconnected Ping without a client GUID
//            (25 bytes), Open Connection Reply 2 with the client's port
//            only (30 bytes), Connected Pong with one time (9 bytes).
//   current  RakNet 4.081 and later, as today's implementations write it
//            (jsp-raknet, raknet-native / Oculus RakNet, Bedrock): ping with
//            a GUID (33), reply 2 with the client's address (35 for IPv4),
//            pong with the ping's and the pong's times (17).
//
// Everything else is the same in both. A connection's version is chosen
// once, from the first message whose length tells the layouts apart
// (evidence()); before that it is decoded as `current`, which reads every
// message that comes earlier (Open Connection Request/Reply 1, Request 2)
// exactly as `mcpe-0.x` does.
//
// Each version has two message tables, both keyed by a message's first
// byte: kPacketTable for UDP payloads (offline messages, datagrams, ACK,
// NAK) and kMessageTable for the bodies of frames (RakNet's system
// messages: connected ping/pong, connection request/accepted, new incoming
// connection, disconnection notification, ...). Bodies with a first byte of
// 0x80 or more are the application's (MCPE game packets, the 0xFE wrapper).
#pragma once

#include <cstdint>
#include <vector>

#include "core/message.hpp"

namespace raknet {

enum class Generation : uint8_t { Seed002, Current };

struct VersionInfo {
    Generation gen;
    const char* name;  // "mcpe-0.x", "current"
    core::Version version;
    std::vector<core::MessageTable> tables;  // what version.tables points to
};

const VersionInfo& version(Generation g);
const std::vector<const VersionInfo*>& versions();

constexpr uint32_t kPacketTable = 0;   // UDP payloads
constexpr uint32_t kMessageTable = 1;  // frame bodies (system messages)

// Decoder variables a front end passes in DecodeContext::vars (the
// connection's state): Open Connection Reply 1's "use security" flag
// decides what Open Connection Request 2 carries.
constexpr uint32_t kVarSecurity = 0;
constexpr uint32_t kVarCount = 1;

// What a message's length says about the layout.
enum class Evidence : uint8_t { None, Seed002, Current };
Evidence evidence(uint32_t table, uint8_t id, uint32_t length);

}  // namespace raknet
