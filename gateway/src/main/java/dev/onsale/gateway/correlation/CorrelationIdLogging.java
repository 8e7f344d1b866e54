package dev.onsale.gateway.correlation;

import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ThreadLocalAccessor;
import org.slf4j.MDC;
import org.springframework.context.annotation.Configuration;

/**
 * Makes the correlation id of the Reactor context known to context propagation as the MDC entry, so
 * that operators which restore thread-locals ({@code handle}, {@code tap}, and every operator when
 * {@code spring.reactor.context-propagation} is {@code auto}) log with it. The gateway runs with
 * {@code limited}: restoring thread-locals around every operator of every request cost about a tenth
 * of the gateway's CPU, so the gateway's own request log lines (access, problems, upstream failures)
 * put the id into the MDC themselves, from the exchange.
 */
@Configuration(proxyBeanMethods = false)
class CorrelationIdLogging {

    CorrelationIdLogging() {
        ContextRegistry.getInstance().registerThreadLocalAccessor(new MdcAccessor());
    }

    static final class MdcAccessor implements ThreadLocalAccessor<String> {

        @Override
        public Object key() {
            return CorrelationId.KEY;
        }

        @Override
        public String getValue() {
            return MDC.get(CorrelationId.KEY);
        }

        @Override
        public void setValue(String value) {
            MDC.put(CorrelationId.KEY, value);
        }

        @Override
        public void setValue() {
            MDC.remove(CorrelationId.KEY);
        }
    }
}
