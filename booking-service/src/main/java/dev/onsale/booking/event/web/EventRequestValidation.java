package dev.onsale.booking.event.web;

import dev.onsale.booking.event.NewEvent;
import dev.onsale.booking.event.SeatLayout;
import dev.onsale.booking.event.web.CreateEventRequest.GeneralAdmissionRequest;
import dev.onsale.booking.event.web.CreateEventRequest.SectionRequest;
import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules of a new event (API.md). Every broken rule is reported at once, each naming its field
 * by JSON path; nothing is written unless all hold.
 */
final class EventRequestValidation {

    static final int MAX_TEXT = 200;
    static final String DEFAULT_CURRENCY = "EUR";
    static final int DEFAULT_HOLD_TTL_SECONDS = 600;
    static final int MIN_HOLD_TTL_SECONDS = 10;
    static final int MAX_HOLD_TTL_SECONDS = 3600;
    static final int DEFAULT_MAX_PER_ORDER = 4;
    static final int MAX_PER_ORDER = 10;
    static final int MAX_ROWS = 1000;
    static final int MAX_SEATS_PER_ROW = 1000;
    static final int MAX_PRICE_CENTS = 10_000_000;
    static final int MAX_SEATS_PER_EVENT = 100_000;

    private static final Pattern SECTION_NAME = Pattern.compile("[A-Z0-9]{1,8}");
    private static final Pattern CURRENCY_CODE = Pattern.compile("[A-Z]{3}");

    private final List<FieldError> errors = new ArrayList<>();

    private EventRequestValidation() {}

    /**
     * @throws ProblemException 400 {@code invalid-request} listing every invalid field
     */
    static NewEvent validate(CreateEventRequest request, Instant now) {
        return new EventRequestValidation().check(request, now);
    }

    private NewEvent check(CreateEventRequest r, Instant now) {
        text("name", r.name());
        text("venue", r.venue());
        Instant startsAt = instant("startsAt", r.startsAt());
        Instant saleOpensAt = instant("saleOpensAt", r.saleOpensAt());
        schedule(startsAt, saleOpensAt, now);
        String currency = currency(r.currency());
        int holdTtl = range(
                "holdTtlSeconds",
                r.holdTtlSeconds(),
                DEFAULT_HOLD_TTL_SECONDS,
                MIN_HOLD_TTL_SECONDS,
                MAX_HOLD_TTL_SECONDS);
        int maxPerOrder = range("maxPerOrder", r.maxPerOrder(), DEFAULT_MAX_PER_ORDER, 1, MAX_PER_ORDER);
        SeatLayout layout = layout(r);
        if (!errors.isEmpty()) {
            throw ProblemException.invalidRequest(errors);
        }
        return new NewEvent(r.name(), r.venue(), startsAt, saleOpensAt, currency, holdTtl, maxPerOrder, layout);
    }

    private void text(String field, String value) {
        if (value == null) {
            reject(field, "is required");
        } else if (value.isBlank()) {
            reject(field, "must not be blank");
        } else if (value.codePointCount(0, value.length()) > MAX_TEXT) {
            reject(field, "must be at most " + MAX_TEXT + " characters");
        }
    }

    private Instant instant(String field, String value) {
        if (value == null) {
            reject(field, "is required (an ISO-8601 instant, e.g. 2026-12-24T19:00:00Z)");
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            reject(field, "must be an ISO-8601 instant, e.g. 2026-12-24T19:00:00Z");
            return null;
        }
    }

    private void schedule(Instant startsAt, Instant saleOpensAt, Instant now) {
        if (startsAt != null && !startsAt.isAfter(now)) {
            reject("startsAt", "must be in the future");
        }
        if (startsAt != null && saleOpensAt != null && !saleOpensAt.isBefore(startsAt)) {
            reject("saleOpensAt", "must be before startsAt");
        }
    }

    private String currency(String value) {
        if (value == null) {
            return DEFAULT_CURRENCY;
        }
        if (!CURRENCY_CODE.matcher(value).matches() || !isIsoCurrency(value)) {
            reject("currency", "must be an ISO-4217 code of three upper-case letters, e.g. EUR");
        }
        return value;
    }

