// Chat, commands, scoreboard and HUD packets of play (and the connection's
// keep-alive, plugin messages and resource packs), shared by 404 and the
// 1.14 family (play_rows.hpp). Layouts: seed 003 (404), the community
// documentation of 1.14.4, and its Command Data page for Declare Commands.
#include "play_rows.hpp"
#include "play_values.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

constexpr ValueString kTeamColors[] = {
    {0, "black"}, {1, "dark blue"}, {2, "dark green"}, {3, "dark aqua"}, {4, "dark red"}, {5, "dark purple"},
    {6, "gold"}, {7, "gray"}, {8, "dark gray"}, {9, "blue"}, {10, "green"}, {11, "aqua"}, {12, "red"},
    {13, "light purple"}, {14, "yellow"}, {15, "white"}, {16, "obfuscated"}, {17, "bold"}, {18, "strikethrough"},
    {19, "underlined"}, {20, "italic"}, {21, "reset"}, {0, nullptr}};

// brigadier:double/float/integer/long: flags, then the bounds they announce.
F number_range(const char* key, const char* name, F min, F max) {
    return group(key, name, {
        i8("flags", "Flags").hex().flags({flag("has_min", "Min present", 0x01), flag("has_max", "Max present", 0x02)}),
        when("flags", 0x01, {min}),
        when("flags", 0x02, {max}),
    });
}

// An argument node's parser properties, by parser name (Command Data,
// "Properties"); the other parsers have none.
F parser_properties() {
    return select("parser", {
        on_text("brigadier:double", {number_range("double", "Double range", f64("min", "Min"), f64("max", "Max"))}),
        on_text("brigadier:float", {number_range("float", "Float range", f32("min", "Min"), f32("max", "Max"))}),
        on_text("brigadier:integer", {number_range("integer", "Integer range", i32("min", "Min"), i32("max", "Max"))}),
        on_text("brigadier:long", {number_range("long", "Long range", i64("min", "Min"), i64("max", "Max"))}),
        on_text("brigadier:string", {varint("string_type", "String type").vals(kStringParserTypes)}),
        on_text("minecraft:entity", {i8("entity_flags", "Entity flags").hex().flags({
            flag("single", "Single entity or player", 0x01), flag("players_only", "Players only", 0x02)})}),
        on_text("minecraft:score_holder", {i8("score_holder_flags", "Score holder flags").hex().flags({
            flag("allow_multiple", "Allow multiple", 0x01)})}),
        on_text("minecraft:range", {boolean("decimals", "Decimals allowed")}),
    });
}

F tag_list(const char* key, const char* name, const char* id_key, const char* id_name) {
    return group(key, name, {
        array("tags", "Tag", prefix(Kind::VarInt), {
            identifier("name", "Tag name"),
            array("entries", "Entry", prefix(Kind::VarInt), {varint(id_key, id_name)}),
        }),
    });
}

}  // namespace

Rows chat_cb() {
    return {chat("json", "JSON data").summary(), i8("position", "Position").vals(kChatPositions)};
}

Rows chat_sb() { return {string("message", "Message", 256).summary()}; }

Rows tab_complete_cb() {
    return {
        varint("transaction_id", "Transaction ID").summary(),
        varint("start", "Start"), varint("length", "Length"),
        array("matches", "Match", prefix(Kind::VarInt), {
            string("match", "Match"),
            option("has_tooltip", "Has tooltip", {chat("tooltip", "Tooltip")}),
        }),
    };
}

Rows tab_complete_sb() {
    return {varint("transaction_id", "Transaction ID").summary(), string("text", "Text", 32500).summary()};
}

Rows declare_commands() {
    return {
        varint("count", "Number of nodes").summary(),
        array("nodes", "Node", field_count(), {
            u8("flags", "Flags").hex().flags({
                bits("type", "Node type", 0x03).vals(kCommandNodeTypes),
                flag("executable", "Executable", 0x04),
                flag("has_redirect", "Has redirect", 0x08),
                flag("has_suggestions", "Has suggestions type", 0x10),
            }),
            array("children", "Child", prefix(Kind::VarInt), {varint("child", "Child index")}),
            when("flags", 0x08, {varint("redirect", "Redirect node")}),
            select("flags", {
                on(1, {string("name", "Name")}),
                on(2, {
                    string("name", "Name"),
                    identifier("parser", "Parser"),
                    parser_properties(),
                    when("flags", 0x10, {identifier("suggestions", "Suggestions type")}),
                }),
            }, {}, 0x03),
        }, "count"),
        varint("root_index", "Root index"),
    };
}

