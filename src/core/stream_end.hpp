// How a direction of a TCP connection ended.
#pragma once

#include <cstdint>

namespace core {

enum class StreamEnd : uint8_t { Open, Fin, Reset, CaptureEnd };

}  // namespace core
