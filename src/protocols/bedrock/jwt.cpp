#include "jwt.hpp"

#include <nlohmann/json.hpp>

namespace bedrock {
namespace {

using Json = nlohmann::json;

int b64(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+' || c == '-') return 62;
    if (c == '/' || c == '_') return 63;
    return -1;
}

// The payload of a JWT ("header.payload.signature") as JSON.
bool payload(std::string_view token, Json& out) {
    const size_t a = token.find('.');
    if (a == std::string_view::npos) return false;
    const size_t b = token.find('.', a + 1);
    if (b == std::string_view::npos) return false;
    std::string text;
    if (!base64_decode(token.substr(a + 1, b - a - 1), text)) return false;
    out = Json::parse(text, nullptr, false);
    return out.is_object();
}

std::string text_of(const Json& o, const char* key) {
    const auto it = o.find(key);
    if (it == o.end()) return {};
    if (it->is_string()) return it->get<std::string>();
    if (it->is_number_integer()) return std::to_string(it->get<int64_t>());
    return {};
}

}  // namespace

bool base64_decode(std::string_view in, std::string& out) {
    out.clear();
    uint32_t acc = 0;
    int bits = 0;
    for (char c : in) {
        if (c == '=' || c == '\n' || c == '\r') continue;
        const int v = b64(c);
        if (v < 0) return false;
        acc = acc << 6 | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(char(acc >> bits & 0xFF));
        }
    }
    return true;
}

bool handshake_salt(std::string_view token, std::string& salt) {
    Json p;
    if (!payload(token, p)) return false;
    const auto it = p.find("salt");
    return it != p.end() && it->is_string() && base64_decode(it->get<std::string>(), salt) && !salt.empty();
}

bool read_login(std::string_view identity, std::string_view client, LoginInfo& out) {
    out = LoginInfo{};
    Json id = Json::parse(identity, nullptr, false);
    if (id.is_object() && id.contains("Certificate") && id["Certificate"].is_string())  // 1.21.90 and later
        id = Json::parse(id["Certificate"].get<std::string>(), nullptr, false);
    if (id.is_object() && id.contains("chain") && id["chain"].is_array()) {
        for (const Json& t : id["chain"]) {
            Json p;
            if (!t.is_string() || !payload(t.get<std::string>(), p)) continue;
            ++out.chain_tokens;
            const auto extra = p.find("extraData");
            if (extra == p.end() || !extra->is_object()) continue;
            out.display_name = text_of(*extra, "displayName");
            out.xuid = text_of(*extra, "XUID");
            out.identity = text_of(*extra, "identity");
            out.title_id = text_of(*extra, "titleId");
        }
    }
    Json c;
    if (payload(client, c)) {
        out.client_data = true;
        const auto os = c.find("DeviceOS");
        if (os != c.end() && os->is_number_integer()) {
            const int64_t n = os->get<int64_t>();
            const char* name = device_os_name(n);
            out.device_os = std::to_string(n) + (name ? std::string(" (") + name + ")" : std::string());
        }
        out.device_model = text_of(c, "DeviceModel");
        out.game_version = text_of(c, "GameVersion");
        out.server_address = text_of(c, "ServerAddress");
        out.language = text_of(c, "LanguageCode");
        if (out.display_name.empty()) out.display_name = text_of(c, "ThirdPartyName");
    }
    return out.chain_tokens > 0 || out.client_data;
}

const char* device_os_name(int64_t os) {
    static const char* const names[] = {"Unknown",   "Android", "iOS",     "macOS",          "Fire OS",
                                        "Gear VR",   "HoloLens", "Windows 10", "Windows (32-bit)", "Dedicated server",
                                        "tvOS",      "PlayStation", "Nintendo Switch", "Xbox", "Windows Phone",
                                        "Linux"};
    return os >= 0 && os < int64_t(sizeof names / sizeof names[0]) ? names[os] : nullptr;
}

}  // namespace bedrock
