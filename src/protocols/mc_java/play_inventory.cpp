// Inventory, window and recipe packets of play, shared by 404 and the 1.14
// family (play_rows.hpp). Open Window and Trade List differ too much to
// share: they are in the version tables. Layouts: seed 003 (404) and the
// community documentation of 1.14.4.
#include "play_rows.hpp"
#include "play_values.hpp"

namespace mcjava {

using namespace core::describe;
using core::Kind;

namespace {

F window_id_u8() { return u8("window_id", "Window ID").summary(); }
F window_id_i8() { return i8("window_id", "Window ID").summary(); }

// Declare Recipes' Ingredient: any one of these items.
F ingredient(const Types& t) {
    return array("items", "Accepted item", prefix(Kind::VarInt), {use("item", "Item", t.slot)});
}

}  // namespace

Rows confirm_transaction() {
    return {window_id_i8(), i16("action_number", "Action number").summary(), boolean("accepted", "Accepted")};
}

Rows close_window() { return {window_id_u8()}; }

Rows window_items(const Types& t) {
    return {
        window_id_u8(), i16("count", "Count").summary(),
        array("slots", "Slot", field_count(), {use("item", "Item", t.slot)}, "count"),
    };
}

Rows window_property() {
    return {window_id_u8(), i16("property", "Property").summary(), i16("value", "Value").summary()};
}

Rows set_slot(const Types& t) {
    return {window_id_i8(), i16("slot", "Slot").summary(), use("item", "Slot data", t.slot)};
}

Rows set_cooldown() {
    return {varint("item_id", "Item ID").summary(), varint("cooldown", "Cooldown").unit("ticks").summary()};
}

Rows craft_recipe_response() { return {window_id_i8(), identifier("recipe", "Recipe").summary()}; }

Rows declare_recipes(const Types& t) {
    // Recipe data by type. 404 names the type without a namespace after the
    // recipe id; 1.14 puts the namespaced type first and adds the cooking
    // and stonecutting types.
    const bool v404 = t.gen == Generation::V404;
    const std::initializer_list<F> shapeless = {
        string("group", "Group"),
        array("ingredients", "Ingredient", prefix(Kind::VarInt), {ingredient(t)}),
        use("result", "Result", t.slot),
    };
    const std::initializer_list<F> shaped = {
        varint("width", "Width"), varint("height", "Height"),
        string("group", "Group"),
        // width * height ingredients, indexed by x + y * width
        array("ingredients", "Ingredient", product_count("height"), {ingredient(t)}, "width"),
        use("result", "Result", t.slot),
    };
    const std::initializer_list<F> cooking = {
        string("group", "Group"), group("ingredient", "Ingredient", {ingredient(t)}), use("result", "Result", t.slot),
        f32("experience", "Experience"), varint("cooking_time", "Cooking time").unit("ticks"),
    };
    const std::initializer_list<F> stonecutting = {
        string("group", "Group"), group("ingredient", "Ingredient", {ingredient(t)}), use("result", "Result", t.slot),
    };
    F recipe = v404
        ? array("recipes", "Recipe", field_count(), {
              identifier("recipe_id", "Recipe ID"),
              string("type", "Type"),
              select("type", {
                  on_text("crafting_shapeless", shapeless),
                  on_text("crafting_shaped", shaped),
                  on_text("smelting", cooking),
              }),
          }, "count")
        : array("recipes", "Recipe", field_count(), {
              identifier("type", "Type"),
              identifier("recipe_id", "Recipe ID"),
              select("type", {
                  on_text("minecraft:crafting_shapeless", shapeless),
                  on_text("minecraft:crafting_shaped", shaped),
                  on_text("minecraft:smelting", cooking),
                  on_text("minecraft:blasting", cooking),
                  on_text("minecraft:smoking", cooking),
                  on_text("minecraft:campfire_cooking", cooking),
                  on_text("minecraft:stonecutting", stonecutting),
              }),
          }, "count");
    // The crafting_special_* types carry no data.
    return {varint("count", "Number of recipes").summary(), recipe};
}

Rows unlock_recipes() {
    return {
        varint("action", "Action").vals(kUnlockRecipesActions).summary(),
        boolean("crafting_book_open", "Crafting recipe book open"),
        boolean("crafting_filter_active", "Crafting recipe book filter active"),
        boolean("smelting_book_open", "Smelting recipe book open"),
        boolean("smelting_filter_active", "Smelting recipe book filter active"),
        array("recipe_ids", "Recipe", prefix(Kind::VarInt), {identifier("recipe_id", "Recipe ID")}),
        select("action", {on(0, {
            array("init_recipe_ids", "Recipe added", prefix(Kind::VarInt), {identifier("init_recipe_id", "Recipe ID")}),
        })}),
    };
}

Rows held_item_change_cb() { return {i8("slot", "Slot").summary()}; }
Rows held_item_change_sb() { return {i16("slot", "Slot").summary()}; }

Rows click_window(const Types& t) {
    return {
        window_id_u8(), i16("slot", "Slot").summary(), i8("button", "Button"),
        i16("action_number", "Action number"), varint("mode", "Mode").vals(kClickModes).summary(),
        use("clicked_item", "Clicked item", t.slot),
    };
}

Rows click_window_button() {
    return {window_id_i8(), i8("button_id", "Button ID").summary().desc("Enchant Item (404): the enchantment, 0 = top")};
}

Rows creative_inventory_action(const Types& t) {
    return {i16("slot", "Slot").summary(), use("clicked_item", "Clicked item", t.slot)};
}

Rows edit_book(const Types& t) {
    return {
        use("new_book", "New book", t.slot), boolean("is_signing", "Is signing").summary(),
        varint("hand", "Hand").vals(kHandSlots),
    };
}

Rows pick_item() { return {varint("slot_to_use", "Slot to use").summary()}; }

Rows craft_recipe_request() {
    return {window_id_i8(), identifier("recipe", "Recipe").summary(), boolean("make_all", "Make all")};
}

Rows recipe_book_data(const Types& t) {
    Rows states = {
        boolean("crafting_book_open", "Crafting recipe book open"),
        boolean("crafting_filter_active", "Crafting recipe filter active"),
        boolean("smelting_book_open", "Smelting recipe book open"),
        boolean("smelting_filter_active", "Smelting recipe filter active"),
    };
    if (t.gen != Generation::V404)  // 1.14: the blast furnace's and smoker's books
        append(states, {
            boolean("blasting_book_open", "Blasting recipe book open"),
            boolean("blasting_filter_active", "Blasting recipe filter active"),
            boolean("smoking_book_open", "Smoking recipe book open"),
            boolean("smoking_filter_active", "Smoking recipe filter active"),
        });
    F type = select("type", {on(0, {identifier("recipe_id", "Recipe ID").summary()})});
    type.cases.push_back(CaseRows{1, nullptr, states});
    return {varint("type", "Type").vals(kRecipeBookDataTypes).summary(), type};
}

Rows name_item() { return {string("item_name", "Item name").summary()}; }

Rows select_trade() { return {varint("selected_slot", "Selected slot").summary()}; }

Rows set_beacon_effect() {
    return {varint("primary_effect", "Primary effect").summary(), varint("secondary_effect", "Secondary effect")};
}

}  // namespace mcjava