Rows boss_bar() {
    const F title = chat("title", "Title");
    const F health = f32("health", "Health").desc("0 to 1");
    const F color = varint("color", "Color").vals(kBossBarColors);
    const F division = varint("division", "Division").vals(kBossBarDivisions);
    const F flags = u8("flags", "Flags").hex().flags({
        flag("darken_sky", "Darken sky", 0x01), flag("dragon_bar", "Dragon bar (end music)", 0x02),
        flag("create_fog", "Create fog", 0x04)});
    return {
        uuid("uuid", "UUID").summary(),
        varint("action", "Action").vals(kBossBarActions).summary(),
        select("action", {
            on(0, {title, health, color, division, flags}),
            on(2, {health}),
            on(3, {title}),
            on(4, {color, division}),
            on(5, {flags}),
        }),
    };
}

Rows title() {
    return {
        varint("action", "Action").vals(kTitleActions).summary(),
        select("action", {
            on(0, {chat("title_text", "Title text").summary()}),
            on(1, {chat("subtitle_text", "Subtitle text").summary()}),
            on(2, {chat("action_bar_text", "Action bar text").summary()}),
            on(3, {i32("fade_in", "Fade in").unit("ticks"), i32("stay", "Stay").unit("ticks"),
                   i32("fade_out", "Fade out").unit("ticks")}),
        }),
    };
}

Rows player_info() {
    const F display_name = option("has_display_name", "Has display name", {chat("display_name", "Display name")});
    return {
        varint("action", "Action").vals(kPlayerInfoActions).summary(),
        varint("count", "Number of players").summary(),
        array("players", "Player", field_count(), {
            uuid("uuid", "UUID"),
            select("action", {
                on(0, {
                    string("name", "Name", 16),
                    array("properties", "Property", prefix(Kind::VarInt), {
                        string("property_name", "Name"), string("property_value", "Value"),
                        option("is_signed", "Is signed", {string("signature", "Signature")}),
                    }),
                    varint("gamemode", "Gamemode").vals(kGamemodes),
                    varint("ping", "Ping").unit("ms"),
                    display_name,
                }),
                on(1, {varint("gamemode", "Gamemode").vals(kGamemodes)}),
                on(2, {varint("ping", "Ping").unit("ms")}),
                on(3, {display_name}),
            }),
        }, "count"),
    };
}

Rows player_list_header_footer() { return {chat("header", "Header"), chat("footer", "Footer")}; }

Rows display_scoreboard() {
    return {
        i8("position", "Position").summary().desc("0: list, 1: sidebar, 2: below name, 3-18: team sidebar (3 + color)"),
        string("score_name", "Score name", 16).summary(),
    };
}

Rows scoreboard_objective() {
    const std::initializer_list<F> shown = {
        chat("value", "Objective value"), varint("type", "Type").vals(kObjectiveTypes),
    };
    return {
        string("objective_name", "Objective name", 16).summary(),
        i8("mode", "Mode").vals(kObjectiveModes).summary(),
        select("mode", {on(0, shown), on(2, shown)}),
    };
}

Rows teams() {
    const F entities = array("entities", "Entity", prefix(Kind::VarInt), {string("entity", "Entity", 40)})
                           .desc("player names, or entity UUIDs");
    const std::initializer_list<F> info = {
        chat("display_name", "Team display name"),
        i8("friendly_flags", "Friendly flags").hex().flags({
            flag("friendly_fire", "Allow friendly fire", 0x01),
            flag("see_invisible", "See invisible team members", 0x02)}),
        string("name_tag_visibility", "Name tag visibility", 32),
        string("collision_rule", "Collision rule", 32),
        varint("color", "Team color").vals(kTeamColors),
        chat("prefix", "Team prefix"), chat("suffix", "Team suffix"),
    };
    Rows create(info);
    create.push_back(entities);
    return {
        string("team_name", "Team name", 16).summary(),
        i8("mode", "Mode").vals(kTeamModes).summary(),
        select("mode", {
            CaseRows{0, nullptr, create},
            on(2, info),
            on(3, {entities}),
            on(4, {entities}),
        }),
    };
}

