// A protocol's tables as the commands' sections (protocol_section.hpp),
// written once for every protocol. The protocol gives its table and Feed,
// the one part that knows its units' type: which of its units the table
// takes, and what of them.
#pragma once

#include <cstddef>
#include <utility>

#include "protocol_section.hpp"

namespace blankshark {

// T has text(out, rep) and json(out, rep), as StatsSection's.
template <class T, void (*Feed)(T&, const Unit&)>
class StatsOf final : public StatsSection {
public:
    void unit(const Unit& u) override { Feed(table_, u); }
    void text(Output& out, const FileReport& rep) const override { table_.text(out, rep); }
    void json(Output& out, const FileReport& rep) const override { table_.json(out, rep); }

private:
    T table_;
};

// T has text(out), json(out), count(), extracted() and extract_failed(),
// as ChunksSection's.
template <class T, void (*Feed)(T&, const Unit&)>
class ChunksOf final : public ChunksSection {
public:
    // `what`: what its rows are (ChunksSection::what); `args` make the table.
    template <class... Args>
    explicit ChunksOf(const char* what, Args&&... args) : table_(std::forward<Args>(args)...), what_(what) {}
    void unit(const Unit& u) override { Feed(table_, u); }
    void text(Output& out) const override { table_.text(out); }
    void json(Output& out) const override { table_.json(out); }
    size_t count() const override { return table_.count(); }
    size_t extracted() const override { return table_.extracted(); }
    size_t extract_failed() const override { return table_.extract_failed(); }
    const char* what() const override { return what_; }

private:
    T table_;
    const char* what_;
};

// T has chart(out, id, t0, t1), as ReportSection's (without the summary),
// and is made from the number of conversations it charts.
template <class T, void (*Feed)(T&, const Unit&)>
class ReportOf final : public ReportSection {
public:
    explicit ReportOf(uint32_t max) : table_(max) {}
    void unit(const Unit& u) override { Feed(table_, u); }
    bool chart(Output& out, uint32_t id, const ConversationSummary&, double t0, double t1) override {
        return table_.chart(out, id, t0, t1);
    }

private:
    T table_;
};

}  // namespace blankshark
