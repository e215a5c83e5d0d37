#include "svg_chart.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace blankshark {
namespace {

// A round step (1, 2 or 5 × 10^k) giving about `n` ticks over `range`.
double nice_step(double range, int n) {
    if (!(range > 0)) return 1;
    const double raw = range / n;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / mag;
    return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

std::string tick_label(double v, double step) {
    char buf[32];
    const int decimals = step >= 1 ? 0 : std::min(6, int(std::ceil(-std::log10(step))));
    if (std::fabs(v) >= 1e6 && step >= 1)
        std::snprintf(buf, sizeof buf, "%.3g", v);
    else
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

}  // namespace

void html_escape(std::string& out, std::string_view s) {
    for (char c : s) {
        switch (c) {
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '&': out += "&amp;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += "&#xFFFD;";
            else out += c;
        }
    }
}

void html_escape(Output& out, std::string_view s) {
    std::string tmp;
    html_escape(tmp, s);
    out << tmp;
}

SvgChart::SvgChart(std::string title, Axis x, Axis y, int width, int height)
    : title_(std::move(title)), x_(std::move(x)), y_(std::move(y)), w_(width), h_(height) {
    if (!(x_.max > x_.min)) x_.max = x_.min + 1;
    if (!(y_.max > y_.min)) y_.max = y_.min + 1;
}

double SvgChart::px(double x) const {
    const double f = (x - x_.min) / (x_.max - x_.min);
    return left_ + std::clamp(f, -0.01, 1.01) * (w_ - left_ - right_);
}

double SvgChart::py(double y) const {
    const double f = (y - y_.min) / (y_.max - y_.min);
    return h_ - bottom_ - std::clamp(f, -0.01, 1.01) * (h_ - top_ - bottom_);
}

void SvgChart::num(double v) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, std::round(v * 10) / 10, std::chars_format::fixed, 1);
    body_.append(buf, size_t(r.ptr - buf));
}

void SvgChart::line(const Points& pts, const char* color, std::string_view name, double stroke, bool dashed) {
    if (pts.empty()) return;
    body_ += "<polyline fill=\"none\" stroke=\"";
    body_ += color;
    body_ += "\" stroke-width=\"";
    num(stroke);
    body_ += dashed ? "\" stroke-dasharray=\"4 3\" points=\"" : "\" points=\"";
    for (const auto& [x, y] : pts) {
        num(px(x));
        body_ += ',';
        num(py(y));
        body_ += ' ';
    }
    body_ += "\"><title>";
    html_escape(body_, name);
    body_ += "</title></polyline>\n";
}

void SvgChart::box(double x0, double x1, double y0, double y1, const char* color, std::string_view tooltip,
                   double min_px) {
    double a = px(x0), b = px(x1), top = py(std::max(y0, y1)), bot = py(std::min(y0, y1));
    if (b - a < min_px) {
        a = (a + b - min_px) / 2;
        b = a + min_px;
    }
    if (bot - top < min_px) {
        top = (top + bot - min_px) / 2;
        bot = top + min_px;
    }
    body_ += "<rect x=\"";
    num(a);
    body_ += "\" y=\"";
    num(top);
    body_ += "\" width=\"";
    num(b - a);
    body_ += "\" height=\"";
    num(bot - top);
    body_ += "\" fill=\"";
    body_ += color;
    if (tooltip.empty()) {
        body_ += "\"/>\n";
        return;
    }
    body_ += "\"><title>";
    html_escape(body_, tooltip);
    body_ += "</title></rect>\n";
}

void SvgChart::shape_at(std::string& out, double cx, double cy, char shape, const char* color, double top,
                        double bottom) {
    char buf[200];
    // Big enough to see and to point at; a white outline keeps them apart from the lines under them.
    switch (shape) {
    case 'x':
        std::snprintf(buf, sizeof buf,
                      "<path stroke-width=\"2.2\" fill=\"none\" stroke=\"%s\" d=\"M%.1f %.1f L%.1f %.1f M%.1f %.1f "
                      "L%.1f %.1f\"",
                      color, cx - 4.5, cy - 4.5, cx + 4.5, cy + 4.5, cx - 4.5, cy + 4.5, cx + 4.5, cy - 4.5);
        break;
    case 'v':
        std::snprintf(buf, sizeof buf,
                      "<path fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.8\" d=\"M%.1f %.1f L%.1f %.1f L%.1f %.1f Z\"",
                      color, cx - 5, cy - 8.5, cx + 5, cy - 8.5, cx, cy);
        break;
    case '|':
        std::snprintf(buf, sizeof buf, "<path stroke-width=\"1\" stroke=\"%s\" d=\"M%.1f %.1f L%.1f %.1f\"", color, cx,
                      top, cx, bottom);
        break;
    default:
        std::snprintf(buf, sizeof buf, "<circle r=\"4.5\" stroke=\"#fff\" stroke-width=\"1\" fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\"",
                      color, cx, cy);
    }
    out += buf;
}

