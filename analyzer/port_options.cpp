#include "port_options.hpp"

#include <cctype>
#include <cstring>

#include "protocols/catalog.hpp"

namespace blankshark {
namespace {

bool parse_number(const std::string& s, uint16_t& out) {
    if (s.empty() || s.size() > 5) return false;
    unsigned long v = 0;
    for (char c : s) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
        v = v * 10 + unsigned(c - '0');
    }
    if (v == 0 || v > 65535) return false;
    out = uint16_t(v);
    return true;
}

}  // namespace

bool apply_port(const std::string& spec, StreamOptions& opt, std::string& error) {
    const size_t eq = spec.find('=');
    const std::string name = eq == std::string::npos ? "blank" : spec.substr(0, eq);
    const std::string number = eq == std::string::npos ? spec : spec.substr(eq + 1);
    for (const core::ProtocolInfo* p : catalog::protocols()) {
        if (name != p->field_prefix && name != p->filter_name) continue;
        if (p->carried_by) {
            error = "'" + name + "' has no port of its own: it is carried by " +
                    (p->carried_by ? p->carried_by->field_prefix : "another protocol") + " (--port " +
                    (p->carried_by ? p->carried_by->field_prefix : "") + "=N)";
            return false;
        }
        uint16_t port;
        if (!parse_number(number, port)) {
            error = "'" + spec + "': the port must be a number from 1 to 65535";
            return false;
        }
        opt.set_port(*p, port);
        return true;
    }
    error = "'" + spec + "': unknown protocol '" + name + "' (known: " + port_help() + ")";
    return false;
}

std::string port_help() {
    StreamOptions defaults;
    std::string s;
    for (const core::ProtocolInfo* p : catalog::protocols())
        if (const uint16_t port = defaults.port_of(*p))
            s += (s.empty() ? "" : ", ") + std::string(p->field_prefix) + "=" + std::to_string(port);
    return s;
}

}  // namespace blankshark
