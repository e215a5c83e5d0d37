#include "zlib_inflate.hpp"

#include <zlib.h>

namespace blank {

InflateResult zlib_inflate(const uint8_t* in, size_t len, size_t limit, std::vector<uint8_t>& out) {
    InflateResult r;
    out.resize(limit);
    z_stream z{};
    if (inflateInit(&z) != Z_OK) {
        r.error = "zlib init failed";
        out.clear();
        return r;
    }
    z.next_in = const_cast<Bytef*>(in);
    z.avail_in = uInt(len);
    z.next_out = out.data();
    z.avail_out = uInt(limit);
    const int rc = inflate(&z, Z_FINISH);
    out.resize(limit - z.avail_out);
    r.consumed = len - z.avail_in;
    if (rc == Z_STREAM_END) {
        r.ok = true;
    } else if (rc == Z_BUF_ERROR && z.avail_out == 0) {
        r.error = "inflates to more than a chunk";
    } else if (rc == Z_BUF_ERROR) {
        r.error = "stream ends early";
    } else {
        r.error = z.msg ? z.msg : "not a zlib stream";
    }
    inflateEnd(&z);
    return r;
}

}  // namespace blank
