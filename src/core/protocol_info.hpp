// A protocol described as one object: what the front ends (the plugin's
// registration, the analyzer's port choices, the findings registry) need to
// know about it without naming it. Each protocol defines its instance in its
// own directory (protocols/<name>/protocol_info.cpp) from the constants it
// already has; protocols/catalog.hpp lists them all. The core knows no
// protocol: it only declares the shape.
#pragma once

#include <cstddef>
#include <cstdint>

#include "field_decl.hpp"

namespace core {

struct FindingTable;
struct Schema;

enum class Transport : uint8_t { Udp, Tcp };

// How a protocol's messages are cut out of what the transport delivers.
enum class FramingKind : uint8_t {
    Datagram,        // one message per UDP payload (blank)
    VarIntLength,    // VarInt length prefix, optionally compressed past a threshold (Minecraft Java)
    SelfDelimiting,  // no length: a message ends where parsing its id's layout ends (Minecraft Alpha)
    RakNet,          // RakNet datagrams: encapsulated, split, reordered messages (RakNet, and MCPE inside it)
};

// What a protocol's test makes of a client's first bytes.
enum class Looks : uint8_t { No, Yes, MoreBytes };

struct ProtocolInfo {
    const char* name;         // Wireshark's full name, "blank voxel game protocol"
    const char* short_name;   // Wireshark's short name, "BLANK"
    const char* filter_name;  // Wireshark's protocol filter name, "blank" (RakNet's: "bsraknet")
    // What the schema's fields and the findings start with: the filter name
    // but where Wireshark already has a protocol of that name (RakNet, MCPE).
    const char* field_prefix;
    const char* seeds;        // the reference document(s) in ../shared/seeds/, "004, 000"
    Transport transport;
    FramingKind framing;
    uint16_t default_port;         // 0: none of its own
    const char* port_preference;   // Wireshark's preference for it ("blank.udp.port"), nullptr if none
    // Another protocol this one is carried in (MCPE in RakNet), else nullptr.
    const ProtocolInfo* carried_by;
    const FindingTable& (*findings)();
    // The versions the protocol knows, oldest first, by name ("fa73e36",
    // "1.13.2"): what a version preference or option would list.
    size_t (*version_count)();
    const char* (*version_name)(size_t i);
    // Whether a payload (a datagram; a TCP client's first bytes) is this
    // protocol, for heuristic dissectors and the analyzer's dispatcher;
    // nullptr if the protocol has no such test. Wherever it appears, unless
    // looks_like_on_port_only.
    bool (*looks_like)(const uint8_t* p, size_t len);
    // Version i's compiled tables (i < version_count(); a protocol without a
    // version list has one, i = 0): every message's id and name, for what
    // lists or matches message types (the analyzer's -t).
    const Schema& (*schema)(size_t i);
    // looks_like is too weak a sign off the protocol's port and only tells
    // it from another protocol sharing that port (Alpha's first byte 0x02
    // beside Java's Handshake on 25565).
    bool looks_like_on_port_only = false;
    // Every version's filter fields, declared without compiling a schema
    // (a protocol with many versions); nullptr: the front end takes them
    // from the compiled schemas.
    FieldDecls (*declared_fields)() = nullptr;
    // For a protocol whose looks_like holds on its port only: a stronger
    // test of the client's first bytes that holds anywhere (Alpha's whole
    // Handshake); MoreBytes while they are the start of what would hold
    // (a Handshake the client's TCP sent in pieces); nullptr: none.
    Looks (*looks_like_anywhere)(const uint8_t* p, size_t len) = nullptr;
    // A TCP stream picked up without its first bytes: how many bytes of
    // p[0, len) (one direction's, the client's when `from_client`) read as
    // this protocol's messages back to back, from the first place they
    // start to the end (0: they do not read as this protocol). What tells
    // the protocols sharing a port apart when no Handshake was captured;
    // nullptr: no such test.
    uint32_t (*reads_midstream)(const uint8_t* p, size_t len, bool from_client) = nullptr;

    // The Wireshark dissector table its default port is registered in.
    const char* port_table() const { return transport == Transport::Udp ? "udp.port" : "tcp.port"; }
    size_t versions() const { return version_count ? version_count() : 1; }
};

// ProtocolInfo::version_count / version_name over a protocol's list of
// versions (a function returning a vector of pointers to something with a
// `name`): `core::version_count<versions>`.
template <auto list>
size_t version_count() {
    return list().size();
}
template <auto list>
const char* version_name(size_t i) {
    return list()[i]->name;
}
// ProtocolInfo::schema over the same list and the protocol's schema(item).
template <auto list, auto schema_of>
const Schema& version_schema(size_t i) {
    return schema_of(*list()[i]);
}

}  // namespace core
