#include "key_log_option.hpp"

#include <memory>

#include "protocols/mc_java/key_log.hpp"

namespace blankshark {

bool load_key_log(const std::string& path, StreamOptions& opt, std::string& error) {
    const char* env = mcjava::key_log_from_environment();
    const std::string file = !path.empty() ? path : env ? env : "";
    if (file.empty()) return true;
    auto log = std::make_shared<mcjava::KeyLog>();
    if (!log->load(file, error)) return false;
    opt.java_keys = std::move(log);
    return true;
}

}  // namespace blankshark
