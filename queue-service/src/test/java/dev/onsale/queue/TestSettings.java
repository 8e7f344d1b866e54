package dev.onsale.queue;

/**
 * Properties every queue-service integration test runs with, so that they share one application
 * context: the tests drive the clock and the pump themselves (no background stroke changes what a
 * test is looking at), and admissions are short enough to watch them expire.
 */
public final class TestSettings {

    public static final String NO_BACKGROUND_CLOCK = "onsale.queue.schedule.enabled=false";
    public static final String SHORT_ADMISSIONS = "onsale.admission.ttl=3s";

    private TestSettings() {}
}
