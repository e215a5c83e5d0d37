#include "tcp/tcp_ending.hpp"

namespace blankshark::tcp {
namespace {

const char* side(int d) { return d == 0 ? "client" : "server"; }

}  // namespace

std::string ending_text(const uint64_t fin_frame[2], const uint64_t rst_frame[2]) {
    for (int i = 0; i < 2; ++i)
        if (rst_frame[i]) return std::string("RST from the ") + side(i) + " in frame " + std::to_string(rst_frame[i]);
    if (fin_frame[0] && fin_frame[1]) {
        const int first = fin_frame[0] <= fin_frame[1] ? 0 : 1;
        return std::string("FIN from the ") + side(first) + " (frame " + std::to_string(fin_frame[first]) +
               "), then the " + side(1 - first) + "'s (frame " + std::to_string(fin_frame[1 - first]) + ")";
    }
    for (int i = 0; i < 2; ++i)
        if (fin_frame[i])
            return std::string("FIN from the ") + side(i) + " (frame " + std::to_string(fin_frame[i]) +
                   "); the capture ended before the " + side(1 - i) + "'s";
    return "cut by the end of the capture (no FIN or RST)";
}

}  // namespace blankshark::tcp
