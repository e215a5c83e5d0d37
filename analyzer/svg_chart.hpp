// Charts as inline SVG, generated here so a report is one self-contained
// HTML file (no script, no network): axes with round-number ticks, lines,
// stacked bars, horizontal bars, markers with tooltips (<title>), legend.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "output.hpp"

namespace blankshark {

struct Axis {
    double min = 0, max = 1;
    std::string label;
};

class SvgChart {
public:
    SvgChart(std::string title, Axis x, Axis y, int width = 960, int height = 260);

    using Points = std::vector<std::pair<double, double>>;
    void line(const Points& pts, const char* color, std::string_view name, double stroke = 1.5, bool dashed = false);
    // A filled box in data coordinates (bars, stacked bars, spans).
    // At least `min_px` wide and tall, centred where it is smaller.
    void box(double x0, double x1, double y0, double y1, const char* color, std::string_view tooltip = {},
             double min_px = 1);
    // Shapes: 'x' cross, 'v' triangle, 'o' circle, '|' tick.
    void marker(double x, double y, char shape, const char* color, std::string_view tooltip = {});
    void hline(double y, const char* color, std::string_view label);
    // A legend entry: a colour swatch, or the marker `shape` it stands for.
    void legend(std::string_view name, const char* color, char shape = 0);
    void note(std::string_view text);  // a line under the title (e.g. "first 1000 of 2400 shown")

    void write(Output& out) const;

    static constexpr const char* kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                                               "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#1f77b4", "#8c564b",
                                               "#17becf", "#bcbd22", "#7f7f7f", "#d62728"};

private:
    double px(double x) const;
    double py(double y) const;
    void num(double v);

    std::string title_, note_;
    Axis x_, y_;
    int w_, h_;
    double left_ = 64, right_ = 16, top_ = 44, bottom_ = 40;
    std::string body_;
    struct LegendItem {
        std::string name;
        const char* color;
        char shape;
    };
    std::vector<LegendItem> legend_;
    // A marker's shape at pixel (cx, cy), tooltip not closed.
    static void shape_at(std::string& out, double cx, double cy, char shape, const char* color, double top,
                         double bottom);
};

// Escapes text for HTML/SVG content and attributes.
void html_escape(std::string& out, std::string_view s);
void html_escape(Output& out, std::string_view s);

}  // namespace blankshark
