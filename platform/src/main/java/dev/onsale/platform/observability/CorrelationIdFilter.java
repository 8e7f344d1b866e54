package dev.onsale.platform.observability;

import dev.onsale.common.IdentityHeaders;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.MDC;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Puts the gateway's correlation id into the logging context ({@code correlationId}) for the whole
 * request and echoes it on the response. A request that did not come through the gateway (a probe,
 * a test) gets a fresh id; a malformed one is replaced so that it cannot forge log lines.
 */
final class CorrelationIdFilter extends OncePerRequestFilter {

    static final String MDC_KEY = "correlationId";
    private static final Pattern WELL_FORMED = Pattern.compile("[A-Za-z0-9-]{8,64}");

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String id = request.getHeader(IdentityHeaders.CORRELATION_ID);
        if (id == null || !WELL_FORMED.matcher(id).matches()) {
            id = UUID.randomUUID().toString();
        }
        MDC.put(MDC_KEY, id);
        response.setHeader(IdentityHeaders.CORRELATION_ID, id);
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove(MDC_KEY);
        }
    }
}
