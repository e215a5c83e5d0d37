#include "mc_java/java_analysis_report.hpp"

namespace blankshark {
namespace {

using mcjava::Exchange;

// "p50 0.4 ms, p90 0.9 ms, max 1.2 ms" (milliseconds, 1 decimal).
void ms_text(Output& out, const core::Distribution& d) {
    out << "p50 ";
    out.fixed(d.quantile(0.5) * 1000.0, 1) << " ms, p90 ";
    out.fixed(d.quantile(0.9) * 1000.0, 1) << " ms, max ";
    out.fixed(d.max() * 1000.0, 1) << " ms";
}

void dist_json(Output& out, const core::Distribution& d) {
    out << "{\"count\":" << d.count() << ",\"min\":";
    out.number(d.min()) << ",\"p50\":";
    out.number(d.quantile(0.5)) << ",\"p90\":";
    out.number(d.quantile(0.9)) << ",\"p99\":";
    out.number(d.quantile(0.99)) << ",\"max\":";
    out.number(d.max()) << '}';
}

void requests_text(Output& out, const char* name, const mcjava::RequestTracker& t) {
    const auto& all = t.exchanges();
    if (all.empty() && !t.unknown_answers()) return;
    out << "  " << name << ": " << all.size() << " sent, " << (all.size() - t.unanswered()) << " answered, "
        << t.unanswered() << " unanswered, " << t.unknown_answers() << " answers to ids never sent";
    if (t.slow_threshold() > 0) {
        out << ", " << t.slow() << " slower than ";
        out.fixed(t.slow_threshold(), 3) << " s";
    }
    if (t.late()) out << ", " << t.late() << " answered after the kick window";
    if (!t.delays().empty()) {
        out << "; answer time ";
        ms_text(out, t.delays());
    }
    out << '\n';
    for (const Exchange& e : all) {
        out << "    ";
        if (e.has_id) out << "id " << e.id << ": ";
        out << "frame " << e.request_frame;
        if (!e.has_id) {
            out << ", no confirm in this version\n";
        } else if (e.answered()) {
            out << " -> " << e.answer_frame << ", ";
            out.fixed(e.delay() * 1000.0, 1) << " ms\n";
        } else {
            out << ", never answered\n";
        }
    }
}

void requests_json(Output& out, const char* key, const mcjava::RequestTracker& t) {
    out << ",\"" << key << "\":{\"sent\":" << t.exchanges().size() << ",\"unanswered\":" << t.unanswered()
        << ",\"unknown_answers\":" << t.unknown_answers() << ",\"late\":" << t.late() << ",\"slow\":" << t.slow()
        << ",\"slow_threshold\":";
    out.number(t.slow_threshold()) << ",\"time\":";
    dist_json(out, t.delays());
    out << ",\"exchanges\":[";
    bool first = true;
    for (const Exchange& e : t.exchanges()) {
        out << (first ? "" : ",") << "{\"id\":" << e.id << ",\"request_frame\":" << e.request_frame
            << ",\"answer_frame\":" << e.answer_frame << ",\"time\":";
        if (e.answered()) out.number(e.delay());
        else out << "null";
        out << '}';
        first = false;
    }
    out << "]}";
}

void point(Output& out, double x, double y, double z) {
    out << '(';
    out.fixed(x, 3) << ", ";
    out.fixed(y, 3) << ", ";
    out.fixed(z, 3) << ')';
}

void teleports_text(Output& out, const mcjava::TeleportTracker& t) {
    if (t.teleports().empty() && !t.unknown_confirms()) return;
    out << "  teleports: " << t.teleports().size() << ", " << (t.teleports().size() - t.unconfirmed() - t.without_id())
        << " confirmed, " << t.unconfirmed() << " never confirmed, ";
    if (t.without_id()) out << t.without_id() << " without an id (no Teleport Confirm before 1.9), ";
    out << t.unknown_confirms()
        << " confirms of ids never sent, " << t.far() << " farther than ";
    out.fixed(t.threshold(), 3) << " blocks unasked";
    if (t.commanded()) out << " (and " << t.commanded() << " after the client's command)";
    if (!t.delays().empty()) {
        out << "; confirm time ";
        ms_text(out, t.delays());
    }
    if (!t.distances().empty()) {
        out << "; distance p50 ";
        out.fixed(t.distances().quantile(0.5), 3) << ", p99 ";
        out.fixed(t.distances().quantile(0.99), 3) << ", max ";
        out.fixed(t.distances().max(), 3) << " blocks";
    }
    out << '\n';
    for (const Exchange& e : t.teleports()) {
        // Before 1.9 a teleport has no id and no confirm: neither is claimed.
        if (e.has_id) out << "    id " << e.id << ": frame " << e.request_frame;
        else out << "    frame " << e.request_frame << " (no id: no Teleport Confirm before 1.9)";
        if (e.answered()) {
            out << " -> " << e.answer_frame << " (";
            out.fixed(e.delay() * 1000.0, 1) << " ms)";
        } else if (e.has_id) {
            out << ", never confirmed";
        }
        out << ", to ";
        point(out, e.x, e.y, e.z);
        if (e.has_client) {
            out << " from ";
            point(out, e.client_x, e.client_y, e.client_z);
            out << " [frame " << e.client_frame << "], distance ";
            out.fixed(e.distance, 3);
        } else {
            out << ", no client position before it";
        }
        out << '\n';
    }
}

void teleports_json(Output& out, const mcjava::TeleportTracker& t) {
    out << ",\"teleports\":{\"sent\":" << t.teleports().size() << ",\"unconfirmed\":" << t.unconfirmed()
        << ",\"without_id\":" << t.without_id()
        << ",\"unknown_confirms\":" << t.unknown_confirms() << ",\"far\":" << t.far() << ",\"commanded\":" << t.commanded()
        << ",\"threshold\":";
    out.number(t.threshold()) << ",\"time\":";
    dist_json(out, t.delays());
    out << ",\"distance\":";
    dist_json(out, t.distances());
    out << ",\"list\":[";
    bool first = true;
    for (const Exchange& e : t.teleports()) {
        out << (first ? "" : ",") << "{\"id\":";
        if (e.has_id) out << e.id;
        else out << "null";
        out << ",\"frame\":" << e.request_frame
            << ",\"confirm_frame\":" << e.answer_frame << ",\"time\":";
        if (e.answered()) out.number(e.delay());
        else out << "null";
        out << ",\"x\":";
        out.number(e.x) << ",\"y\":";
        out.number(e.y) << ",\"z\":";
        out.number(e.z) << ",\"flags\":" << int(e.flags) << ",\"distance\":";
        if (e.has_client) {
            out.number(e.distance) << ",\"client_frame\":" << e.client_frame;
        } else {
            out << "null";
        }
        out << '}';
        first = false;
    }
    out << "]}";
}

void columns_text(Output& out, const mcjava::ColumnTracker& c) {
    if (!c.loads() && !c.unloads() && !c.light_packets()) return;
    out << "  chunk columns: " << c.loads() << " sent (" << c.distinct() << " distinct), " << c.unloads()
        << " unloaded, " << c.loaded_now() << " loaded at the end (at most " << c.max_loaded() << "), " << c.bytes()
        << " bytes (" << c.data_bytes() << " uncompressed)";
    if (c.light_packets()) out << ", " << c.light_packets() << " Update Light";
    if (c.first_after_login() >= 0) {
        out << "; first ";
        out.fixed(c.first_after_login(), 3) << " s, last ";
        out.fixed(c.last_after_login(), 3) << " s after Login Success";
    }
    // Each column's coordinates: `blankshark chunks` lists them (check's text is a verdict).
    out << '\n';
}

void columns_json(Output& out, const mcjava::ColumnTracker& c) {
    out << ",\"chunk_columns\":{\"sent\":" << c.loads() << ",\"distinct\":" << c.distinct() << ",\"unloaded\":"
        << c.unloads() << ",\"loaded_at_end\":" << c.loaded_now() << ",\"max_loaded\":" << c.max_loaded()
        << ",\"bytes\":" << c.bytes() << ",\"uncompressed_bytes\":" << c.data_bytes() << ",\"update_light\":"
        << c.light_packets() << ",\"first_after_login\":";
    if (c.first_after_login() >= 0) out.number(c.first_after_login());
    else out << "null";
    out << ",\"last_after_login\":";
    if (c.last_after_login() >= 0) out.number(c.last_after_login());
    else out << "null";
    out << ",\"events\":[";
    bool first = true;
    for (const auto& e : c.events()) {
        out << (first ? "" : ",") << "{\"x\":" << e.x << ",\"z\":" << e.z << ",\"frame\":" << e.frame
            << ",\"event\":\"" << (e.kind == mcjava::ColumnTracker::EventKind::Load ? "load" : "unload") << "\"}";
        first = false;
    }
    out << "]}";
}

void entities_text(Output& out, const mcjava::EntityTracker& e) {
    if (!e.spawned() && !e.destroyed() && !e.unknown_updates() && !e.unknown_destroys()) return;
    out << "  entities: " << e.spawned() << " spawned";
    if (!e.spawns().empty()) {
        out << " (";
        bool first = true;
        for (const auto& [k, n] : e.spawns()) {
            out << (first ? "" : ", ") << mcjava::spawn_kind_name(k.first);
            if (k.second >= 0) out << ' ' << k.second;
            out << ": " << n;
            first = false;
        }
        out << ')';
    }
    out << ", " << e.destroyed() << " destroyed, " << e.alive() << " alive at the end, " << e.unknown_updates()
        << " updates of entities not alive, " << e.unknown_destroys() << " destroys of entities not alive\n";
}

void entities_json(Output& out, const mcjava::EntityTracker& e) {
    out << ",\"entities\":{\"spawned\":" << e.spawned() << ",\"destroyed\":" << e.destroyed() << ",\"alive_at_end\":"
        << e.alive() << ",\"unknown_updates\":" << e.unknown_updates() << ",\"unknown_destroys\":"
        << e.unknown_destroys() << ",\"spawns\":[";
    bool first = true;
    for (const auto& [k, n] : e.spawns()) {
        out << (first ? "" : ",") << "{\"packet\":\"" << mcjava::spawn_kind_name(k.first) << "\",\"type\":" << k.second
            << ",\"count\":" << n << '}';
        first = false;
    }
    out << "]}";
}

void silence_text(Output& out, const mcjava::SilenceTracker& s) {
    out << "  silence:";
    for (int d = 0; d < 2; ++d) {
        const auto dir = core::Side(d);
        const auto& side = s.side(dir);
        out << (d ? "; " : " ") << (d == 0 ? "client" : "server") << " longest ";
        out.fixed(side.longest, 3) << " s";
        if (side.longest_frame) out << " (ended in frame " << side.longest_frame << ')';
        out << ", quiet for the last ";
        out.fixed(s.final_silence(dir), 3) << " s";
    }
    out << '\n';
}

void silence_json(Output& out, const mcjava::SilenceTracker& s) {
    out << ",\"silence\":{";
    for (int d = 0; d < 2; ++d) {
        const auto dir = core::Side(d);
        out << (d ? ",\"" : "\"") << (d == 0 ? "client" : "server") << "\":{\"longest\":";
        out.number(s.side(dir).longest) << ",\"longest_frame\":" << s.side(dir).longest_frame << ",\"final\":";
        out.number(s.final_silence(dir)) << '}';
    }
    out << '}';
}

}  // namespace

void java_analysis_text(Output& out, const mcjava::Analysis& a) {
    silence_text(out, a.silence());
    requests_text(out, "keep-alive", a.keepalives());
    requests_text(out, "status ping", a.pings());
    teleports_text(out, a.teleports());
    columns_text(out, a.columns());
    entities_text(out, a.entities());
}

void java_analysis_json(Output& out, const mcjava::Analysis& a) {
    silence_json(out, a.silence());
    requests_json(out, "keepalive", a.keepalives());
    requests_json(out, "status_ping", a.pings());
    teleports_json(out, a.teleports());
    columns_json(out, a.columns());
    entities_json(out, a.entities());
}

}  // namespace blankshark
