// The Minecraft Java connections of a capture: the TCP dispatcher's claimant
// (tcp_dispatcher.hpp) for Java, which takes connections on the Java port
// (--port mcjava=N, 25565) and those whose client starts with a Handshake.
// Each gets a mcjava::Session fed the reassembled streams, and each packet is
// handed on with its conversation.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "core/inflater.hpp"
#include "link_layer.hpp"
#include "protocols/mc_java/analysis.hpp"
#include "protocols/mc_java/session.hpp"
#include "tcp/session_flows.hpp"

namespace blankshark {

struct Conversation;

// One Java packet, as the commands see it.
struct JavaPacket {
    mcjava::Packet* packet;     // valid during the callback (its data may be an inflation buffer)
    Conversation* conv;
    const tcp::Connection* tcp;
    double time;                // of the frame that completed it, since the capture's first frame
    mcjava::PacketLink link;    // the analysis' link to its request or answer (keep-alive, ping, teleport)
};

// What a Java connection keeps for the reports, beside its TCP side.
struct JavaConnection : tcp::FlowRecord {
    mcjava::Session session;
    // Keep-alives, teleports, chunk columns, entities (shared with the reports).
    std::shared_ptr<mcjava::Analysis> analysis;
    JavaConnection(core::Inflater& inflater, const mcjava::AnalysisConfig& cfg) : session(inflater), analysis(std::make_shared<mcjava::Analysis>(cfg)) {}
};

// The TCP plumbing is SessionFlows'; what is Java's: each connection's
// session set up (analysis, mid-stream start, key log) and each packet
// handed on with its analysis' link.
class JavaFlows : public tcp::SessionFlows<JavaFlows, JavaConnection> {
public:
    // `new_conversation` registers a connection's conversation (ids shared
    // with the UDP protocols); `on_packet` gets every packet; `on_closed`
    // each connection once it ended (or the capture did); `on_tcp`
    // every TCP finding of a Java connection.
    JavaFlows(NewConversation new_conversation, std::function<void(const JavaPacket&)> on_packet,
              OnFinding on_tcp = {}, OnClosed on_closed = {});

    // The analysis settings of connections opened from now on.
    void set_analysis(const mcjava::AnalysisConfig& cfg) { analysis_ = cfg; }
    // The key log that decrypts encrypted connections (not owned; null: none).
    void set_key_log(const mcjava::KeyLog* keys) { keys_ = keys; }
    // The release connections without a Handshake are decoded as (null:
    // inferred from their bytes).
    void set_release(const mcjava::VersionInfo* v) { release_ = v; }

    // A connection whose release is still undecided when it ends waits for
    // the end of the capture (at most kMaxParked of them): the packets of
    // a short one may fit several releases equally, and another connection
    // to the same server may tell which.
    void on_close(tcp::Connection& conn, tcp::CloseReason why, uint64_t frame, double time) override;
    // The end of the capture: those connections end, with what the others told.
    void finish();

private:
    friend SessionFlows;
    // Hands each packet on with its conversation and relative time.
    class Relay : public mcjava::PacketSink {
    public:
        Relay(JavaFlows& flows, JavaConnection& conn, double) : flows_(flows), conn_(conn) {}
        void packet(mcjava::Packet& p) override;

    private:
        JavaFlows& flows_;
        JavaConnection& conn_;
    };
    JavaConnection& open(tcp::Connection& conn);
    // The releases the other connections to `c`'s server speak (from their
    // Handshakes, or inferred clearly).
    mcjava::VersionSet releases_of_server(const JavaConnection& c) const;
    void forgetting(const JavaConnection& c);  // its release stays known to its server's others

    // The releases of the connections let go, by server.
    std::map<capture::Endpoint, mcjava::VersionSet> forgotten_;

    static constexpr size_t kMaxParked = 64;
    struct Parked {
        JavaConnection* c;
        uint64_t frame;
        double time;
    };
    std::vector<Parked> parked_;
    std::function<void(const JavaPacket&)> on_packet_;
    mcjava::AnalysisConfig analysis_;
    const mcjava::KeyLog* keys_ = nullptr;
    const mcjava::VersionInfo* release_ = nullptr;
};

}  // namespace blankshark
