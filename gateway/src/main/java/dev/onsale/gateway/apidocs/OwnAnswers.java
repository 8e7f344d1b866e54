package dev.onsale.gateway.apidocs;

import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import io.swagger.v3.oas.models.Operation;
import java.util.Arrays;
import java.util.Map;
import org.springdoc.core.customizers.GlobalOperationCustomizer;
import org.springframework.stereotype.Component;
import org.springframework.web.method.HandlerMethod;

/**
 * The {@link Answers} of the gateway's own calls, handed to the merge as {@value #EXTENSION} ({@code problems}: the
 * slugs, {@code also}: the other statuses), where {@link ProblemJson} renders them as the services' parts render
 * theirs. The success status of the gateway's calls is their {@code @ResponseStatus}.
 */
@Component
class OwnAnswers implements GlobalOperationCustomizer {

    static final String EXTENSION = "x-onsale-answers";

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        Answers answers = handler.getMethodAnnotation(Answers.class);
        if (answers != null) {
            operation.addExtension(
                    EXTENSION,
                    Map.of(
                            "problems",
                                    Arrays.stream(answers.problems())
                                            .map(ProblemType::slug)
                                            .toList(),
                            "also", Arrays.stream(answers.also()).boxed().toList()));
        }
        return operation;
    }
}
