package dev.onsale.gateway.apidocs;

import tools.jackson.databind.node.ObjectNode;

/** One service's part of the merged document: its generated document, or why it is missing. */
sealed interface Part {

    String service();

    record Answered(String service, ObjectNode document) implements Part {}

    record Missing(String service, String detail) implements Part {}
}
