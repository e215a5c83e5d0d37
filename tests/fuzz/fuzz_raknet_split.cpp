// libFuzzer target: RakNet split reassembly alone (raknet/split_reassembler.hpp)
// with small bounds, fragments in any order, repeated, inconsistent, over
// the limits. After every fragment: at most max_open_splits groups open and
// at most max_split_buffer bytes held; a completed message is exactly its
// fragments in index order; at the end nothing is held.
// Input: records of [split id][count][index][flags][length][body...]:
// flags bits 0-2 the reliability.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#include "protocols/raknet/findings.hpp"
#include "protocols/raknet/split_reassembler.hpp"

namespace {

struct Quiet : raknet::Events {
    std::vector<uint16_t> given_up;  // split ids of groups evicted or abandoned
    void finding(const core::Finding& f) override { note(f); }
    void late_finding(const core::Finding& f) override { note(f); }
    void note(const core::Finding& f) {
        const auto c = core::local_code<raknet::FindingCode>(f.code);
        if (c == raknet::FindingCode::SplitEvicted) given_up.push_back(uint16_t(f.a));
        if (c == raknet::FindingCode::SplitIncomplete) given_up.push_back(uint16_t(f.c));
    }
    void link(const raknet::Link& l) override {
        if (l.to < l.frame) std::abort();  // a fragment completes later, never earlier
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    raknet::Options o;
    o.max_split_count = 16;
    o.max_split_bytes = 256;
    o.max_open_splits = 4;
    o.max_split_buffer = 512;
    raknet::SplitReassembler r(core::Side::Client, o);
    raknet::DirectionStats st;
    Quiet ev;
    // What each group's fragments were, to check completed messages: (id, count) -> index -> bytes.
    std::map<std::pair<uint16_t, uint32_t>, std::map<uint32_t, std::vector<uint8_t>>> sent;
    size_t at = 0;
    uint64_t frame = 0;
    while (at + 5 <= size && frame < 4096) {
        raknet::WireFrame f;
        f.split = true;
        f.split_id = data[at] % 8;
        f.split_count = data[at + 1] % 24;
        f.split_index = data[at + 2] % 24;
        f.reliability = raknet::Reliability(data[at + 3] & 7);
        size_t len = data[at + 4];
        at += 5;
        if (len > size - at) len = size - at;
        f.body_len = uint32_t(len);
        const uint8_t* body = data + at;
        at += len;
        ++frame;
        const raknet::SplitReassembler::Added a = r.add(f, body, frame, double(frame), st, ev);
        if (r.open_groups() > o.max_open_splits || r.buffered() > o.max_split_buffer) std::abort();
        for (uint16_t id : ev.given_up)
            for (auto it = sent.begin(); it != sent.end();) it = it->first.first == id ? sent.erase(it) : std::next(it);
        ev.given_up.clear();
        auto& pieces = sent[{f.split_id, f.split_count}];
        if (a.outcome == raknet::SplitReassembler::Outcome::Held && !pieces.count(f.split_index))
            pieces[f.split_index].assign(body, body + len);
        if (a.outcome == raknet::SplitReassembler::Outcome::Completed) {
            if (a.count != f.split_count || a.len > o.max_split_bytes) std::abort();
            if (a.frames[f.split_index] != frame) std::abort();
            pieces[f.split_index].assign(body, body + len);
            std::vector<uint8_t> expect;
            bool known = pieces.size() == a.count;  // every piece seen by this check
            for (uint32_t i = 0; known && i < a.count; ++i)
                expect.insert(expect.end(), pieces[i].begin(), pieces[i].end());
            if (known && (expect.size() != a.len || (a.len && std::memcmp(expect.data(), a.data, a.len) != 0))) std::abort();
            sent.erase({f.split_id, f.split_count});
        }
    }
    r.finish(st, ev);
    if (r.open_groups() != 0 || r.buffered() != 0) std::abort();
    if (st.split_completed + st.split_incomplete > st.split_groups) std::abort();
    return 0;
}
