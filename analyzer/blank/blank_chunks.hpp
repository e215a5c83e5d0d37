// blank's rows of `blankshark chunks`: one per chunk transmission (pieces,
// resends, duplicates, re-requests, missing byte ranges, how it ended),
// each conversation's revision, and with --extract each completed chunk's
// inflated data in a file.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "blank/blank_unit.hpp"
#include "output.hpp"

namespace blankshark {

class BlankChunks {
public:
    // `extract_dir`: where completed chunks go (empty: nowhere).
    explicit BlankChunks(std::string extract_dir) : dir_(std::move(extract_dir)) {}
    void packet(const BlankUnit& u);
    // Once the pass is done (its transmissions ended): the table, or nothing without rows.
    void text(Output& out) const;
    void json(Output& out) const;
    size_t count() const;
    size_t extracted() const { return extracted_; }
    size_t extract_failed() const { return failed_; }

private:
    std::string dir_;
    size_t extracted_ = 0, failed_ = 0;
    // By conversation id: its transmissions, read once the pass is done.
    std::vector<std::shared_ptr<const blank::ConversationAnalysis>> convs_;
};

}  // namespace blankshark
