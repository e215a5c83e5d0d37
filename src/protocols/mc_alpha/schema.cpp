#include "schema.hpp"

#include "analysis_rows.hpp"
#include "directions.hpp"
#include "findings.hpp"
#include "tables.hpp"

namespace mcalpha {
namespace {

const core::Field kHeader[] = {
    {"packet_id", "Packet ID", core::Kind::U8, core::kFollows, 0, 0, nullptr,
     "message id: with the direction it names the message (and its length)", {nullptr, 0}, nullptr,
     core::Display::Hex},
};

const core::Version& version() {
    static const core::MessageTable tables[kTableCount] = {serverbound_table(), clientbound_table()};
    static const core::Version v{"6", "Minecraft Alpha SMP (protocol 6, wiki.vg December 2010)", {kHeader, 1},
                                 "packet_id", tables, kTableCount, nullptr, 0, nullptr, 0, nullptr, nullptr};
    return v;
}

core::DecodeFindings decode_findings() {
    using C = FindingCode;
    core::DecodeFindings f{};
    f.unknown_type = C::UnknownId;
    f.count_range = C::BadCount;
    f.trailing = C::TrailingBytes;
    f.truncated = C::Truncated;
    f.string_not_utf8 = C::StringNotUtf8;
    f.text_too_long = C::StringTooLong;
    f.unknown_value = C::UnknownValue;
    return f;
}

}  // namespace

const core::Schema& schema() {
    static const core::Schema s =
        core::compile(core::SchemaSpec{kPrefix, &version(), core::ByteOrder::Big, decode_findings(),
                                       analysis_field_rows()});
    return s;
}

}  // namespace mcalpha
