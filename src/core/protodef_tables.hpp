// The tables a generator writes for a protocol a ProtoDef data set
// describes release by release: spans over the generated rows, and where
// one distinct description's packets and named types stand in them. The
// protocol's own rows (its packets, types and releases) say the rest.
#pragma once

#include <cstddef>
#include <cstdint>

namespace core::protodef {

template <class T>
struct Span {
    const T* data;
    size_t count;
    const T* begin() const { return data; }
    const T* end() const { return data + count; }
    size_t size() const { return count; }
    const T& operator[](size_t i) const { return data[i]; }
};

// One distinct protocol description (several releases may share one).
struct Description {
    int32_t protocol;  // of its first release
    const char* path;  // the description's folder in the data set
    uint32_t first_packet, packet_count;
    uint32_t first_type, type_count;
};

}  // namespace core::protodef
