package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The contract's tables as {@link ContractTables} reads them, and what its check finds in a document. */
class ContractTablesTest {

    private static final String TABLES = """
            | call | success | notable failures |
            |---|---|---|
            | `POST /api/sessions` `{}` (no auth) | 201 `{"sessionToken", "expiresAt"}` | 429 |
            | `GET /api/events/{eventId}` (no auth) | 200 the event, 2,000 at most | 401, 404 `event-not-found` |

            | call | purpose |
            |---|---|
            | `PUT /admin/events/{eventId}/admission` `{"maxActiveBuyers": 500}` | tune it (defaults: 2 x seats, at least 50; 200/s) |
            | `POST /admin/events/{eventId}/sale/{open,halt}` | drive the sale |
            """;

    private static JsonNode document(String paths) {
        return TestHttp.JSON.readTree("{\"paths\":{" + paths + "}}");
    }

    private static final String SESSIONS = "\"/api/sessions\":{\"post\":{\"responses\":{\"201\":{},\"429\":{}}}}";
    private static final String EVENT =
            "\"/api/events/{id}\":{\"get\":{\"responses\":{\"200\":{},\"401\":{},\"404\":{}," + "\"503\":{}}}}";
    private static final String ADMISSION =
            "\"/admin/events/{eventId}/admission\":{\"put\":{\"responses\":{\"200\":{}}}}";
    private static final String SALE = "\"/admin/events/{eventId}/sale/{action}\":{\"post\":{\"parameters\":[{\"in\":"
            + "\"path\",\"name\":\"action\",\"schema\":{\"enum\":[\"open\",\"halt\"]}}],\"responses\":{\"200\":{}}}}";

    @Test
    void readsEachCallWithTheStatusesOfItsRowAndOneCallPerAlternative() {
        assertThat(ContractTables.parse(TABLES))
                .containsExactly(
                        new ContractTables.Call("POST", "/api/sessions", Set.of(201, 429)),
                        new ContractTables.Call("GET", "/api/events/{eventId}", Set.of(200, 401, 404)),
                        new ContractTables.Call("PUT", "/admin/events/{eventId}/admission", Set.of()),
                        new ContractTables.Call("POST", "/admin/events/{eventId}/sale/open", Set.of()),
                        new ContractTables.Call("POST", "/admin/events/{eventId}/sale/halt", Set.of()));
    }

    @Test
    void aDocumentWithEveryCallAndStatusAgreesEvenWithMoreFailuresThanTheTablesName() {
        var document = document(String.join(",", SESSIONS, EVENT, ADMISSION, SALE));

        assertThat(ContractTables.mismatches(ContractTables.parse(TABLES), document))
                .isEmpty();
    }

    @Test
    void aMissingPathOrMethodIsFound() {
        var document = document(String.join(
                ",",
                SESSIONS,
                EVENT,
                SALE,
                "\"/admin/events/{eventId}/admission\":{\"post\":{\"responses\":{\"200\":{}}}}"));

        assertThat(ContractTables.mismatches(ContractTables.parse(TABLES), document))
                .containsExactly("PUT /admin/events/{eventId}/admission: not in the document");
    }

    @Test
    void aStatusMissingOrAnotherSuccessIsFound() {
        var document = document(String.join(
                ",",
                "\"/api/sessions\":{\"post\":{\"responses\":{\"200\":{},\"429\":{}}}}",
                "\"/api/events/{id}\":{\"get\":{\"responses\":{\"200\":{},\"401\":{}}}}",
                ADMISSION,
                SALE));

        List<String> mismatches = ContractTables.mismatches(ContractTables.parse(TABLES), document);

        assertThat(mismatches).hasSize(3);
        assertThat(mismatches.get(0)).startsWith("POST /api/sessions").contains("lacks [201]");
        assertThat(mismatches.get(1)).startsWith("POST /api/sessions").contains("success is [200]");
        assertThat(mismatches.get(2)).startsWith("GET /api/events/{eventId}").contains("lacks [404]");
    }

    @Test
    void anActionOutsideTheVariablesEnumIsNotInTheDocument() {
        var document = document(String.join(",", SESSIONS, EVENT, ADMISSION, SALE.replace(",\"halt\"", "")));

        assertThat(ContractTables.mismatches(ContractTables.parse(TABLES), document))
                .containsExactly("POST /admin/events/{eventId}/sale/halt: not in the document");
    }

    @Test
    void theRepositorysContractHasEveryTable() {
        Path repo = Path.of(System.getProperty("onsale.repo", ".."))
                .toAbsolutePath()
                .normalize();

        List<ContractTables.Call> calls = ContractTables.read(repo.resolve("docs/API.md"));

        assertThat(calls)
                .hasSizeGreaterThanOrEqualTo(24)
                .contains(new ContractTables.Call(
                        "POST", "/api/events/{eventId}/holds", Set.of(201, 400, 403, 409, 422, 429, 503)))
                .contains(new ContractTables.Call("POST", "/admin/reconciliation/run", Set.of(201, 409)))
                .contains(new ContractTables.Call("POST", "/api/queue/{eventId}/join", Set.of(200, 401, 404)))
                .contains(new ContractTables.Call("GET", "/api/queue/{eventId}/progress", Set.of(200, 304, 404)));
    }
}
