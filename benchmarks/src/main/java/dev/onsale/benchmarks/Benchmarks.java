package dev.onsale.benchmarks;

import java.util.Arrays;
import java.util.Set;

/**
 * Entry point of {@code ./onsale bench <name> [--option=value ...]}: load runs against a stack that
 * {@code ./onsale up} started, each printing its figures beside the raw engine measured in the same run.
 */
public final class Benchmarks {

    static final String USAGE = """
                    Usage: ./onsale bench waiting-room [--gateway=http://localhost:8080] [--redis=redis://localhost:16379]
                             [--queue=http://localhost:8081 (empty: skip the direct polls)] [--queue-connections=200]
                             [--identity-key=$ONSALE_IDENTITY_KEY (the stack's: direct polls are signed as the gateway signs)]
                             [--admin-token=local-admin-token] [--buyers=5000] [--polls=3] [--redis-connections=256]
                             [--tokens-out=FILE (event id and session tokens, for wrk: see benchmarks/wrk/status.lua)]
                           ./onsale bench holds [--gateway=...] [--redis=...] [--admin-token=...] [--buyers=5000]
                             [--redis-connections=256] [--warm-up-holds=500 (a round on an event of its own and a raw
                             one first, printed, not in the ratio; 0 skips them)] [--client=wrk (sends the holds;
                             jvm: the JDK's HTTP client, which costs the shared cores several times what wrk does)]
                             [--state-dir=.onsale (the stack's pids: the holds' CPU per process, when it runs here)]
                           ./onsale bench payments [--gateway=...] [--admin-token=...] [--sandbox=http://localhost:8090]
                             [--merchant-key=sk_test_local] [--payments=800] [--tps=50 (as payment-service's ONSALE_PAYMENT_PROVIDER_TPS)]
                             [--timeout-share=0.05] [--holds-per-second=100] [--poll-ms=100] [--settle-timeout-seconds=300]
                             [--payment-metrics=http://127.0.0.1:18084/actuator/prometheus (empty: skip)]
                           ./onsale bench identity [--iterations=500000] [--rounds=5]   (in-process: no stack needed)
                           ./onsale bench progress [--gateway=...] [--queue=http://localhost:8081] [--redis=...]
                             [--buyers=2000] [--connections=200] [--seconds=10]   (needs wrk and redis-benchmark)
                             [--warm-up-seconds=the same (each JVM path read first, printed, not in the ratios; 0 skips)]
                           ./onsale bench queue-scale [--redis=...] [--buyers=1000000] [--strokes=200] [--admit-per-stroke=100]
                             (straight on queue-service's scripts in Redis; run from the repository root)
                           ./onsale bench sale [--gateway=...] [--buyers=5000] [--arrival-seconds=5] [--seats=800] [--hold-ttl=20]
                             [--pay-percent=70] [--protocol=edge|status] [--arrival=one-call|separate] [--limit-seconds=600] [--seed=1]
                             [--warm-up-buyers=1000]   (a warm-up sale on an event of its own first, not reported; 0 skips it)
                             [--release-idle-ms=N (a waiting tab lets its connection go before a wait of N ms or more;
                             1000 above 10,000 buyers, else 0: never)]
                             [--max-connections=N (the most connections all tabs hold to the gateway at once, as an
                             edge in front pools them; 8000 above 10,000 buyers, else 0: no limit)]
                             [--edge=cdn|none (cdn: a CDN stood in for in front of the progress document, as production
                             has one: one shared copy for its max-age, then one revalidation; cdn above 10,000 buyers,
                             else none: every progress read goes to the gateway)]
                             [--max-active-buyers=N --max-admit-per-second=M (the event's admission caps, set together as
                             its operator would with PUT /admin/events/{e}/admission before the first buyer; unset: the
                             event's defaults, as many admitted as there are free seats nobody admitted is on the way to)]
                             [--decline-percent=0] [--double-click-percent=0] [--tabs-percent=0] [--hammer-percent=0]
                             [--bot-percent=0]   (shares of buyers who misbehave: see rehearse)
                           ./onsale rehearse [--target=http://localhost:8080] [the options of bench sale; --warm-up-buyers=0]
                             [--auditor-token=local-auditor-token] [--report-dir=.onsale/rehearsals]
                             [--decline-percent=3] [--double-click-percent=3] [--tabs-percent=2] [--hammer-percent=1]
                             [--bot-percent=2]   (declined card then a new hold; two concurrent "Pay"s; five tabs on one
                             session; status every 200 ms; holds without, forged, tampered or another's admission token)
                             [--sandbox=http://localhost:8090] [--merchant-key=sk_test_local] [--provider-tps=N]
                             [--provider-latency-ms=P50] [--provider-latency-p99-ms=P99] [--provider-timeout-percent=P]
                             [--provider-5xx-percent=P] [--webhook-loss-percent=P] [--webhook-duplicate-percent=P]
                             (the provider's faults, set on the sandbox for the sale and put back after; unset: left as is)
                             [--chaos[=queue,inventory,booking,payment]] [--chaos-scale=1 (0.3: the faults 3x sooner)]
                             [--control-dir=.onsale/control]   (a service
                             killed and restarted at 10 s, Kafka paused 10 s at 25 s, Redis restarted empty at 45 s; needs
                             a stack ./onsale up started on this machine; --chaos alone: the next service each run)
                             (the sale, then its audit once settled: I1-I6, 503s under 1%, every seat sold, no bot got a
                             hold, no double-click charged twice, declined then paid anew, no hold past TTL + grace, fair
                             admission order, five tabs keep one place, hammering: 5xx under 1%, all answered; exit 1 on a failure)
                           ./onsale bench all [--buyers=1000 (every part's; to 50000)] [--seats=200 (the sale's)]
                             [--payments=200] [--db-connections=8 (the raw SKIP LOCKED loop's)] [--out=FILE (the table as JSON)]
                             [--state-dir=.onsale (the stack's pids and engines.ready)] [the options of the benchmarks above]
                             [--db-url=... --db-user=... --db-password=... (booking's PostgreSQL; default: engines.ready's)]
                             (one table of ratios, every figure from this run: progress and status polls vs raw ZRANK, holds
                             vs raw EVALSHA, booking allocations vs a raw SKIP LOCKED loop on its PostgreSQL, settle time vs
                             N/TPS and the raw sandbox, p99 per step of a sale, RSS of every process; run from the repository root)
                    Run them against a stack started with raised per-address limits, since every buyer comes from one address:
                      ONSALE_RATELIMIT_ADDRESSBURST=100000 ONSALE_RATELIMIT_ADDRESSPERSECOND=100000 ./onsale up""";

