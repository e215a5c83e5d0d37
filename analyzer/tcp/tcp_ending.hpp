// How a TCP connection ended, in words, for check's conversation lines:
// "FIN from the client (frame 12), then the server's (frame 14)", "RST from
// the server in frame 9", "cut by the end of the capture (no FIN or RST)".
#pragma once

#include <cstdint>
#include <string>

namespace blankshark::tcp {

// Each direction's (client's, server's) FIN and RST frames, 0 where none.
std::string ending_text(const uint64_t fin_frame[2], const uint64_t rst_frame[2]);

}  // namespace blankshark::tcp
