package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class RehearsalPageTest {

    private static final String HOSTILE = "<script>alert('x')</script> & \"more\"";

    private static final SaleBenchmark.SaleRun RUN = new SaleBenchmark.SaleRun(
            UUID.fromString("0b1aaac8-0a02-490a-abda-0c61d89b98e6"),
            21.4,
            new CallFigures.Totals(9000, 4, 0),
            Map.of("paid", 60, "sold out (progress)", 240),
            true,
            300,
            60,
            10,
            0.7,
            2,
            new BuyerMix(Map.of(Behaviour.BOT, 2.0, Behaviour.TABS, 1.5)),
            208,
            Conduct.Snapshot.EMPTY,
            null);

    private static final List<CallFigures.Step> STEPS = List.of(
            new CallFigures.Step("POST /api/events/{e}/holds", 420, 12.5, 40.25, 88.0, 130.5, Map.of("201", 400)),
            new CallFigures.Step("GET /api/queue/{e}/progress", 8000, 1.5, 3.0, 9.75, 21.0, Map.of("200", 8000)));

    @Test
    void aFailedRehearsalNamesEveryFailedCheckInItsVerdict() throws Exception {
        List<Audit.Check> checks = List.of(
                new Audit.Check("I1 no oversell", true, "60 tickets"),
                new Audit.Check("I4 no dead holds", false, "not settled"),
                new Audit.Check("every seat sold", false, "59 of 60 sold"));

        Element verdict = verdict(parse(page(checks)));

        assertThat(verdict.getAttribute("class")).contains("failed");
        assertThat(verdict.getTextContent())
                .isEqualTo("FAILED: I4 no dead holds, every seat sold")
                .doesNotContain("I1");
    }

    @Test
    void aPassedRehearsalSaysSo() throws Exception {
        Element verdict =
                verdict(parse(page(List.of(new Audit.Check("I1 no oversell", true, "60 tickets, 60 seats sold")))));

        assertThat(verdict.getTextContent()).isEqualTo("Passed: all 1 checks held.");
    }

    @Test
    void everyCheckIsShownWithItsDetailEscaped() throws Exception {
        List<Audit.Check> checks = List.of(
                new Audit.Check("I2 no lost payment", true, "3 charges; ledger: " + HOSTILE),
                new Audit.Check("503s <1% & counted", false, "4 of 9000 requests"));

        String html = page(checks);

        assertThat(html).doesNotContain("<script>", "alert('x')");
        assertThat(html).contains("&lt;script&gt;", "&amp; &quot;more&quot;");
        String text = parse(html).getDocumentElement().getTextContent();
        assertThat(text).contains("I2 no lost payment", "3 charges; ledger: " + HOSTILE);
        assertThat(text).contains("503s <1% & counted", "4 of 9000 requests");
    }

    @Test
    void thePageIsSelfContainedAndParsesAsXml() throws Exception {
        String html = page(List.of(new Audit.Check("I1 no oversell", true, "60 tickets")));

        assertThat(html).doesNotContain("http://", "https://", "<script", "src=", "href=", "url(", "@import");
        Document page = parse(html);
        NodeList charts = page.getElementsByTagName("svg");
        assertThat(charts.getLength()).isEqualTo(7);
        for (int i = 0; i < charts.getLength(); i++) {
            assertThat(((Element) charts.item(i)).getAttribute("role")).isEqualTo("img");
        }
        assertThat(page.getDocumentElement().getTextContent())
                .contains("Waiting room", "line length", "live holds", "503s in the second", "settling");
    }

    @Test
    void theRunAndEveryStepsLatencyAreTabled() throws Exception {
        String text = parse(page(List.of(new Audit.Check("I1 no oversell", true, "60 tickets"))))
                .getDocumentElement()
                .getTextContent();

        assertThat(text).contains("buyers300", "seats60", "arrivalwithin 2 s", "hold TTL10 s", "who pay70%");
        assertThat(text).contains("buyers' behaviourstabs 1.5%, bot 2%");
        assertThat(text).contains("POST /api/events/{e}/holds420", "12.540.388.0130.5");
        assertThat(text).contains("GET /api/queue/{e}/progress8000", "1.53.09.821.0");
    }

    @Test
    void eachFaultOfAChaosRunIsABandOnEveryChart() throws Exception {
        List<Chaos.Fault> faults = List.of(
                new Chaos.Fault("kill-booking", 0.5, 1.2, true, "kill-booking in 0.7 s"),
                new Chaos.Fault("restart-redis", 1.5, 1.6, true, "restart-redis in 0.1 s"));

        Document page = parse(page(List.of(new Audit.Check("I1 no oversell", true, "60 tickets")), faults));

        NodeList bands = page.getElementsByTagName("rect");
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < bands.getLength(); i++) {
            Element band = (Element) bands.item(i);
            if (band.getAttribute("fill-opacity").equals("0.18")) {
                labels.add(band.getTextContent());
            }
        }
        assertThat(labels).hasSize(2 * 7).containsOnly("kill-booking", "restart-redis");
        assertThat(page.getDocumentElement().getTextContent()).contains("a fault's window");
        assertThat(parse(page(List.of(new Audit.Check("I1 no oversell", true, "60 tickets")), List.of()))
                        .getDocumentElement()
                        .getTextContent())
                .doesNotContain("a fault's window");
    }

    private static String page(List<Audit.Check> checks) {
        return page(checks, List.of());
    }

    private static String page(List<Audit.Check> checks, List<Chaos.Fault> faults) {
        return RehearsalPage.render(
                "rehearsal-20260101-100000",
                RUN,
                Map.of("buyers' behaviours", RUN.mix().describe()),
                checks,
                timeline(),
                faults,
                STEPS);
    }

    private static List<Timeline.Sample> timeline() {
        Timeline.Dashboard board = new Timeline.Dashboard(
                "OPEN", 120L, 80L, 40L, 30L, 18L, 12L, 60L, 3L, 5L, 2L, Map.of("rate_limited", 2L), List.of());
        BuyerCounts soFar = new BuyerCounts(3000, 2, 1, 0, 20, 0, 12, 3, 0, 15);
        BuyerCounts second = new BuyerCounts(1000, 1, 1, 0, 8, 0, 6, 1, 0, 7);
        return List.of(
                new Timeline.Sample(0, Timeline.Stage.SALE, board, BuyerCounts.NONE, BuyerCounts.NONE),
                new Timeline.Sample(1, Timeline.Stage.SALE, Timeline.Dashboard.unread("dashboard: 503"), soFar, second),
                new Timeline.Sample(2, Timeline.Stage.SETTLING, board, soFar, BuyerCounts.NONE));
    }

    private static Document parse(String html) throws Exception {
        return SvgChartTest.parse(html);
    }

    private static Element verdict(Document page) {
        NodeList paragraphs = page.getElementsByTagName("p");
        for (int i = 0; i < paragraphs.getLength(); i++) {
            Element p = (Element) paragraphs.item(i);
            if (p.getAttribute("class").contains("verdict")) {
                return p;
            }
        }
        throw new AssertionError("no verdict on the page");
    }
}
