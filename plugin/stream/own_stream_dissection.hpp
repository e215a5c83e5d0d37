// The dissection of a connection a protocol cuts itself (own_stream.hpp),
// one for Minecraft Java and Alpha: on the first pass every byte of the
// call goes to the protocol's session, placed in its stream by the stream
// cursor (bytes handed over again skipped, bytes that do not follow on a
// gap); on every pass the messages recorded for the frame are shown, or
// what the frame's bytes are when it completed none.
#pragma once

#include <epan/dissectors/packet-tcp.h>
#include <epan/packet.h>
#include <epan/proto_data.h>

#include <cstdio>

#include "own_stream.hpp"
#include "pdu_dissection.hpp"

namespace plugin::stream {

// Where this call's bytes lie, for a recorder (a message wholly inside
// them is shown from the call's tvb; any other from a copy).
struct CallBytes {
    uint64_t frame = 0;         // 0: none (the end of the first pass)
    uint64_t from = 0, to = 0;  // their stream offsets
    guint tvb_at = 0;           // where `from` is in the tvb
    bool holds(const core::Span& s, uint32_t len) const {
        return s.first.frame == frame && s.last.frame == frame && s.stream_offset >= from &&
               s.stream_offset + len <= to;
    }
};

// Where a frame's bytes lie in its own stream (file-scope proto data of the
// frame, from the first pass; keys from 1 up are the stream layer's pieces).
constexpr guint32 kOwnStreamKey = G_MAXINT32;
struct OwnStreamBytes {
    guint offset;  // in the call's tvb (bytes before it were handed over before)
    guint64 end;   // stream offset after them
};

// The item and Info text of a frame that completed none of the messages:
// its bytes held (first pass), passed over before the direction's first
// message, or part of a message completed later.
inline void show_no_message(tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree, int proto, bool held,
                            uint64_t first_message) {
    const auto* at = static_cast<const OwnStreamBytes*>(p_get_proto_data(wmem_file_scope(), pinfo, proto, kOwnStreamKey));
    const guint len = tvb_captured_length(tvb);
    if (!at || at->offset >= len) return;
    const guint n = len - at->offset;
    proto_item* ti = proto_tree_add_item(tree, proto, tvb, gint(at->offset), gint(n), ENC_NA);
    char text[160];
    if (held)
        std::snprintf(text, sizeof text,
                      "[%u bytes held: picked up mid-connection, how to read it not known yet; shown on the "
                      "second pass]",
                      n);
    else if (at->end <= first_message)
        std::snprintf(text, sizeof text, "[%u bytes passed over: before the first whole message found]", n);
    else
        std::snprintf(text, sizeof text, "[Continuation: %u bytes of a message completed later]", n);
    proto_item_append_text(ti, ", %s", text);
    append_info(pinfo, proto, text);
}

// `sink_for(CallBytes)`: the protocol's sink recording each message into
// `own`; `finish(sink)`: the end of the first pass (what is still held
// decided on); `show(tvb, pinfo, tree, rec)`: a recorded message.
template <class Conn, class Own, class SinkFor, class Finish, class Show>
int dissect_own_stream(int proto, Conn& cs, Own& own, tvbuff_t* tvb, packet_info* pinfo, proto_tree* tree,
                       void* data, SinkFor sink_for, Finish finish, Show show) {
    const core::Side d = cs.sender(pinfo);
    const guint len = tvb_captured_length(tvb);
    if (!PINFO_FD_VISITED(pinfo)) {
        StreamCursor& cursor = cs.cursor[int(d)];
        const auto* tcp = static_cast<const struct tcpinfo*>(data);
        const guint offset = cursor.begin(tcp != nullptr, tcp ? tcp->seq : 0, len, cs.framing(d));
        const core::Origin o = frame_origin(pinfo);
        CallBytes where;
        where.frame = pinfo->num;
        where.from = cursor.stream_offset(offset);
        where.to = where.from + (len - offset);
        where.tvb_at = offset;
        auto sink = sink_for(where);
        const StreamEvents& ev = cursor.events();
        if (ev.gap) own.session.gap(d, ev.gap_offset, ev.gap_missing, o, sink);
        if (offset < len)
            own.session.data(d, tvb_get_ptr(tvb, gint(offset), gint(len - offset)), len - offset, where.from, o, sink);
        auto* at = wmem_new(wmem_file_scope(), OwnStreamBytes);
        *at = {offset, where.to};
        p_add_proto_data(wmem_file_scope(), pinfo, proto, kOwnStreamKey, at);
        cursor.taken(offset, len - offset);
        own.last = o;
    } else if (!own.finished) {
        own.finished = true;
        auto sink = sink_for(CallBytes{});
        finish(sink);
    }
    if (const auto* recs = own.of(pinfo->num)) {
        for (const auto* r : *recs) show(tvb, pinfo, tree, *r);
    } else {
        show_no_message(tvb, pinfo, tree, proto, !PINFO_FD_VISITED(pinfo) && own.session.holding(),
                        own.first_message[int(d)]);
    }
    return int(len);
}

// A connection adopted from a prelude (own_stream.hpp): its cursors go on
// after the held bytes, which are replayed into its session; the
// dissector's call for the frame that decided shows that frame.
template <class Conn, class Own, class SinkFor>
void adopt_own_stream(Conn& cs, Own& own, const Prelude& prelude, SinkFor sink_for) {
    cs.server = *prelude.server;
    for (int i = 0; i < 2; ++i) cs.cursor[i] = prelude.cursor[i];
    auto sink = sink_for(CallBytes{});
    replay(prelude, own.session, sink);
    own.last = prelude.last;
}

}  // namespace plugin::stream
