// What every TCP protocol's conversation summary shares: its span is its
// TCP connection's, from the first segment to the one that closes it (FIN
// both ways, an RST, or the last before the capture ends), whatever of it
// could be decoded (an encrypted stream without its key, bytes after a gap).
#pragma once

#include "conversation_summary.hpp"
#include "tcp/flow_record.hpp"

namespace blankshark::tcp {

class TcpSummary : public ConversationSummary {
public:
    bool span(double& first, double& last) const override {
        if (!closed_) return false;
        first = first_;
        last = last_;
        return true;
    }

protected:
    // At the connection's close (its record holds its first and last segment).
    void close_span(const FlowRecord& c) {
        first_ = c.first_time;
        last_ = c.last_time;
        closed_ = true;
    }

private:
    double first_ = 0, last_ = 0;
    bool closed_ = false;
};

}  // namespace blankshark::tcp
