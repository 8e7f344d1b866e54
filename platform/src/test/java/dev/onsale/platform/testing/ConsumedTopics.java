package dev.onsale.platform.testing;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.util.ClassUtils;

/** The topics the {@code @KafkaListener}s of a service's components consume, read from its classes. */
public final class ConsumedTopics {

    private ConsumedTopics() {}

    /** Every topic a {@code @KafkaListener} names on a component or its methods under {@code basePackage}. */
    public static Set<String> under(String basePackage) {
        var scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(Component.class));
        Set<String> topics = new TreeSet<>();
        for (BeanDefinition candidate : scanner.findCandidateComponents(basePackage)) {
            Class<?> type =
                    ClassUtils.resolveClassName(candidate.getBeanClassName(), ConsumedTopics.class.getClassLoader());
            KafkaListener onType = type.getAnnotation(KafkaListener.class);
            if (onType != null) {
                topics.addAll(Arrays.asList(onType.topics()));
            }
            for (Method method : type.getDeclaredMethods()) {
                KafkaListener listener = method.getAnnotation(KafkaListener.class);
                if (listener != null) {
                    topics.addAll(Arrays.asList(listener.topics()));
                }
            }
        }
        return topics;
    }
}
