#include "output.hpp"

#include "core/text.hpp"

namespace blankshark {

void json_escape(Output& out, std::string_view s) {
    static const char hex[] = "0123456789abcdef";
    while (!s.empty()) {
        const size_t bad = core::utf8_invalid_at(s);
        const std::string_view good = s.substr(0, bad);
        size_t start = 0;
        for (size_t i = 0; i < good.size(); ++i) {
            const unsigned char c = static_cast<unsigned char>(good[i]);
            if (c >= 0x20 && c != '"' && c != '\\') continue;
            out << good.substr(start, i - start);
            switch (c) {
            case '"': out << "\\\""; break;
            case '\\': out << "\\\\"; break;
            case '\n': out << "\\n"; break;
            case '\t': out << "\\t"; break;
            case '\r': out << "\\r"; break;
            default: out << "\\u00" << hex[c >> 4] << hex[c & 15];
            }
            start = i + 1;
        }
        out << good.substr(start);
        if (bad == std::string_view::npos) break;
        out << "\\ufffd";
        s.remove_prefix(bad + 1);
    }
}

}  // namespace blankshark
