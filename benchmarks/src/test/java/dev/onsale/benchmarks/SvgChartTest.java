package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class SvgChartTest {

    @Test
    void aChartIsWellFormedSvgWithOnePolylinePerSeriesInsideItsViewBox() throws Exception {
        String svg = new SvgChart("Seats", "seconds")
                .series("available", points(0, 60, 1, 58, 2, 31, 3, 0))
                .series("live holds", points(0, 0, 1, 2, 2, 29, 3, 12))
                .series("sold", points(0, 0, 1, 0, 2, 0, 3, 48, 4, 60))
                .marker(2.5, "settling")
                .render();

        Element root = parse(svg).getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("svg");
        assertThat(root.getAttribute("role")).isEqualTo("img");
        assertThat(root.getAttribute("aria-label")).isEqualTo("Seats");
        assertThat(root.getElementsByTagName("title").item(0).getTextContent()).isEqualTo("Seats");
        NodeList lines = root.getElementsByTagName("polyline");
        assertThat(lines.getLength()).isEqualTo(3);
        assertThat(coordinates((Element) lines.item(2))).hasSize(5);
        assertWithinViewBox(root);
        assertThat(root.getTextContent()).contains("available", "live holds", "sold", "settling");
    }

    @Test
    void anEmptySeriesIsAnEmptyLineOnAChartThatStillHasAScale() throws Exception {
        String svg =
                new SvgChart("Payments", "seconds").series("queued", List.of()).render();

        assertThat(svg).doesNotContain("NaN", "Infinity");
        Element root = parse(svg).getDocumentElement();
        NodeList lines = root.getElementsByTagName("polyline");
        assertThat(lines.getLength()).isEqualTo(1);
        assertThat(((Element) lines.item(0)).getAttribute("points")).isEmpty();
        assertThat(root.getTextContent()).contains("no data", "queued");
    }

    @Test
    void aConstantSeriesAndASinglePointAreScaledWithoutDividingByZero() throws Exception {
        String svg = new SvgChart("Capacity", "seconds")
                .series("capacity", points(0, 60, 1, 60, 2, 60))
                .series("nothing yet", points(1, 0))
                .render();
        String alone = new SvgChart("One sample", "seconds")
                .series("zero", points(3, 0))
                .render();

        assertThat(svg + alone).doesNotContain("NaN", "Infinity");
        assertWithinViewBox(parse(svg).getDocumentElement());
        assertWithinViewBox(parse(alone).getDocumentElement());
        List<double[]> flat = coordinates((Element)
                parse(svg).getDocumentElement().getElementsByTagName("polyline").item(0));
        assertThat(flat).extracting(p -> p[1]).containsOnly(flat.getFirst()[1]);
    }

    @Test
    void pointsThatAreNotNumbersAreLeftOut() throws Exception {
        String svg = new SvgChart("Odd", "seconds")
                .series("odd", points(0, 1, 1, Double.NaN, 2, Double.POSITIVE_INFINITY, 3, 2))
                .render();

        assertThat(svg).doesNotContain("NaN", "Infinity");
        assertThat(coordinates((Element) parse(svg)
                        .getDocumentElement()
                        .getElementsByTagName("polyline")
                        .item(0)))
                .hasSize(2);
    }

    @Test
    void titlesAndNamesAreEscaped() throws Exception {
        String svg = new SvgChart("<script>alert(1)</script> & co", "seconds")
                .series("a \"quoted\" <name>", points(0, 1, 1, 2))
                .render();

        assertThat(svg).doesNotContain("<script>", "<name>");
        Element root = parse(svg).getDocumentElement();
        assertThat(root.getAttribute("aria-label")).isEqualTo("<script>alert(1)</script> & co");
        assertThat(root.getTextContent()).contains("a \"quoted\" <name>");
    }

    @Test
    void aBandIsCutToTheChartsRangeAndOneWhollyOutsideItIsLeftOut() throws Exception {
        String svg = new SvgChart("Seats", "seconds")
                .series("sold", points(0, 0, 10, 40, 20, 60))
                .band(15, 35, "restart-redis")
                .band(40, 50, "after the end")
                .band(5, 5, "empty")
                .render();

        Element root = parse(svg).getDocumentElement();
        NodeList rects = root.getElementsByTagName("rect");
        List<Element> bands = new ArrayList<>();
        for (int i = 0; i < rects.getLength(); i++) {
            if (((Element) rects.item(i)).getAttribute("fill-opacity").equals("0.18")) {
                bands.add((Element) rects.item(i));
            }
        }
        assertThat(bands).hasSize(1);
        Element band = bands.getFirst();
        assertThat(band.getTextContent()).isEqualTo("restart-redis");
        double x = Double.parseDouble(band.getAttribute("x"));
        double width = Double.parseDouble(band.getAttribute("width"));
        String[] box = root.getAttribute("viewBox").split(" ");
        double right = Double.parseDouble(box[2]) - 20;
        assertThat(x + width).isCloseTo(right, offset(0.2));
        assertThat(width).isCloseTo((right - 64) / 4, offset(0.2));
        assertThat(root.getTextContent()).doesNotContain("after the end", "empty");
    }

    private static List<SvgChart.Point> points(double... xy) {
        List<SvgChart.Point> points = new ArrayList<>();
        for (int i = 0; i < xy.length; i += 2) {
            points.add(new SvgChart.Point(xy[i], xy[i + 1]));
        }
        return points;
    }

    static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<double[]> coordinates(Element polyline) {
        List<double[]> coordinates = new ArrayList<>();
        String points = polyline.getAttribute("points").trim();
        for (String pair : points.isEmpty() ? new String[0] : points.split(" ")) {
            String[] xy = pair.split(",");
            coordinates.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
        }
        return coordinates;
    }

    private static void assertWithinViewBox(Element svg) {
        String[] box = svg.getAttribute("viewBox").split(" ");
        double width = Double.parseDouble(box[2]);
        double height = Double.parseDouble(box[3]);
        NodeList lines = svg.getElementsByTagName("polyline");
        for (int i = 0; i < lines.getLength(); i++) {
            for (double[] p : coordinates((Element) lines.item(i))) {
                assertThat(p[0]).isBetween(0.0, width);
                assertThat(p[1]).isBetween(0.0, height);
            }
        }
    }
}