    private static boolean isIsoCurrency(String code) {
        try {
            Currency.getInstance(code);
            return true;
        } catch (IllegalArgumentException unknown) {
            return false;
        }
    }

    private SeatLayout layout(CreateEventRequest r) {
        if (r.seatMap() != null && r.generalAdmission() != null) {
            reject("generalAdmission", "cannot be combined with seatMap: give exactly one of them");
            return null;
        }
        if (r.seatMap() != null) {
            return seatMap(r.seatMap().sections());
        }
        if (r.generalAdmission() != null) {
            return generalAdmission(r.generalAdmission());
        }
        reject("seatMap", "exactly one of seatMap or generalAdmission is required");
        return null;
    }

    private SeatLayout seatMap(List<SectionRequest> sections) {
        if (sections == null || sections.isEmpty()) {
            reject("seatMap.sections", "must list at least one section");
            return null;
        }
        int errorsBefore = errors.size();
        Set<String> names = new HashSet<>();
        List<SeatLayout.Section> valid = new ArrayList<>();
        long seats = 0;
        for (int i = 0; i < sections.size(); i++) {
            String path = "seatMap.sections[" + i + "]";
            SectionRequest s = sections.get(i);
            if (s == null) {
                reject(path, "must be a section");
                continue;
            }
            if (s.name() == null) {
                reject(path + ".name", "is required");
            } else if (!SECTION_NAME.matcher(s.name()).matches()) {
                reject(path + ".name", "must be 1 to 8 upper-case letters or digits");
            } else if (!names.add(s.name())) {
                reject(path + ".name", "repeats section " + s.name() + "; section names are unique");
            }
            Integer rows = required(path + ".rows", s.rows(), 1, MAX_ROWS);
            Integer perRow = required(path + ".seatsPerRow", s.seatsPerRow(), 1, MAX_SEATS_PER_ROW);
            Integer price = price(path + ".priceCents", s.priceCents());
            if (rows != null && perRow != null) {
                seats += (long) rows * perRow;
            }
            if (errors.size() == errorsBefore) {
                valid.add(new SeatLayout.Section(s.name(), rows, perRow, price));
            }
        }
        if (seats > MAX_SEATS_PER_EVENT) {
            reject("seatMap", "has " + seats + " seats; an event has at most " + MAX_SEATS_PER_EVENT);
        }
        return errors.size() == errorsBefore ? new SeatLayout.SeatMap(valid) : null;
    }

    private SeatLayout generalAdmission(GeneralAdmissionRequest ga) {
        Integer quantity = required("generalAdmission.quantity", ga.quantity(), 1, MAX_SEATS_PER_EVENT);
        Integer price = price("generalAdmission.priceCents", ga.priceCents());
        return quantity != null && price != null ? new SeatLayout.GeneralAdmission(quantity, price) : null;
    }

    private int range(String field, Integer value, int defaultValue, int min, int max) {
        if (value == null) {
            return defaultValue;
        }
        Integer checked = required(field, value, min, max);
        return checked == null ? defaultValue : checked;
    }

    /**
     * A price of at least one cent. A free seat is refused rather than sold: an order is confirmed only by its
     * payment, and a payment of nothing is no payment, so a free order could never be confirmed and would
     * expire with its seat.
     */
    private Integer price(String field, Integer value) {
        if (value != null && value == 0) {
            reject(
                    field,
                    "must be at least 1: every order is confirmed by its payment, and nothing can be paid for a "
                            + "free seat (free events are not supported)");
            return null;
        }
        return required(field, value, 1, MAX_PRICE_CENTS);
    }

    /** The value if present and within [min, max]; otherwise records the error and returns null. */
    private Integer required(String field, Integer value, int min, int max) {
        if (value == null) {
            reject(field, "is required");
            return null;
        }
        if (value < min || value > max) {
            reject(field, "must be between " + min + " and " + max);
            return null;
        }
        return value;
    }

    private void reject(String field, String message) {
        errors.add(new FieldError(field, message));
    }
}
