// What a protocol resolves once per compiled schema (the nodes of its
// analysis rows, the ids of the fields it keeps): computed on first use,
// kept for the program's life, shared by threads.
#pragma once

#include <map>
#include <mutex>

#include "schema.hpp"

namespace core {

// make(s) once per schema; one cache per (T, Make) type: a lambda per call site.
// Each thread remembers its last answer: a connection asks with the same
// schema for every packet, and then takes no lock (map entries never move).
template <class T, class Make>
const T& per_schema(const Schema& s, Make make) {
    thread_local const Schema* last = nullptr;
    thread_local const T* last_value = nullptr;
    if (&s == last) return *last_value;
    static std::mutex m;
    static std::map<const Schema*, T> cache;
    std::lock_guard<std::mutex> lock(m);
    auto it = cache.find(&s);
    if (it == cache.end()) it = cache.emplace(&s, make(s)).first;
    last = &s;
    last_value = &it->second;
    return it->second;
}

}  // namespace core
