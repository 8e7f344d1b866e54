package dev.onsale.gateway.correlation;

import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ThreadLocalAccessor;
import org.slf4j.MDC;
import org.springframework.context.annotation.Configuration;

/**
 * Restores the correlation id from the Reactor context into the MDC on whichever thread runs an
 * operator, so that every log line of a request carries it. Needs
 * {@code spring.reactor.context-propagation: auto}.
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
