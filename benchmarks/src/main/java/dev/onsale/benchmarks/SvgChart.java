package dev.onsale.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A line chart as inline SVG, for a page that opens offline: a title, axes with a few labelled ticks, one polyline
 * per series, a legend, vertical markers (where the settling began, say) and shaded bands (a fault's window). It is an image to assistive
 * technology, named by its title ({@code role="img"}, {@code aria-label}, {@code <title>}). Points that are not
 * finite numbers are left out; a chart with no points, or whose values are all equal, still gets a scale: no
 * division by zero, no {@code NaN} in the output. Every text is escaped; the markup is well-formed XML.
 */
final class SvgChart {

    static final int WIDTH = 560;

    private static final int PLOT_HEIGHT = 190;
    private static final int LEFT = 64;
    private static final int RIGHT = 20;
    private static final int TOP = 36;
    private static final int LEGEND_ROW = 18;
    private static final int TICKS = 5;
    /** Okabe and Ito's palette, told apart with every kind of colour vision. */
    private static final List<String> COLOURS =
            List.of("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442");

    record Point(double x, double y) {}

    record Series(String name, List<Point> points) {}

    record Marker(double x, String label) {}

    record Band(double from, double to, String label) {}

    /** An axis' range and its ticks' step; {@code max > min} always. */
    private record Scale(double min, double max, double step) {

        double fraction(double value) {
            return (value - min) / (max - min);
        }
    }

    private final String title;
    private final String xLabel;
    private final List<Series> series = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();

    SvgChart(String title, String xLabel) {
        this.title = title;
        this.xLabel = xLabel;
    }

    SvgChart series(String name, List<Point> points) {
        series.add(new Series(name, points.stream().filter(SvgChart::finite).toList()));
        return this;
    }

    SvgChart marker(double x, String label) {
        if (Double.isFinite(x)) {
            markers.add(new Marker(x, label));
        }
        return this;
    }

    /** A shaded span of the x axis, behind the lines, labelled at its top (cut to the chart's range). */
    SvgChart band(double from, double to, String label) {
        if (Double.isFinite(from) && Double.isFinite(to) && to > from) {
            bands.add(new Band(from, to, label));
        }
        return this;
    }

    String render() {
        Scale xs = scale(values(Point::x), false);
        Scale ys = scale(values(Point::y), true);
        int plotWidth = WIDTH - LEFT - RIGHT;
        int bottom = TOP + PLOT_HEIGHT;
        List<int[]> legend = legendPlaces(bottom + 48);
        int height = legend.isEmpty() ? bottom + 48 : legend.getLast()[1] + LEGEND_ROW;
        StringBuilder svg = new StringBuilder();
        svg.append(("<svg class=\"chart\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\""
                        + " aria-label=\"%s\" font-family=\"sans-serif\" font-size=\"12\">")
                .formatted(WIDTH, height, WIDTH, height, Html.escape(title)));
        svg.append("<title>").append(Html.escape(title)).append("</title>");
        svg.append("<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">%s</text>"
                .formatted(LEFT, Html.escape(title)));
        for (double y = ys.min(); y <= ys.max() + ys.step() / 2; y += ys.step()) {
            String py = number(bottom - ys.fraction(y) * PLOT_HEIGHT);
            svg.append("<line x1=\"%d\" y1=\"%s\" x2=\"%d\" y2=\"%s\" stroke=\"#ddd\"/>"
                    .formatted(LEFT, py, LEFT + plotWidth, py));
            svg.append("<text x=\"%d\" y=\"%s\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>"
                    .formatted(LEFT - 6, py, label(y, ys.step())));
        }
        for (double x = Math.ceil(xs.min() / xs.step()) * xs.step(); x <= xs.max() + xs.step() / 1e6; x += xs.step()) {
            String px = number(LEFT + xs.fraction(x) * plotWidth);
            svg.append("<line x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\" stroke=\"#333\"/>"
                    .formatted(px, bottom, px, bottom + 5));
            svg.append("<text x=\"%s\" y=\"%d\" text-anchor=\"middle\">%s</text>"
                    .formatted(px, bottom + 18, label(x, xs.step())));
        }
        svg.append(
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>".formatted(LEFT, TOP, LEFT, bottom));
        svg.append("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>"
                .formatted(LEFT, bottom, LEFT + plotWidth, bottom));
        svg.append("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>"
                .formatted(LEFT + plotWidth / 2, bottom + 34, Html.escape(xLabel)));
        for (Band band : bands) {
            double from = Math.max(band.from(), xs.min());
            double to = Math.min(band.to(), xs.max());
            if (to > from) {
                double px = LEFT + xs.fraction(from) * plotWidth;
                svg.append(("<rect x=\"%s\" y=\"%d\" width=\"%s\" height=\"%d\" fill=\"#E69F00\" fill-opacity=\"0.18\">"
                                + "<title>%s</title></rect>")
                        .formatted(
                                number(px),
                                TOP,
                                number((xs.fraction(to) - xs.fraction(from)) * plotWidth),
                                PLOT_HEIGHT,
                                Html.escape(band.label())));
                svg.append("<text x=\"%s\" y=\"%d\" fill=\"#8a5a00\" font-size=\"10\">%s</text>"
                        .formatted(number(px + 2), TOP + 11, Html.escape(band.label())));
            }
        }
        for (Marker marker : markers) {
            if (marker.x() >= xs.min() && marker.x() <= xs.max()) {
                String px = number(LEFT + xs.fraction(marker.x()) * plotWidth);
                svg.append("<line x1=\"%s\" y1=\"%d\" x2=\"%s\" y2=\"%d\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>"
                        .formatted(px, TOP, px, bottom));
                svg.append("<text x=\"%s\" y=\"%d\" fill=\"#555\" text-anchor=\"%s\">%s</text>"
                        .formatted(
                                px,
                                TOP - 4,
                                xs.fraction(marker.x()) > 0.75 ? "end" : "middle",
                                Html.escape(marker.label())));
            }
        }
        if (series.stream().allMatch(s -> s.points().isEmpty())) {
            svg.append("<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">no data</text>"
                    .formatted(LEFT + plotWidth / 2, TOP + PLOT_HEIGHT / 2));
        }
        for (int i = 0; i < series.size(); i++) {
            Series line = series.get(i);
            String colour = COLOURS.get(i % COLOURS.size());
            StringBuilder points = new StringBuilder();
            for (Point p : line.points()) {
                points.append(points.isEmpty() ? "" : " ")
                        .append(number(LEFT + xs.fraction(p.x()) * plotWidth))
                        .append(',')
                        .append(number(bottom - ys.fraction(p.y()) * PLOT_HEIGHT));
            }
            svg.append(("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-linejoin=\"round\""
                            + " points=\"%s\"><title>%s</title></polyline>")
                    .formatted(colour, points, Html.escape(line.name())));
            int[] place = legend.get(i);
            svg.append("<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/>"
                    .formatted(place[0], place[1] - 6, colour));
            svg.append(
                    "<text x=\"%d\" y=\"%d\">%s</text>".formatted(place[0] + 20, place[1], Html.escape(line.name())));
        }
        return svg.append("</svg>").toString();
    }

    /** Where each series' legend entry goes ({x, baseline y}), in rows that wrap at the chart's width. */
    private List<int[]> legendPlaces(int firstRow) {
        List<int[]> places = new ArrayList<>();
        int x = LEFT;
        int y = firstRow;
        for (Series line : series) {
            int width = 30 + 7 * line.name().length();
            if (x > LEFT && x + width > WIDTH - RIGHT) {
                x = LEFT;
                y += LEGEND_ROW;
            }
            places.add(new int[] {x, y});
            x += width;
        }
        return places;
    }

    private double[] values(ToDoubleFunction<Point> coordinate) {
        return series.stream()
                .flatMap(s -> s.points().stream())
                .mapToDouble(coordinate)
                .toArray();
    }

    /** A range over {@code values} (and zero, {@code fromZero}) at round ticks; a unit one when it would be empty. */
    private static Scale scale(double[] values, boolean fromZero) {
        double min = fromZero ? 0 : Double.POSITIVE_INFINITY;
        double max = fromZero ? 0 : Double.NEGATIVE_INFINITY;
        for (double v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        if (!(max > min)) {
            min = Double.isFinite(min) ? min : 0;
            max = min + 1;
        }
        double step = roundStep((max - min) / (TICKS - 1));
        return fromZero
                ? new Scale(Math.floor(min / step) * step, Math.ceil(max / step) * step, step)
                : new Scale(min, max, step);
    }

    /** The 1, 2 or 5 times a power of ten at or above {@code raw} ({@code raw > 0}). */
    private static double roundStep(double raw) {
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double fraction = raw / power;
        return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
    }

    private static String label(double value, double step) {
        int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step));
        return String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(value) < step / 1e6 ? 0.0 : value);
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    private static boolean finite(Point p) {
        return Double.isFinite(p.x()) && Double.isFinite(p.y());
    }
}
