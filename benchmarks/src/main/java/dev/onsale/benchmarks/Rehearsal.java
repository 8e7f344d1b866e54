package dev.onsale.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code ./onsale rehearse}: a whole sale against the gateway of a running stack ({@code --target}), every buyer a
 * browser tab on the public API ({@link SaleBenchmark}, the seed's scenario by default), then the audit
 * ({@link Audit}) once the sale has settled: every hold ended or expired (up to the hold TTL and a grace), the
 * payments done, a reconciliation run. From the moment the event exists until the audit begins, samples the sale
 * once a second ({@link Timeline}) and prints its progress every five. Prints each check, writes every figure to a
 * JSON report and the same as a page that opens offline ({@link RehearsalPage}), and exits 1 naming what failed.
 *
 * <p>Small shares of its buyers misbehave by default ({@link BuyerMix#REHEARSAL_DEFAULTS}: declined cards,
 * double-clicks, five tabs, hammering, bots), judged by {@link ConductAudit}; and the payment provider's faults may
 * be set for the sale ({@link SandboxFaults}), on the sandbox's settings, put back as they were once it settled.
 */
final class Rehearsal {

    /** Beyond the hold TTL: the expiry sweep, the last payments' webhooks, the gate's release. */
    private static final int GRACE_SECONDS = 60;

    /** How long the timeline waits for a dashboard read before it takes the sample without one. */
    private static final Duration SAMPLE_READ_TIMEOUT = Duration.ofSeconds(2);

    private final Options options;
    private final GatewayClient admin;
    private final String auditorToken;
    private final Path reportDirectory;
    private final SandboxFaults faults;
    private final String sandboxUrl;
    private final SandboxClient sandbox;
    private final Chaos chaos;
    /** The measured sale and its timeline, from the moment its event exists (set from within the sale). */
    private LiveSale live;

    private Timeline timeline;

    Rehearsal(Options given) {
        String target = given.text("target", given.text("gateway", "http://localhost:8080"));
        // a rehearsal judges what the system does, not how fast a cold one is: no warm-up sale unless asked for
        this.options =
                BuyerMix.withRehearsalDefaults(given.orElse("gateway", target).orElse("warm-up-buyers", "0"));
        this.admin = new GatewayClient(
                target,
                options.text("admin-token", System.getenv().getOrDefault("ONSALE_ADMIN_TOKEN", "local-admin-token")));
        this.auditorToken = options.text(
                "auditor-token", System.getenv().getOrDefault("ONSALE_AUDITOR_TOKEN", "local-auditor-token"));
        this.reportDirectory = Path.of(options.text("report-dir", ".onsale/rehearsals"));
        this.faults = SandboxFaults.of(options);
        this.sandboxUrl = options.text("sandbox", "http://localhost:8090");
        this.sandbox = new SandboxClient(sandboxUrl, options.text("merchant-key", "sk_test_local"));
        BuyerMix.of(options); // a share out of range is refused before anything starts
        this.chaos = Chaos.of(options, reportDirectory);
    }

    /** Runs the rehearsal; returns the process's exit status: 0 when every check passed. */
    int run() throws Exception {
        SaleBenchmark.SaleRun sale;
        boolean settled;
        SandboxFaults.Applied restore = faults.apply(sandbox);
        try {
            sale = new SaleBenchmark(options).measured(this::watch);
            timeline.settling();
            System.out.printf(
                    "settling: waiting up to %d s for every hold and payment to end%n",
                    sale.holdTtlSeconds() + GRACE_SECONDS);
            settled = settle(dashboardPath(sale.eventId()), sale.holdTtlSeconds() + GRACE_SECONDS);
        } finally {
            try {
                chaos.close();
                if (timeline != null) {
                    timeline.close();
                }
            } finally {
                restore.close();
            }
        }
        JsonNode report = reconcile();
        JsonNode ledger =
                ok(admin.send(admin.getAs(auditorToken, "/audit/events/" + sale.eventId() + "/ledger")), "the ledger");
        JsonNode dashboard = ok(admin.send(admin.adminGet(dashboardPath(sale.eventId()))), "the dashboard");
        List<Audit.Check> checks = new ArrayList<>(Audit.of(sale, ledger, dashboard, report, settled));
        if (chaos.active()) {
            checks.replaceAll(
                    c -> c.name().equals(Audit.UNAVAILABLE) ? Audit.unavailableOutside(chaos, timeline.samples()) : c);
            checks.add(chaos.check());
        }
        Instant readAt = Instant.now();
        Map<UUID, String> orders = OrderReads.statuses(
                admin, ConductAudit.ordersToRead(sale.conduct().holds()));
        OrderCharges charges = charges(sale.conduct(), ledger);
        checks.addAll(ConductAudit.of(sale.conduct(), charges, orders, readAt, chaos));

        System.out.println("audit of event " + sale.eventId() + ":");
        checks.forEach(c -> System.out.printf("  %-4s %-29s %s%n", c.passed() ? "ok" : "FAIL", c.name(), c.detail()));
        List<Path> files = write(sale, checks, ledger, dashboard, report, charges);
        List<String> failed =
                checks.stream().filter(c -> !c.passed()).map(Audit.Check::name).toList();
        System.out.println((failed.isEmpty() ? "rehearsal passed" : "rehearsal FAILED: " + String.join(", ", failed))
                + "; report: " + files.getFirst() + ", as a page: " + files.getLast());
        return failed.isEmpty() ? 0 : 1;
    }

    /** Starts the timeline of the measured sale, now that its event exists; its progress while the buyers run. */
    private void watch(LiveSale sale) {
        live = sale;
        timeline = Timeline.start(
                dashboardReads(sale.eventId()),
                sale::counts,
                sample -> {
                    if (sample.stage() == Timeline.Stage.SETTLING || sale.buyersRunning()) {
                        System.out.println(sample.progressLine());
                    }
                },
                Duration.ofSeconds(1));
        chaos.begin();
    }

    /** The event's dashboard, read with a short timeout; a failed read throws (the timeline notes why). */
    private Supplier<JsonNode> dashboardReads(UUID eventId) {
        HttpRequest read = HttpRequest.newBuilder(admin.adminGet(dashboardPath(eventId)), (name, value) -> true)
                .timeout(SAMPLE_READ_TIMEOUT)
                .build();
        return () -> {
            try {
                return ok(admin.send(read), "the dashboard");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading the dashboard", e);
            }
        };
    }

    private static String dashboardPath(UUID eventId) {
        return "/admin/events/" + eventId + "/dashboard";
    }

    /** Polls the dashboard until no hold is live and no payment waits or is in flight, at most {@code seconds}. */
    private boolean settle(String dashboard, int seconds) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (true) {
            JsonNode board = ok(admin.send(admin.adminGet(dashboard)), "the dashboard");
            if (board.path("seats").path("liveHolds").asLong(-1) == 0
                    && board.path("payments").path("queued").asLong(-1) == 0
                    && board.path("payments").path("inFlight").asLong(-1) == 0) {
                return true;
            }
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1000);
        }
    }

    /** A reconciliation run of its own (waiting out one that is under way); its finished report. */
    private JsonNode reconcile() throws IOException, InterruptedException {
        for (int attempt = 0; attempt < 60; attempt++) {
            HttpResponse<String> run = admin.send(admin.adminPost("/admin/reconciliation/run", "{}"));
            if (run.statusCode() == 201) {
                return admin.json(run);
            }
            if (run.statusCode() != 409) {
                throw new IllegalStateException("reconciliation run: " + run.statusCode() + " " + run.body());
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("reconciliation run: another run stayed under way for a minute");
    }

    /**
     * Each order's charges: the sandbox's ledger, if it is this stack's (it has a charge for some order of the sale);
     * else the event's ledger, saying why.
     */
    private OrderCharges charges(Conduct.Snapshot conduct, JsonNode eventLedger) throws InterruptedException {
        String why;
        try {
            OrderCharges acquirer = OrderCharges.ofSandbox(sandboxUrl, sandbox.ledger());
            boolean ours = conduct.holds().stream().anyMatch(h -> acquirer.count(h.orderId()) > 0);
            if (ours || eventLedger.path("charges").isEmpty()) {
                return acquirer;
            }
            why = "the sandbox at " + sandboxUrl + " has no charge for this sale's orders: not this stack's; --sandbox";
        } catch (IOException | RuntimeException e) {
            why = "the sandbox at " + sandboxUrl + " could not be read ("
                    + e.getClass().getSimpleName() + "); --sandbox";
        }
        return OrderCharges.ofEventLedger(why, eventLedger);
    }

    private JsonNode ok(HttpResponse<String> response, String what) {
        GatewayClient.check(response, 200, what);
        return admin.json(response);
    }

    /** What the page shows of the run's setting beyond the sale's own: the behaviours and the provider's faults. */
    private Map<String, String> setup(SaleBenchmark.SaleRun sale) {
        Map<String, String> setup = new LinkedHashMap<>();
        setup.put("buyers' behaviours", sale.mix().describe());
        setup.put("buyers who mean to pay", Integer.toString(sale.payers()));
        setup.put("payment provider's faults", faults.describe());
        setup.put("chaos", chaos.describe());
        setup.put(
                "progress reads",
                sale.edge() == null
                        ? "every one to the gateway (--edge=none)"
                        : sale.edge().describe() + " (--edge=cdn)");
        return setup;
    }

    /** Writes the JSON report and its page, under one name; returns both files. */
    private List<Path> write(
            SaleBenchmark.SaleRun sale,
            List<Audit.Check> checks,
            JsonNode ledger,
            JsonNode dashboard,
            JsonNode report,
            OrderCharges charges)
            throws IOException {
        List<Timeline.Sample> samples = timeline.samples();
        List<CallFigures.Step> steps = live.calls().steps();
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode root = json.createObjectNode();
        root.put("eventId", sale.eventId().toString());
        root.put("buyers", sale.buyers());
        root.put("seats", sale.seats());
        root.put("holdTtlSeconds", sale.holdTtlSeconds());
        root.put("payShare", sale.payShare());
        root.put("arrivalSeconds", sale.arrivalSeconds());
        ObjectNode behaviours = root.putObject("behaviourPercents");
        sale.mix().percents().forEach((behaviour, percent) -> behaviours.put(BuyerMix.label(behaviour), percent));
        root.put("payingBuyers", sale.payers());
        root.set("sandboxFaults", json.valueToTree(faults.settings()));
        root.set("chaos", json.valueToTree(chaos.faults()));
        root.put("chargesFrom", charges.source());
        root.put("saleSeconds", sale.seconds());
        root.put("requests", sale.totals().requests());
        root.put("unavailable", sale.totals().unavailable());
        root.put("unanswered", sale.totals().unanswered());
        root.set("edge", json.valueToTree(sale.edge()));
        root.set("endings", json.valueToTree(sale.endings()));
        root.set("checks", json.valueToTree(checks));
        Conduct.Snapshot conduct = sale.conduct();
        root.set("fairness", json.valueToTree(Fairness.of(conduct.arrivals(), chaos.lineLossTimes())));
        ObjectNode behaved = root.putObject("conduct");
        behaved.put("holds", conduct.holds().size());
        behaved.set("bots", json.valueToTree(conduct.bots()));
        behaved.set("doubleClicks", json.valueToTree(conduct.doubleClicks()));
        behaved.set("declines", json.valueToTree(conduct.declines()));
        behaved.set("tabs", json.valueToTree(conduct.tabs()));
        behaved.set("hammers", json.valueToTree(conduct.hammers()));
        root.set("latencies", json.valueToTree(steps));
        root.set("timeline", json.valueToTree(samples));
        root.set("ledger", ledger);
        root.set("dashboard", dashboard);
        root.set("reconciliation", report);
        Files.createDirectories(reportDirectory);
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC)
                .format(Instant.now());
        String name = "rehearsal-" + stamp;
        Path file = reportDirectory.resolve(name + ".json");
        json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
        Path page = reportDirectory.resolve(name + ".html");
        Files.writeString(page, RehearsalPage.render(name, sale, setup(sale), checks, samples, chaos.faults(), steps));
        return List.of(file, page);
    }
}
