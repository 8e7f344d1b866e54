package dev.onsale.booking.event.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.EventBodies;
import dev.onsale.testing.TestHttp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

@BookingServiceTest
class EventValidationIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    TestHttp http;

    @BeforeEach
    void client() {
        http = BookingCalls.at(port);
    }

    static Stream<Arguments> brokenRules() {
        String past = Instant.now().minus(1, ChronoUnit.DAYS).toString();
        return Stream.of(
                rule("name missing", "name", b -> b.remove("name")),
                rule("name blank", "name", b -> b.put("name", "  ")),
                rule("name too long", "name", b -> b.put("name", "x".repeat(201))),
                rule("venue missing", "venue", b -> b.remove("venue")),
                rule("venue too long", "venue", b -> b.put("venue", "v".repeat(201))),
                rule("startsAt missing", "startsAt", b -> b.remove("startsAt")),
                rule("startsAt not an instant", "startsAt", b -> b.put("startsAt", "next friday")),
                rule("startsAt a number", "startsAt", b -> b.put("startsAt", 1798138800)),
                rule("saleOpensAt not an instant", "saleOpensAt", b -> b.put("saleOpensAt", "2026-13-01T00:00:00Z")),
                rule(
                        "startsAt in the past",
                        "startsAt",
                        b -> b.put("startsAt", past)
                                .put(
                                        "saleOpensAt",
                                        Instant.now().minus(2, ChronoUnit.DAYS).toString())),
                rule("saleOpensAt missing", "saleOpensAt", b -> b.remove("saleOpensAt")),
                rule(
                        "saleOpensAt after startsAt",
                        "saleOpensAt",
                        b -> b.put(
                                "saleOpensAt",
                                Instant.now().plus(60, ChronoUnit.DAYS).toString())),
                rule(
                        "saleOpensAt equal to startsAt",
                        "saleOpensAt",
                        b -> b.put("saleOpensAt", b.get("startsAt").asString())),
                rule("currency lower case", "currency", b -> b.put("currency", "eur")),
                rule("currency not ISO-4217", "currency", b -> b.put("currency", "ABC")),
                rule("currency too long", "currency", b -> b.put("currency", "EURO")),
                rule("holdTtlSeconds below 10", "holdTtlSeconds", b -> b.put("holdTtlSeconds", 9)),
                rule("holdTtlSeconds above 3600", "holdTtlSeconds", b -> b.put("holdTtlSeconds", 3601)),
                rule("maxPerOrder zero", "maxPerOrder", b -> b.put("maxPerOrder", 0)),
                rule("maxPerOrder above 10", "maxPerOrder", b -> b.put("maxPerOrder", 11)),
                rule("neither seatMap nor generalAdmission", "seatMap", b -> b.remove("seatMap")),
                rule(
                        "both seatMap and generalAdmission",
                        "generalAdmission",
                        b -> b.set("generalAdmission", JSON.readTree("{\"quantity\": 10, \"priceCents\": 100}"))),
                rule("no sections", "seatMap.sections", b -> sections(b).removeAll()),
                rule("sections missing", "seatMap.sections", b -> ((ObjectNode) b.get("seatMap")).remove("sections")),
                rule(
                        "section name lower case",
                        "seatMap.sections[0].name",
                        b -> section(b, 0).put("name", "a")),
                rule(
                        "section name too long",
                        "seatMap.sections[0].name",
                        b -> section(b, 0).put("name", "ABCDEFGHI")),
                rule(
                        "section name missing",
                        "seatMap.sections[0].name",
                        b -> section(b, 0).remove("name")),
                rule(
                        "section names repeated",
                        "seatMap.sections[1].name",
                        b -> section(b, 1).put("name", "A")),
                rule("rows zero", "seatMap.sections[0].rows", b -> section(b, 0).put("rows", 0)),
                rule(
                        "rows above 1000",
                        "seatMap.sections[0].rows",
                        b -> section(b, 0).put("rows", 1001)),
                rule(
                        "seatsPerRow zero",
                        "seatMap.sections[1].seatsPerRow",
                        b -> section(b, 1).put("seatsPerRow", 0)),
                rule(
                        "seatsPerRow above 1000",
                        "seatMap.sections[0].seatsPerRow",
                        b -> section(b, 0).put("seatsPerRow", 1001)),
                rule(
                        "priceCents negative",
                        "seatMap.sections[0].priceCents",
                        b -> section(b, 0).put("priceCents", -1)),
                rule(
                        "priceCents zero: a free seat could never be paid, so never confirmed",
                        "seatMap.sections[1].priceCents",
                        b -> section(b, 1).put("priceCents", 0)),
                rule("general admission price zero", "generalAdmission.priceCents", b -> ga(b, 10, 0)),
                rule(
                        "priceCents above 10,000,000",
                        "seatMap.sections[0].priceCents",
                        b -> section(b, 0).put("priceCents", 10_000_001)),
                rule("more than 100,000 seats in total", "seatMap", b -> {
                    ArrayNode all = sections(b);
                    all.removeAll();
                    for (int i = 0; i < 200; i++) {
                        all.addObject()
                                .put("name", "S" + i)
                                .put("rows", 1000)
                                .put("seatsPerRow", 1000)
                                .put("priceCents", 1);
                    }
                }),
                rule("general admission quantity zero", "generalAdmission.quantity", b -> ga(b, 0, 100)),
                rule("general admission quantity above 100,000", "generalAdmission.quantity", b -> ga(b, 100_001, 100)),
                rule("general admission price negative", "generalAdmission.priceCents", b -> ga(b, 10, -1)),
                rule("unknown field", "priceCent", b -> b.put("priceCent", 1)),
                rule(
                        "rows of the wrong type",
                        "seatMap.sections[0].rows",
                        b -> section(b, 0).put("rows", "ten")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenRules")
    void eachBrokenRuleIsA400NamingTheFieldAndWritesNothing(String rule, String field, Consumer<ObjectNode> breakIt) {
        ObjectNode body = validBody();
        breakIt.accept(body);
        long events = count("booking.events");
        long seats = count("booking.seats");

        TestHttp.Reply response = BookingCalls.createEvent(http, body.toString());

        assertThat(response.status()).as(rule).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode problem = response.json();
        assertThat(problem.get("type").asString()).isEqualTo("/problems/invalid-request");
        assertThat(problem.findValuesAsString("field")).as(rule).contains(field);
        assertThat(count("booking.events")).isEqualTo(events);
        assertThat(count("booking.seats")).isEqualTo(seats);
    }

    @Test
    void everyBrokenRuleOfOneRequestIsReportedAtOnce() {
        ObjectNode body = validBody();
        body.remove("name");
        body.put("maxPerOrder", 99);
        section(body, 0).put("rows", 0);

        JsonNode problem = BookingCalls.createEvent(http, body.toString()).json();

        assertThat(problem.findValuesAsString("field"))
                .containsExactlyInAnyOrder("name", "maxPerOrder", "seatMap.sections[0].rows");
    }

    @Test
    void aValidBodyIsAccepted() {
        assertThat(BookingCalls.createEvent(http, validBody().toString()).status())
                .isEqualTo(201);
    }

    private static ObjectNode validBody() {
        ObjectNode body = (ObjectNode) JSON.readTree(EventBodies.seated("Valid", 2, 3));
        sections(body)
                .addObject()
                .put("name", "B")
                .put("rows", 1)
                .put("seatsPerRow", 2)
                .put("priceCents", 1);
        return body;
    }

    private static Arguments rule(String rule, String field, Consumer<ObjectNode> breakIt) {
        return Arguments.of(rule, field, breakIt);
    }

    private static ArrayNode sections(ObjectNode body) {
        return (ArrayNode) body.get("seatMap").get("sections");
    }

    private static ObjectNode section(ObjectNode body, int index) {
        return (ObjectNode) sections(body).get(index);
    }

    private static void ga(ObjectNode body, int quantity, int priceCents) {
        body.remove("seatMap");
        body.putObject("generalAdmission").put("quantity", quantity).put("priceCents", priceCents);
    }

    private long count(String table) {
        return jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class);
    }
}
