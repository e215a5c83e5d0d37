// RakNet's numbers, named: message ids (RakNet MessageIdentifiers.h, the
// same list the seed's ids come from), the bits of a connected packet's
// first byte (ReliabilityLayer.cpp, DatagramHeaderFormat), reliabilities
// (PacketPriority.h) and the offline magic (OFFLINE_MESSAGE_DATA_ID).
#pragma once

#include <cstdint>

#include "core/side.hpp"

namespace raknet {

constexpr const char* kPrefix = "raknet";
constexpr uint16_t kDefaultPort = 19132;  // Minecraft Pocket Edition (seed 002)

// The 16 bytes every offline message carries (seed 002 "MAGIC").
constexpr uint8_t kMagic[16] = {0x00, 0xff, 0xff, 0x00, 0xfe, 0xfe, 0xfe, 0xfe,
                                0xfd, 0xfd, 0xfd, 0xfd, 0x12, 0x34, 0x56, 0x78};
constexpr uint32_t kMagicSize = 16;

// IPv4 + UDP headers: RakNet's MTU is the UDP payload plus these 28 bytes.
constexpr uint32_t kUdpIpHeaders = 28;

// Offline messages (first byte of a UDP payload below 0x80).
namespace id {
constexpr uint8_t kConnectedPing = 0x00;
constexpr uint8_t kUnconnectedPing = 0x01;
constexpr uint8_t kUnconnectedPingOpenConnections = 0x02;
constexpr uint8_t kConnectedPong = 0x03;
constexpr uint8_t kDetectLostConnections = 0x04;
constexpr uint8_t kOpenConnectionRequest1 = 0x05;
constexpr uint8_t kOpenConnectionReply1 = 0x06;
constexpr uint8_t kOpenConnectionRequest2 = 0x07;
constexpr uint8_t kOpenConnectionReply2 = 0x08;
constexpr uint8_t kConnectionRequest = 0x09;
constexpr uint8_t kOutOfBandInternal = 0x0D;
constexpr uint8_t kConnectionRequestAccepted = 0x10;
constexpr uint8_t kConnectionAttemptFailed = 0x11;
constexpr uint8_t kAlreadyConnected = 0x12;
constexpr uint8_t kNewIncomingConnection = 0x13;
constexpr uint8_t kNoFreeIncomingConnections = 0x14;
constexpr uint8_t kDisconnectionNotification = 0x15;
constexpr uint8_t kConnectionLost = 0x16;
constexpr uint8_t kConnectionBanned = 0x17;
constexpr uint8_t kInvalidPassword = 0x18;
constexpr uint8_t kIncompatibleProtocolVersion = 0x19;
constexpr uint8_t kIpRecentlyConnected = 0x1A;
constexpr uint8_t kTimestamp = 0x1B;
constexpr uint8_t kUnconnectedPong = 0x1C;
constexpr uint8_t kAdvertiseSystem = 0x1D;
// The first id RakNet hands to the application (ID_USER_PACKET_ENUM of
// RakNet 4). MCPE 0.x game packets start at 0x82, today's Bedrock wrapper
// is 0xFE: both are user messages here.
constexpr uint8_t kFirstUser = 0x80;
}  // namespace id

// The first byte of a connected packet (bit 7 set): RakNet reads it as
// bits, most significant first.
namespace bit {
constexpr uint8_t kValid = 0x80;           // a connected packet (else offline)
constexpr uint8_t kAck = 0x40;
constexpr uint8_t kNak = 0x20;             // not ACK: a NAK
constexpr uint8_t kAckHasBAndAs = 0x20;    // ACK: a float "AS" (data arrival rate) follows
constexpr uint8_t kPacketPair = 0x10;      // datagram
constexpr uint8_t kContinuousSend = 0x08;  // datagram
constexpr uint8_t kNeedsBAndAs = 0x04;     // datagram
}  // namespace bit

// An encapsulated frame's flags byte.
constexpr uint8_t kReliabilityMask = 0xE0;  // reliability << 5
constexpr uint8_t kSplitFlag = 0x10;

enum class Reliability : uint8_t {
    Unreliable = 0,
    UnreliableSequenced = 1,
    Reliable = 2,
    ReliableOrdered = 3,
    ReliableSequenced = 4,
    UnreliableWithAckReceipt = 5,  // never on the wire: RakNet sends these as 0, 2, 3
    ReliableWithAckReceipt = 6,
    ReliableOrderedWithAckReceipt = 7,
};
constexpr uint32_t kReliabilityCount = 8;

// The layout RakNet gives each reliability on the wire (ReliabilityLayer
// WriteToBitStreamFromInternalPacket: the *_WITH_ACK_RECEIPT kinds are
// written as their base kind; a receiver reading 5-7 reads them so too).
constexpr bool has_message_index(Reliability r) {
    return r == Reliability::Reliable || r == Reliability::ReliableOrdered || r == Reliability::ReliableSequenced ||
           r == Reliability::ReliableWithAckReceipt || r == Reliability::ReliableOrderedWithAckReceipt;
}
constexpr bool is_sequenced(Reliability r) {
    return r == Reliability::UnreliableSequenced || r == Reliability::ReliableSequenced;
}
constexpr bool has_order(Reliability r) {
    return is_sequenced(r) || r == Reliability::ReliableOrdered || r == Reliability::ReliableOrderedWithAckReceipt;
}
constexpr bool is_ordered(Reliability r) {
    return r == Reliability::ReliableOrdered || r == Reliability::ReliableOrderedWithAckReceipt;
}
const char* reliability_name(Reliability r);  // "reliable_ordered", as the captures' README counts them

// RakNet's ordering channels (NUMBER_OF_ORDERED_STREAMS).
constexpr uint32_t kOrderingChannels = 32;

// 24-bit counters (datagram sequence numbers, message, sequencing and order indexes).
constexpr uint32_t kSeqModulus = 1u << 24;

// How a datagram's first byte is read: RakNet's own test of its bits.
enum class PacketKind : uint8_t { Offline, Datagram, Ack, Nak };
constexpr PacketKind packet_kind(uint8_t first) {
    return !(first & bit::kValid) ? PacketKind::Offline
           : (first & bit::kAck)  ? PacketKind::Ack
           : (first & bit::kNak)  ? PacketKind::Nak
                                  : PacketKind::Datagram;
}

// Which side of the connection sent a packet.
using core::Side;

}  // namespace raknet
