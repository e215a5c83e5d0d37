// The generated fields of Minecraft Alpha: what the connection knew or
// computed about a message (its state, its length as parsing measured it,
// the contents of a Map Chunk, a server correction, keep-alive cadence,
// the frame that spawned an entity). They are rows like the messages'
// (compiled into the schema as its analysis layout), so both front ends
// show and filter them by the same names; message_fields.hpp emits them.
#pragma once

#include "core/schema.hpp"

namespace mcalpha {

core::Layout analysis_field_rows();

struct AnalysisNodes {
    const core::Node *state, *length;
    const core::Node *chunk, *column_x, *column_z, *size_x, *size_y, *size_z, *blocks, *inflated, *expected,
        *non_air, *distinct, *block_light_min, *block_light_max, *sky_light_min, *sky_light_max, *pre_chunk;
    const core::Node *correction, *distance, *elapsed, *client_frame;
    const core::Node *stance_height;
    const core::Node *keepalive, *interval, *previous;
    const core::Node *spawn_frame;
};
const AnalysisNodes& analysis_nodes();

}  // namespace mcalpha
