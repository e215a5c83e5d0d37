// Shared by the Minecraft Alpha tests: the simulator's records as the two
// byte streams of a connection, and a sink that keeps every message with
// the decoder's findings and its generated fields.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/decoder.hpp"
#include "protocols/mc_alpha/message_fields.hpp"
#include "protocols/mc_alpha/schema.hpp"
#include "protocols/mc_alpha/session.hpp"
#include "protocols/mc_alpha/simulator.hpp"

namespace alphatest {

using namespace mcalpha;

struct Stream {
    std::vector<uint8_t> bytes;
    std::vector<size_t> starts;  // message boundaries
    std::vector<size_t> record;  // the record each message came from
};

inline Stream stream(const std::vector<sim::Record>& recs, Side d) {
    Stream s;
    for (size_t i = 0; i < recs.size(); ++i) {
        if (recs[i].dir != d) continue;
        s.starts.push_back(s.bytes.size());
        s.record.push_back(i);
        s.bytes.insert(s.bytes.end(), recs[i].bytes.begin(), recs[i].bytes.end());
    }
    return s;
}

// Generated fields by abbreviation (the last value of each).
struct Fields {
    std::map<std::string, double> num;
    int depth = 0;
    void open(const core::Item& it) { leaf(it); ++depth; }
    void close() { --depth; }
    void leaf(const core::Item& it) {
        const std::string& a = it.info->abbrev;
        switch (it.vclass) {
        case core::ValueClass::Uint: case core::ValueClass::Bool: num[a] = double(it.u); break;
        case core::ValueClass::Int: num[a] = double(it.i); break;
        case core::ValueClass::Float: case core::ValueClass::Double: num[a] = it.d; break;
        default: num[a] = 0; break;
        }
    }
    void finding(const core::Finding&) {}
};

struct DecoderFindings {
    static constexpr bool kFindingsOnly = true;
    std::vector<core::Finding> found;
    void open(const core::Item&) {}
    void leaf(const core::Item&) {}
    void close() {}
    void finding(const core::Finding& f) { found.push_back(f); }
};

struct Kept {
    MessageKind kind;
    Side dir;
    uint32_t id;
    std::string key;  // message type key, or "" when none
    uint64_t offset, frame;
    uint32_t len;
    std::vector<core::Finding> findings;          // the connection's
    std::vector<core::Finding> decoder_findings;  // the decoder's
    Fields fields;
};

struct Sink : MessageSink {
    std::vector<Kept> messages;
    std::vector<core::Finding> events;
    void message(Message& m) override {
        Kept k{m.kind, m.dir, m.summary.id, m.summary.type && m.kind == MessageKind::Message ? m.summary.type->key : "",
               m.span.stream_offset, m.span.last.frame, m.len, {}, {}, {}};
        for (uint8_t i = 0; i < m.nfindings; ++i) k.findings.push_back(m.findings[i]);
        if (m.kind == MessageKind::Message) {
            DecoderFindings q;
            core::decode(schema(), m.data, m.len, m.context(), q);
            k.decoder_findings = q.found;
            emit_message_fields(m, k.fields);
        }
        messages.push_back(std::move(k));
    }
    void event(const core::Finding& f) override { events.push_back(f); }

    // Every finding's name (connection's, decoder's, events), with counts.
    std::map<std::string, int> names() const {
        std::map<std::string, int> n;
        for (const Kept& k : messages) {
            for (const core::Finding& f : k.findings) ++n[core::finding_info(f.code).name];
            for (const core::Finding& f : k.decoder_findings) ++n[core::finding_info(f.code).name];
        }
        for (const core::Finding& f : events) ++n[core::finding_info(f.code).name];
        return n;
    }
    std::vector<const Kept*> of(const char* key) const {
        std::vector<const Kept*> out;
        for (const Kept& k : messages)
            if (k.key == key) out.push_back(&k);
        return out;
    }
};

// Feeds the records into a session, each record's bytes whole (frame =
// record index + 1), then FIN both ways and the end of the capture.
inline void run(Session& s, const std::vector<sim::Record>& recs, Sink& sink, bool fin = true) {
    uint64_t off[2] = {0, 0};
    for (size_t i = 0; i < recs.size(); ++i) {
        const sim::Record& r = recs[i];
        const int d = int(r.dir);
        s.data(r.dir, r.bytes.data(), uint32_t(r.bytes.size()), off[d], core::Origin{i + 1, r.time}, sink);
        off[d] += r.bytes.size();
    }
    const core::Origin last{recs.size() + 1, recs.back().time + 0.01};
    if (fin) {
        s.end(Side::Server, StreamEnd::Fin, last, sink);
        s.end(Side::Client, StreamEnd::Fin, core::Origin{recs.size() + 2, last.time}, sink);
    }
    s.finish(sink, core::Origin{recs.size() + 2, last.time});
}

}  // namespace alphatest