void SvgChart::marker(double x, double y, char shape, const char* color, std::string_view tooltip) {
    shape_at(body_, px(x), py(y), shape, color, top_, h_ - bottom_);
    if (tooltip.empty()) {
        body_ += "/>\n";
        return;
    }
    body_ += "><title>";
    html_escape(body_, tooltip);
    body_ += "</title></";
    body_ += shape == 'x' || shape == 'v' || shape == '|' ? "path>\n" : "circle>\n";
}

void SvgChart::hline(double y, const char* color, std::string_view label) {
    body_ += "<line stroke-dasharray=\"6 4\" stroke=\"";
    body_ += color;
    body_ += "\" x1=\"";
    num(left_);
    body_ += "\" x2=\"";
    num(w_ - right_);
    body_ += "\" y1=\"";
    num(py(y));
    body_ += "\" y2=\"";
    num(py(y));
    body_ += "\"/><text class=\"hl\" x=\"";
    num(w_ - right_ - 4);
    body_ += "\" y=\"";
    num(py(y) - 4);
    body_ += "\" text-anchor=\"end\" fill=\"";
    body_ += color;
    body_ += "\">";
    html_escape(body_, label);
    body_ += "</text>\n";
}

void SvgChart::legend(std::string_view name, const char* color, char shape) {
    legend_.push_back(LegendItem{std::string(name), color, shape});
}

void SvgChart::note(std::string_view text) { note_ = std::string(text); }

void SvgChart::write(Output& out) const {
    // Header: title, legend rows, note. The plot assumes one header row
    // below the title and moves down by the rows beyond it.
    std::vector<std::pair<double, double>> at;  // legend item positions
    double lx = left_, ly = 32;
    for (const auto& item : legend_) {
        const double w = 22 + 6.2 * double(item.name.size());
        if (lx + w > w_ - right_ && lx > left_) {
            lx = left_;
            ly += 15;
        }
        at.emplace_back(lx, ly);
        lx += w;
    }
    const int rows = (legend_.empty() ? 0 : int((ly - 32) / 15) + 1) + (note_.empty() ? 0 : 1);
    const int extra = std::max(0, rows - 1) * 15;
    out << "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w_ << "\" height=\"" << h_ + extra
        << "\" viewBox=\"0 0 " << w_ << ' ' << h_ + extra << "\" role=\"img\" aria-label=\"";
    html_escape(out, title_);
    out << "\">\n<text class=\"title\" x=\"" << int(left_) << "\" y=\"16\">";
    html_escape(out, title_);
    out << "</text>\n";
    for (size_t i = 0; i < legend_.size(); ++i) {
        char buf[160];
        if (legend_[i].shape && legend_[i].shape != '|') {
            std::string mark;
            shape_at(mark, at[i].first + 5, at[i].second - (legend_[i].shape == 'v' ? 0 : 4), legend_[i].shape,
                     legend_[i].color, 0, 0);
            out << mark << "/>";
        } else {
            std::snprintf(buf, sizeof buf, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>",
                          at[i].first, at[i].second - 9, legend_[i].color);
            out << buf;
        }
        std::snprintf(buf, sizeof buf, "<text class=\"legend\" x=\"%.1f\" y=\"%.1f\">", at[i].first + 13,
                      at[i].second);
        out << buf;
        html_escape(out, legend_[i].name);
        out << "</text>\n";
    }
    if (!note_.empty()) {
        out << "<text class=\"note\" x=\"" << int(left_) << "\" y=\"" << int(legend_.empty() ? 32 : ly + 15) << "\">";
        html_escape(out, note_);
        out << "</text>\n";
    }
    out << "<g transform=\"translate(0 " << extra << ")\">\n";
    // Grid and ticks.
    char buf[200];
    const double ystep = nice_step(y_.max - y_.min, 5);
    for (double v = std::ceil(y_.min / ystep) * ystep; v <= y_.max + ystep * 1e-9; v += ystep) {
        std::snprintf(buf, sizeof buf,
                      "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
                      "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                      left_, w_ - right_, py(v), py(v), left_ - 6, py(v) + 4, tick_label(v, ystep).c_str());
        out << buf;
    }
    const double xstep = nice_step(x_.max - x_.min, 10);
    for (double v = std::ceil(x_.min / xstep) * xstep; v <= x_.max + xstep * 1e-9; v += xstep) {
        std::snprintf(buf, sizeof buf,
                      "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
                      "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                      px(v), px(v), top_, h_ - bottom_, px(v), h_ - bottom_ + 16, tick_label(v, xstep).c_str());
        out << buf;
    }
    std::snprintf(buf, sizeof buf, "<text class=\"axis\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", 
                  (left_ + w_ - right_) / 2, h_ - 6);
    out << buf;
    html_escape(out, x_.label);
    std::snprintf(buf, sizeof buf,
                  "</text><text class=\"axis\" transform=\"translate(14 %.1f) rotate(-90)\" text-anchor=\"middle\">",
                  (top_ + h_ - bottom_) / 2);
    out << buf;
    html_escape(out, y_.label);
    out << "</text>\n";
    std::snprintf(buf, sizeof buf,
                  "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\"/>\n", left_,
                  top_, w_ - left_ - right_, h_ - top_ - bottom_);
    out << buf;
    out << body_ << "</g></svg>\n";
}

}  // namespace blankshark
