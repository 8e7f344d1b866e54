package dev.onsale.benchmarks;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;

/**
 * The shares of a sale's buyers that behave each way ({@link Behaviour}), in percent; the rest are plain buyers.
 * {@code bench sale} measures plain buyers unless asked ({@link #NONE}); {@code ./onsale rehearse} has every
 * behaviour at a small share by default ({@link #REHEARSAL_DEFAULTS}), so that the run that proves a stack the day
 * before its sale also meets the buyers who double-click, open tabs, hammer and cheat.
 *
 * @param percents each behaviour but {@link Behaviour#PLAIN} with its share, 0 to 100, together at most 100
 */
record BuyerMix(Map<Behaviour, Double> percents) {

    /** Plain buyers only. */
    static final BuyerMix NONE = new BuyerMix(Map.of());

    /**
     * The rehearsal's shares: small, so that the sale stays the seed's, but at least a few buyers of each kind in a
     * run of a few hundred. Hammering costs the most (five requests a second each, for as long as it waits), so it
     * is the smallest.
     */
    static final Map<Behaviour, Double> REHEARSAL_DEFAULTS = Map.of(
            Behaviour.DECLINE, 3.0,
            Behaviour.DOUBLE_CLICK, 3.0,
            Behaviour.TABS, 2.0,
            Behaviour.HAMMER, 1.0,
            Behaviour.BOT, 2.0);

    BuyerMix {
        EnumMap<Behaviour, Double> copy = new EnumMap<>(Behaviour.class);
        double total = 0;
        for (Map.Entry<Behaviour, Double> share : percents.entrySet()) {
            if (share.getKey() == Behaviour.PLAIN) {
                throw new IllegalArgumentException("plain buyers are the rest; they have no share of their own");
            }
            double percent = share.getValue();
            if (!(percent >= 0 && percent <= 100)) {
                throw new IllegalArgumentException(
                        "--" + share.getKey().option() + " must be between 0 and 100, not " + percent);
            }
            total += percent;
            copy.put(share.getKey(), percent);
        }
        if (total > 100 + 1e-9) {
            throw new IllegalArgumentException("the behaviours' shares add up to " + total + "%, more than 100%");
        }
        percents = Map.copyOf(copy);
    }

    /** The shares given as options ({@code --decline-percent=5}, ...), each absent one 0. */
    static BuyerMix of(Options options) {
        Map<Behaviour, Double> percents = new EnumMap<>(Behaviour.class);
        for (Behaviour behaviour : Behaviour.values()) {
            if (behaviour.option() != null) {
                percents.put(behaviour, parsed(options, behaviour.option()));
            }
        }
        return new BuyerMix(percents);
    }

    /** {@code options} with every behaviour's share set to the rehearsal's default unless given. */
    static Options withRehearsalDefaults(Options options) {
        Options with = options;
        for (Map.Entry<Behaviour, Double> share : REHEARSAL_DEFAULTS.entrySet()) {
            with = with.orElse(share.getKey().option(), Double.toString(share.getValue()));
        }
        return with;
    }

    private static double parsed(Options options, String name) {
        try {
            return options.decimal(name, 0);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a number, not " + options.text(name, ""), e);
        }
    }

    /** The share of {@code behaviour} in percent; for {@link Behaviour#PLAIN}, what the others leave. */
    double percent(Behaviour behaviour) {
        if (behaviour == Behaviour.PLAIN) {
            return 100
                    - percents.values().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum();
        }
        return percents.getOrDefault(behaviour, 0.0);
    }

    /** A buyer's behaviour for a draw {@code u} in [0, 1): each behaviour takes its share of the interval in turn. */
    Behaviour behaviourAt(double u) {
        double percentile = u * 100;
        double from = 0;
        for (Behaviour behaviour : Behaviour.values()) {
            if (behaviour == Behaviour.PLAIN) {
                continue;
            }
            from += percent(behaviour);
            if (percentile < from) {
                return behaviour;
            }
        }
        return Behaviour.PLAIN;
    }

    /** The next buyer's behaviour, drawn from {@code random} (one draw per buyer, whatever the shares). */
    Behaviour draw(Random random) {
        return behaviourAt(random.nextDouble());
    }

    /** One line: every share that is not 0 ({@code "decline 3%, bot 2%"}), or "plain buyers only". */
    String describe() {
        StringJoiner shares = new StringJoiner(", ");
        for (Behaviour behaviour : Behaviour.values()) {
            if (behaviour != Behaviour.PLAIN && percent(behaviour) > 0) {
                shares.add(String.format(Locale.ROOT, "%s %s%%", label(behaviour), trimmed(percent(behaviour))));
            }
        }
        return shares.length() == 0 ? "plain buyers only" : shares.toString();
    }

    /** The behaviour as the report names it: its option without {@code -percent}. */
    static String label(Behaviour behaviour) {
        return behaviour == Behaviour.PLAIN ? "plain" : behaviour.option().replace("-percent", "");
    }

    private static String trimmed(double percent) {
        return percent == Math.rint(percent)
                ? Long.toString((long) percent)
                : String.format(Locale.ROOT, "%.2f", percent).replaceAll("0+$", "");
    }
}
