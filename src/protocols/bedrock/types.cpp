#include "types.hpp"

#include <nlohmann/json.hpp>

#include "protocols/nbt_tags.hpp"

namespace bedrock {

using namespace core::describe;
using core::ByteOrder;
using core::Kind;
using core::ValueString;

namespace {

using minecraft::kNbtTags;

F le(F r) { return r.order(ByteOrder::Little); }

// One form of NBT: how its lengths, ints and longs are written.
struct NbtForm {
    const char* prefix;  // type names: "lnbt", "nbt"
    const char* what;
    bool network;        // VarInt / zigzag (the network form), else little-endian fixed widths
};

struct Nbt {
    core::TypeDef* tag;
    core::TypeDef* list;
    core::TypeDef* compound;
};

Nbt make_nbt(const NbtForm& form) {
    Arena& a = arena();
    const std::string p = form.prefix;
    Nbt n{a.type(core::protodef::Translator::keep(p), form.what),
          a.type(core::protodef::Translator::keep(p + ".list"), "NBT list"),
          a.type(core::protodef::Translator::keep(p + ".compound"), "NBT compound")};
    const bool net = form.network;
    // Lengths of strings: a VarInt (network) or a little-endian u16; of arrays and lists: zigzag32 or li32.
    const core::Count str_len = net ? prefix(Kind::VarInt) : prefix(Kind::U16);
    const core::Count arr_len = net ? prefix(Kind::ZigZag32) : prefix(Kind::I32);
    auto string = [&](const char* k, const char* nm) { return le(text(k, nm, str_len, 0)); };
    auto int32 = [&](const char* k, const char* nm) { return net ? zigzag32(k, nm) : le(i32(k, nm)); };
    auto int64 = [&](const char* k, const char* nm) { return net ? zigzag64(k, nm) : le(i64(k, nm)); };
    auto cases = [&](const char* on_field) {
        return select(on_field, {
            on(1, {i8("byte", "Byte")}),
            on(2, {le(i16("short", "Short"))}),
            on(3, {int32("int", "Int")}),
            on(4, {int64("long", "Long")}),
            on(5, {le(f32("float", "Float"))}),
            on(6, {le(f64("double", "Double"))}),
            on(7, {le(bytes("byte_array", "Byte array", arr_len))}),
            on(8, {string("string", "String")}),
            on(9, {use("list", "List", n.list)}),
            on(10, {use("compound", "Compound", n.compound)}),
            on(11, {le(array("int_array", "Int array", arr_len, {int32("int", "Int")}))}),
            on(12, {le(array("long_array", "Long array", arr_len, {int64("long", "Long")}))}),
        });
    };
    a.define(n.tag, {
        u8("type", "Tag type").vals(kNbtTags),
        when("type", 0, {
            string("name", "Name"),
            cases("type"),
        }),
    });
    a.define(n.list, {
        u8("element_type", "Element type").vals(kNbtTags),
        net ? zigzag32("count", "Count") : le(i32("count", "Count")),
        array("elements", "Element", field_count(), {cases("element_type")}, "count"),
    });
    a.define(n.compound, {array("tags", "Tag", until(0), {use("tag", "Tag", n.tag)})});
    return n;
}

// encapsulated {lengthType, type}: a length, then that many bytes holding
// `type` (nothing when the length is 0).
void encapsulated(core::protodef::Translator& t, const core::protodef::Json& args, const char* key,
                  const char* name, core::protodef::Rows& out) {
    core::protodef::Rows length;
    t.field(args.at("lengthType"), "length", length);
    F data = bytes("data", "Data", field_count(), "length");
    t.field(args.at("type"), "value", data.sub);
    F g = group(key, name, {});
    for (F& r : length) g.sub.push_back(r);
    g.sub.push_back(when("length", 0, {data}));
    out.push_back(g);
}

}  // namespace

const core::TypeDef* little_nbt() {
    static const Nbt n = make_nbt({"lnbt", "NBT tag (little-endian)", false});
    return n.tag;
}

const core::TypeDef* network_nbt() {
    static const Nbt n = make_nbt({"nbt", "NBT tag (network form: VarInt lengths, zigzag integers)", true});
    return n.tag;
}

bool bedrock_native(core::protodef::Translator& t, const std::string& type, const core::protodef::Json* args,
                    const char* key, const char* name, core::protodef::Rows& out) {
    if (type == "uuid") {
        out.push_back(uuid(key, name));
    } else if (type == "byterot") {
        out.push_back(fixed(key, name, Kind::U8, 360.0 / 256, "deg").desc("angle in steps of 1/256 of a turn"));
    } else if (type == "nbt") {
        out.push_back(use(key, name, network_nbt()));
    } else if (type == "lnbt") {
        out.push_back(use(key, name, little_nbt()));
    } else if (type == "nbtLoop") {
        // Network NBT tags up to a 0 byte.
        out.push_back(array(key, name, until(0), {use("tag", "Tag", network_nbt())}));
    } else if (type == "encapsulated" && args) {
        encapsulated(t, *args, key, name, out);
    } else if (type == "maybeIncompleteArray" && args) {
        // A counted array whose count the sender may overstate (the packet ends first).
        core::protodef::Json a = *args;
        t.field(core::protodef::Json::array({"array", a}), name ? std::string(key) : std::string(), out);
    } else if (type == "optionalOnRemaining" && args) {
        // Present only when bytes remain: zero or one entry up to the end of the packet.
        F a = array(key, name, rest(), {});
        t.field(args->at("type"), std::string(key) + "_value", a.sub);
        out.push_back(a);
    } else if (type == "varint128") {
        // An unsigned LEB128 of up to 128 bits: its bytes, the last one's top bit clear.
        out.push_back(array(key, name, top_bit_terminated(), {u8("byte", "Byte").hex()})
                          .desc("unsigned LEB128 of up to 128 bits, low group first"));
    } else if (type == "MapInfo") {
        out.push_back(bytes(key, name, rest()).desc("not described by minecraft-data for this release"));
    } else {
        return false;
    }
    return true;
}

}  // namespace bedrock
