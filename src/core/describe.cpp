#include "describe.hpp"

namespace core::describe {

F position(const char* k, const char* n, PositionLayout layout) {
    F r = leaf(k, n, Kind::Position);
    r.f.variant = layout;
    const char* what = layout == PositionLayout::XYZ_26_12_26 ? "packed x 26 | y 12 | z 26 bits"
                                                              : "packed x 26 | z 26 | y 12 bits";
    r.f.desc = what;
    Field x = leaf("x", "X", Kind::PosComp), y = leaf("y", "Y", Kind::PosComp), z = leaf("z", "Z", Kind::PosComp);
    x.axis = 0;
    y.axis = 1;
    z.axis = 2;
    r.sub = {F(x), F(y), F(z)};
    return r;
}

Layout Arena::layout(const std::vector<F>& rows) {
    if (rows.empty()) return Layout{nullptr, 0};
    auto out = std::make_unique<Field[]>(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        Field f = rows[i].f;
        f.sub = layout(rows[i].sub);
        if (!rows[i].cases.empty()) {
            auto cs = std::make_unique<Case[]>(rows[i].cases.size());
            for (size_t c = 0; c < rows[i].cases.size(); ++c) {
                const CaseRows& cr = rows[i].cases[c];
                cs[c] = Case{cr.value, cr.text, layout(cr.rows)};
            }
            f.cases = Cases{cs.get(), rows[i].cases.size()};
            std::lock_guard<std::mutex> lock(m_);
            cases_.push_back(std::move(cs));
        }
        out[i] = f;
    }
    const Layout l{out.get(), rows.size()};
    std::lock_guard<std::mutex> lock(m_);
    fields_.push_back(std::move(out));
    return l;
}

TypeDef* Arena::type(const char* name, const char* desc) {
    std::lock_guard<std::mutex> lock(m_);
    types_.push_back(TypeDef{name, desc, Layout{nullptr, 0}});
    return &types_.back();
}

MessageType* Arena::messages(size_t n) {
    std::lock_guard<std::mutex> lock(m_);
    messages_.push_back(std::make_unique<MessageType[]>(n));
    return messages_.back().get();
}

Arena& arena() {
    static Arena a;
    return a;
}

MessageTable table(const char* key, const char* name, const std::vector<M>& msgs) {
    MessageType* types = arena().messages(msgs.size());
    for (size_t i = 0; i < msgs.size(); ++i) {
        const M& m = msgs[i];
        types[i] = MessageType{m.id, m.key, m.name, m.desc, LengthSpec{}, arena().layout(m.rows)};
    }
    return MessageTable{key, name, types, msgs.size()};
}

}  // namespace core::describe