    /** Every option some command reads: an option not named in {@link #USAGE} is refused, not ignored. */
    static final Set<String> OPTIONS = Options.namedIn(USAGE);

    private Benchmarks() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || Arrays.stream(args).anyMatch(Benchmarks::asksForHelp)) {
            System.out.println(USAGE);
            return;
        }
        Options options;
        try {
            options = Options.parse(Arrays.copyOfRange(args, 1, args.length), OPTIONS);
        } catch (IllegalArgumentException e) {
            System.err.println("onsale: " + e.getMessage());
            System.exit(2);
            return;
        }
        switch (args[0]) {
            case "check-options" -> {
                // the script's: the options are fine (a stack is started only then)
            }
            case "waiting-room" -> new WaitingRoomBenchmark(options).run();
            case "holds" -> new HoldsBenchmark(options).run();
            case "payments" -> new PaymentsBenchmark(options).run();
            case "identity" -> new IdentityBenchmark(options).run();
            case "progress" -> new ProgressBenchmark(options).run();
            case "queue-scale" -> new QueueScaleBenchmark(options).run();
            case "sale" -> new SaleBenchmark(options).run();
            case "all" -> new AllBenchmark(options).run();
            case "rehearse" -> System.exit(new Rehearsal(options).run());
            default -> throw new IllegalArgumentException("unknown benchmark " + args[0] + "; try help");
        }
    }

    static boolean asksForHelp(String arg) {
        return arg.equals("help") || arg.equals("--help") || arg.equals("-h");
    }
}
