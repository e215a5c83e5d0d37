// Play packets of protocol 404 (1.13.2), the version of seed 003.
#include "chunk_rows.hpp"
#include "play_values.hpp"
#include "versions.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

void add_play_404(std::vector<core::MessageTable>& tables, const Types& t) {
    (void)t;
    tables[table_index(State::Play, Direction::Serverbound)] = table("play.sb", "play, serverbound", {
        msg(0x00, "teleport_confirm", "Teleport Confirm", {varint("teleport_id", "Teleport ID").summary()}),
    });
    tables[table_index(State::Play, Direction::Clientbound)] = table("play.cb", "play, clientbound", {
        msg(0x22, "chunk_data", "Chunk Data", {
            i32("x", "Chunk X").summary(), i32("z", "Chunk Z").summary(),
            boolean("full_chunk", "Full chunk"),
            varint("bit_mask", "Primary bit mask").hex(),
            chunk_data(Generation::V404),
            array("block_entities", "Block entity", prefix(Kind::VarInt), {use("nbt", "Block entity", t.nbt)}),
        }),
    });
}

}  // namespace mcjava
