// The tag types of NBT, Minecraft's tree of named values, as both editions
// number them (Java's big-endian NBT and Bedrock's little-endian and network
// forms share the tags): the value strings of a tag type byte.
#pragma once

#include "core/field.hpp"

namespace minecraft {

inline constexpr core::ValueString kNbtTags[] = {
    {0, "TAG_End"},        {1, "TAG_Byte"},   {2, "TAG_Short"},     {3, "TAG_Int"},        {4, "TAG_Long"},
    {5, "TAG_Float"},      {6, "TAG_Double"}, {7, "TAG_Byte_Array"}, {8, "TAG_String"},    {9, "TAG_List"},
    {10, "TAG_Compound"}, {11, "TAG_Int_Array"}, {12, "TAG_Long_Array"}, {0, nullptr}};

}  // namespace minecraft
