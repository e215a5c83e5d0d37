// Fields computed by the analysis (generated fields in Wireshark, keys in
// the analyzer's JSON), described like the wire fields so both front ends
// show them the same way.
#include "protocol.hpp"

namespace blank {
namespace {

template <size_t N>
constexpr Layout L(const Field (&f)[N]) { return Layout{f, N}; }

constexpr Field gen(const char* key, const char* name, Kind kind, const char* desc, const char* unit = nullptr,
                    const ValueString* vals = nullptr) {
    Field f{key, name, kind};
    f.offset = 0;
    f.scale = 1;
    f.unit = unit;
    f.desc = desc;
    f.vals = vals;
    return f;
}
// A subtree of generated rows.
constexpr Field gen_group(const char* key, const char* name, Kind kind, Layout rows, const char* desc) {
    Field f = gen(key, name, kind, desc);
    f.scale = kind == Kind::Group ? 0 : 1;
    f.sub = rows;
    return f;
}

constexpr ValueString kTxStates[] = {
    {0, "open"}, {1, "complete"}, {2, "failed"}, {3, "incomplete"}, {0, nullptr}};

constexpr Field kLayer[] = {
    gen("layer.y", "Layer y", Kind::U8, "y coordinate of the layer"),
    gen("layer.non_empty", "Non-empty blocks", Kind::U16, "blocks of a type other than 0 in the layer"),
    gen("layer.distinct_types", "Distinct types", Kind::U16, "distinct block types in the layer"),
};
constexpr Field kContents[] = {
    gen("non_empty", "Non-empty blocks", Kind::U32, "blocks of a type other than 0"),
    gen("distinct_types", "Distinct block types", Kind::U32, "distinct block types, 0 included"),
    gen("light_min", "Lowest light level", Kind::U8, "lowest of the 4096 light bytes"),
    gen("light_max", "Highest light level", Kind::U8, "highest of the 4096 light bytes"),
    gen_group("layers", "Layer", Kind::Array, L(kLayer), "blocks of one y layer"),
};
constexpr Field kReassembled[] = {
    gen("piece_frame", "Piece in frame", Kind::FrameNum, "frame that carried a piece (first copy)"),
    gen("size", "Reassembled size", Kind::U32, "bytes of the reassembled transmission", "bytes"),
    gen("inflated_size", "Inflated size", Kind::U32, "bytes after zlib inflation", "bytes"),
    gen_group("contents", "Chunk contents", Kind::Group, L(kContents), "what the inflated chunk holds"),
};

constexpr ValueString kRoles[] = {{1, "client"}, {2, "server"}, {0, nullptr}};
// Indexed by SilenceEnd (liveness.hpp).
constexpr ValueString kSilenceEnds[] = {{0, "the other side timed it out (the game's 10 s timeout)"},
                                        {1, "the other side stopped before the timeout"},
                                        {2, "the other side kept sending past the timeout, then stopped"},
                                        {3, "the other side was still sending when the capture ended"},
                                        {4, "the other side left with Part"},
                                        {0, nullptr}};

constexpr ValueString kRevisionStates[] = {
    {0, "ambiguous"}, {1, "detected"}, {2, "none fits"}, {3, "set by preference"}, {0, nullptr}};

constexpr Field kAnalysis[] = {
    gen("revision", "Protocol revision", Kind::String, "game revision whose layout this packet was decoded with"),
    gen("revision.state", "Revision detection", Kind::U8, "how the revision was chosen", nullptr, kRevisionStates),
    gen("analysis.seq", "Unwrapped seq", Kind::U64, "seq counted without wrapping at 65535"),
    gen("analysis.lost_before", "Seqs skipped before", Kind::U32,
        "seqs not seen between the highest before and this one (lost before the capture point, or late)"),
    gen("analysis.reordered", "Arrived after frame", Kind::FrameNum, "a higher seq came first, in this frame"),
    gen("analysis.duplicate", "Duplicate of frame", Kind::FrameNum, "the same packet (seq and bytes) seen before"),
    gen("analysis.ack_back", "Ack moved back by", Kind::U32, "how far the ack field moved back"),
    gen("analysis.acked_in", "Acknowledged in frame", Kind::FrameNum,
        "first packet of the peer whose ack told the sender this one arrived"),
    gen("analysis.rtt", "Time to ack", Kind::Measure, "from this packet to that ack", "s"),
    gen("analysis.lost_in", "Counted lost in frame", Kind::FrameNum,
        "packet of the peer whose ack made the sender count this one lost"),
    gen("analysis.correction_for", "Corrects update in frame", Kind::FrameNum,
        "the client's PlayerUpdate this PlayerCorrection names"),
    gen("analysis.correction_distance", "Correction distance", Kind::Measure,
        "distance between the server's position and the client's prediction", "blocks"),
    gen("analysis.correction_delay", "Time since the update", Kind::Measure, "from the PlayerUpdate to this correction",
        "s"),
    gen("analysis.correction_angle", "Orientation difference", Kind::Measure,
        "angle between the server's and the predicted orientation", "rad"),
    gen("analysis.corrected_in", "Corrected in frame", Kind::FrameNum, "PlayerCorrection that names this update"),
    gen("analysis.peer_silent_since", "Peer silent since frame", Kind::FrameNum,
        "the other side has sent nothing since that frame, for at least the silence time (1 s; the game pings "
        "every 50 ms)"),
    gen("analysis.went_silent", "Went silent", Kind::U8,
        "the sender's last packet: it sent nothing more while the other side went on (known once the capture "
        "has been read)",
        nullptr, kRoles),
    gen("analysis.survivor_last", "Other side's last packet", Kind::FrameNum,
        "the last packet of the side that kept sending"),
    gen("analysis.survivor_kept_sending", "Other side kept sending for", Kind::Measure,
        "from this packet to the other side's last", "s"),
    gen("analysis.silence_end", "How it ended", Kind::U8, "how the other side's sending ended", nullptr,
        kSilenceEnds),
    gen("analysis.after_silence_of", "After the peer went silent in frame", Kind::FrameNum,
        "sent after the peer's last packet: what this packet shows is a consequence of that silence"),
    gen("chunk.tx_number", "Transmission number", Kind::U32, "transmission's number in this conversation"),
    gen("chunk.tx_state", "Transmission state", Kind::U8, "state of the transmission (when this frame was dissected)",
        nullptr, kTxStates),
    gen("chunk.begin_frame", "ChunkBegin in frame", Kind::FrameNum, "frame of the transmission's ChunkBegin"),
    gen("chunk.complete_frame", "Reassembled in frame", Kind::FrameNum, "frame that completed the transmission"),
    gen("chunk.resend_of", "Resend of frame", Kind::FrameNum, "first copy of this ChunkBegin or piece (new seq)"),
    gen("chunk.duplicate_of", "Duplicate of frame", Kind::FrameNum, "same packet (same seq) seen before"),
    gen("chunk.rerequest_frame", "Re-requested in frame", Kind::FrameNum,
        "the client's ChunkBegin this transmission answers"),
    gen_group("chunk.reassembled", "Reassembled transmission", Kind::Group, L(kReassembled),
              "the completed transmission"),
};

}  // namespace

extern const Layout kAnalysisLayout;
const Layout kAnalysisLayout = L(kAnalysis);

}  // namespace blank