Rows update_score() {
    return {
        string("entity_name", "Entity name", 40).summary(),
        // Byte in the documentation; the game writes the enum as a VarInt
        // (minecraft-data agrees): the same byte for 0 and 1.
        varint("action", "Action").vals(kScoreActions),
        string("objective_name", "Objective name", 16).summary(),
        select("action", {on(0, {varint("value", "Value").summary()})}),
    };
}

Rows combat_event() {
    return {
        varint("event", "Event").vals(kCombatEvents).summary(),
        select("event", {
            on(1, {varint("duration", "Duration").unit("ticks"), i32("entity_id", "Entity ID")}),
            on(2, {varint("player_id", "Player ID").summary(), i32("entity_id", "Killer entity ID"),
                   chat("message", "Message")}),
        }),
    };
}

Rows statistics() {
    return {
        varint("count", "Count").summary(),
        array("statistics", "Statistic", field_count(), {
            varint("category_id", "Category").vals(kStatisticCategories),
            varint("statistic_id", "Statistic ID"),
            varint("value", "Value"),
        }, "count"),
    };
}

Rows advancements(const Types& t) {
    return {
        boolean("reset", "Reset/clear").summary(),
        array("advancements", "Advancement", prefix(Kind::VarInt), {
            identifier("key", "Advancement ID"),
            option("has_parent", "Has parent", {identifier("parent_id", "Parent ID")}),
            option("has_display", "Has display", {
                chat("title", "Title"), chat("description", "Description"),
                use("icon", "Icon", t.slot),
                varint("frame_type", "Frame type").vals(kAdvancementFrames),
                i32("flags", "Flags").hex().flags({
                    flag("has_background", "Has background texture", 0x01),
                    flag("show_toast", "Show toast", 0x02), flag("hidden", "Hidden", 0x04)}),
                when("flags", 0x01, {identifier("background_texture", "Background texture")}),
                f32("x", "X coord"), f32("y", "Y coord"),
            }),
            array("criteria", "Criterion", prefix(Kind::VarInt), {identifier("criterion", "Criterion ID")}),
            array("requirements", "Requirement", prefix(Kind::VarInt), {
                array("any_of", "Any of", prefix(Kind::VarInt), {string("requirement", "Criterion")}),
            }),
        }),
        array("removed", "Removed advancement", prefix(Kind::VarInt), {identifier("removed_id", "Advancement ID")}),
        array("progress", "Progress", prefix(Kind::VarInt), {
            identifier("progress_id", "Advancement ID"),
            array("criteria_progress", "Criterion progress", prefix(Kind::VarInt), {
                identifier("criterion_id", "Criterion ID"),
                option("achieved", "Achieved", {i64("date", "Date of achieving").unit("ms since 1970")}),
            }),
        }),
    };
}

Rows select_advancement_tab() {
    return {option("has_id", "Has ID", {identifier("identifier", "Tab").summary()})};
}

Rows advancement_tab() {
    return {
        varint("action", "Action").vals(kAdvancementTabActions).summary(),
        select("action", {on(0, {identifier("tab_id", "Tab ID").summary()})}),
    };
}

Rows tags(const Types& t) {
    Rows rows = {
        tag_list("block_tags", "Block tags", "block_id", "Block ID"),
        tag_list("item_tags", "Item tags", "item_id", "Item ID"),
        tag_list("fluid_tags", "Fluid tags", "fluid_id", "Fluid ID"),
    };
    if (t.gen != Generation::V404)  // 1.14 added entity type tags
        append(rows, {tag_list("entity_tags", "Entity tags", "entity_type", "Entity type")});
    return rows;
}

Rows plugin_message() { return {identifier("channel", "Channel").summary(), rest("data", "Data")}; }

Rows disconnect() { return {chat("reason", "Reason").summary()}; }

Rows keep_alive() { return {i64("keep_alive_id", "Keep Alive ID").summary()}; }

Rows resource_pack_send() { return {string("url", "URL").summary(), string("hash", "Hash (SHA-1)", 40)}; }

Rows resource_pack_status() { return {varint("result", "Result").vals(kResourcePackResults).summary()}; }

}  // namespace mcjava
