// Entity packets of play, shared by 404 and the 1.14 family (play_rows.hpp).
// Layouts: seed 003 (404) and the community documentation of 1.14.4.
#include "play_rows.hpp"
#include "play_values.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

F velocity(const char* key, const char* name) { return fixed(key, name, Kind::I16, 1.0 / 8000, "blocks/tick"); }
F delta(const char* key, const char* name) { return fixed(key, name, Kind::I16, 1.0 / 4096, "blocks"); }

namespace {

F entity_id() { return varint("entity_id", "Entity ID").summary(); }
F coordinate(const char* key, const char* name) { return f64(key, name).unit("blocks"); }

}  // namespace

Rows spawn_object(const Types& t) {
    // The object type was a Byte (Entities#Objects) until 1.14 made it an
    // entity type id (VarInt).
    F type = t.gen == Generation::V404 ? F(i8("type", "Object type")) : F(varint("type", "Entity type"));
    return {
        entity_id(), uuid("uuid", "Object UUID"), type.summary(),
        coordinate("x", "X"), coordinate("y", "Y"), coordinate("z", "Z"),
        angle("pitch", "Pitch"), angle("yaw", "Yaw"),
        i32("data", "Data").desc("meaning depends on the object type (Object Data)"),
        velocity("vx", "Velocity X"), velocity("vy", "Velocity Y"), velocity("vz", "Velocity Z"),
    };
}

Rows spawn_experience_orb() {
    return {
        entity_id(), coordinate("x", "X"), coordinate("y", "Y"), coordinate("z", "Z"),
        i16("count", "Experience").summary(),
    };
}

Rows spawn_global_entity() {
    return {
        entity_id(), i8("type", "Type").vals(kGlobalEntityTypes),
        coordinate("x", "X").summary(), coordinate("y", "Y"), coordinate("z", "Z").summary(),
    };
}

Rows spawn_mob(const Types& t) {
    return {
        entity_id(), uuid("uuid", "Entity UUID"), varint("type", "Type").summary(),
        coordinate("x", "X"), coordinate("y", "Y"), coordinate("z", "Z"),
        angle("yaw", "Yaw"), angle("pitch", "Pitch"), angle("head_pitch", "Head pitch"),
        velocity("vx", "Velocity X"), velocity("vy", "Velocity Y"), velocity("vz", "Velocity Z"),
        use("metadata", "Metadata", t.metadata),
    };
}

Rows spawn_painting(const Types& t) {
    return {
        entity_id(), uuid("uuid", "Entity UUID"), varint("motive", "Motive").summary(),
        position("location", "Location", t).desc("the painting's center"),
        i8("direction", "Direction").vals(kPaintingDirections),
    };
}

Rows spawn_player(const Types& t) {
    return {
        entity_id(), uuid("uuid", "Player UUID"),
        coordinate("x", "X"), coordinate("y", "Y"), coordinate("z", "Z"),
        angle("yaw", "Yaw"), angle("pitch", "Pitch"),
        use("metadata", "Metadata", t.metadata),
    };
}

Rows entity_animation() { return {entity_id(), u8("animation", "Animation").vals(kAnimations).summary()}; }

Rows entity_status() {
    return {i32("entity_id", "Entity ID").summary(), i8("status", "Entity status").summary()};
}

Rows entity() { return {entity_id()}; }

Rows entity_relative_move() {
    return {entity_id(), delta("dx", "Delta X"), delta("dy", "Delta Y"), delta("dz", "Delta Z"),
            boolean("on_ground", "On ground")};
}

Rows entity_look_and_relative_move() {
    return {entity_id(), delta("dx", "Delta X"), delta("dy", "Delta Y"), delta("dz", "Delta Z"),
            angle("yaw", "Yaw"), angle("pitch", "Pitch"), boolean("on_ground", "On ground")};
}

Rows entity_look() {
    return {entity_id(), angle("yaw", "Yaw"), angle("pitch", "Pitch"), boolean("on_ground", "On ground")};
}

Rows entity_head_look() { return {entity_id(), angle("head_yaw", "Head yaw")}; }

Rows entity_teleport() {
    return {
        entity_id(), coordinate("x", "X"), coordinate("y", "Y"), coordinate("z", "Z"),
        angle("yaw", "Yaw"), angle("pitch", "Pitch"), boolean("on_ground", "On ground"),
    };
}

Rows entity_velocity() {
    return {entity_id(), velocity("vx", "Velocity X"), velocity("vy", "Velocity Y"), velocity("vz", "Velocity Z")};
}

Rows entity_equipment(const Types& t) {
    return {entity_id(), varint("slot", "Slot").vals(kEquipmentSlots), use("item", "Item", t.slot)};
}

Rows entity_metadata(const Types& t) { return {entity_id(), use("metadata", "Metadata", t.metadata)}; }

Rows entity_properties() {
    return {
        entity_id(),
        array("properties", "Property", prefix(Kind::I32), {
            string("key", "Key", 64),
            f64("value", "Value"),
            array("modifiers", "Modifier", prefix(Kind::VarInt), {
                uuid("uuid", "Modifier UUID"),
                f64("amount", "Amount"),
                i8("operation", "Operation").vals(kAttributeOperations),
            }),
        }),
    };
}

Rows entity_effect(const Types& t) {
    F flags = i8("flags", "Flags").hex();
    if (t.gen == Generation::V404)
        flags.flags({flag("ambient", "Ambient (from a beacon)", 0x01), flag("show_particles", "Show particles", 0x02)});
    else  // 1.14.4 documentation: an icon flag
        flags.flags({flag("ambient", "Ambient (from a beacon)", 0x01), flag("show_particles", "Show particles", 0x02),
                     flag("show_icon", "Show icon", 0x04)});
    return {
        entity_id(), i8("effect_id", "Effect ID").summary(),
        i8("amplifier", "Amplifier").desc("the effect level is amplifier + 1"),
        varint("duration", "Duration"), flags,
    };
}

Rows remove_entity_effect() { return {entity_id(), i8("effect_id", "Effect ID").summary()}; }

Rows destroy_entities() {
    return {
        varint("count", "Count").summary(),
        array("entity_ids", "Entity", field_count(), {varint("entity_id", "Entity ID")}, "count"),
    };
}

Rows attach_entity() {
    return {i32("attached_entity_id", "Attached entity ID").summary(),
            i32("holding_entity_id", "Holding entity ID (-1: detach)").summary()};
}

Rows set_passengers() {
    return {
        varint("entity_id", "Vehicle entity ID").summary(),
        array("passengers", "Passenger", prefix(Kind::VarInt), {varint("passenger_id", "Passenger entity ID")}),
    };
}

Rows collect_item() {
    return {
        varint("collected_entity_id", "Collected entity ID").summary(),
        varint("collector_entity_id", "Collector entity ID").summary(),
        varint("count", "Pickup item count"),
    };
}

Rows camera() { return {varint("camera_id", "Camera entity ID").summary()}; }

}  // namespace mcjava
