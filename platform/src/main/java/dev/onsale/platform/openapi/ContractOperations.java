package dev.onsale.platform.openapi;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Admin;
import dev.onsale.platform.identity.Auditor;
import dev.onsale.platform.identity.Buyer;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.lang.annotation.Annotation;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.GlobalOperationCustomizer;
import org.springframework.beans.BeanUtils;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.method.HandlerMethod;

/**
 * Each operation as the contract states it: the success status and problems of its {@link Answers}, 401 when it
 * needs a caller, 400 {@code invalid-request} when it takes a body. No parameter that a client does not send: none
 * of the gateway's headers ({@code X-Onsale-*}, which it strips from clients and signs itself), and none resolved
 * from them (a handler parameter of an object type without a web binding annotation, such as the caller or the
 * admission).
 */
final class ContractOperations implements GlobalOperationCustomizer {

    private static final Set<Class<?>> CALLERS = Set.of(Buyer.class, Admin.class, Auditor.class);
    private static final Set<String> GATEWAY_HEADERS = Set.of(
                    IdentityHeaders.BUYER,
                    IdentityHeaders.ROLE,
                    IdentityHeaders.ADMISSION,
                    IdentityHeaders.DEADLINE,
                    IdentityHeaders.SIGNATURE)
            .stream()
            .map(name -> name.toLowerCase(Locale.ROOT))
            .collect(Collectors.toUnmodifiableSet());
    private static final Set<Class<? extends Annotation>> BINDINGS = Set.of(
            PathVariable.class,
            RequestParam.class,
            RequestHeader.class,
            RequestBody.class,
            CookieValue.class,
            ModelAttribute.class,
            RequestPart.class);

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        if (operation.getParameters() != null) {
            Set<String> resolved = Arrays.stream(handler.getMethodParameters())
                    .filter(parameter -> !BeanUtils.isSimpleProperty(parameter.getParameterType())
                            && Arrays.stream(parameter.getParameterAnnotations())
                                    .noneMatch(annotation -> BINDINGS.contains(annotation.annotationType())))
                    .map(MethodParameter::getParameterName)
                    .filter(java.util.Objects::nonNull)
                    .collect(Collectors.toSet());
            operation
                    .getParameters()
                    .removeIf(parameter -> "header".equals(parameter.getIn())
                            ? GATEWAY_HEADERS.contains(parameter.getName().toLowerCase(Locale.ROOT))
                            : "query".equals(parameter.getIn()) && resolved.contains(parameter.getName()));
            if (operation.getParameters().isEmpty()) {
                operation.setParameters(null);
            }
        }
        ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
        operation.setResponses(responses);
        Answers answers = handler.getMethodAnnotation(Answers.class);
        if (answers != null) {
            succeedWith(responses, answers.value());
            Arrays.stream(answers.problems()).forEach(type -> ProblemResponses.add(responses, type));
            Arrays.stream(answers.also())
                    .forEach(status -> responses.computeIfAbsent(
                            Integer.toString(status), key -> new ApiResponse().description(reason(status))));
        }
        if (Arrays.stream(handler.getMethodParameters()).anyMatch(p -> CALLERS.contains(p.getParameterType()))) {
            ProblemResponses.add(responses, ProblemType.UNAUTHORIZED);
        }
        if (operation.getRequestBody() != null) {
            ProblemResponses.add(responses, ProblemType.INVALID_REQUEST);
        }
        return operation;
    }

    private static String reason(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        return known == null ? Integer.toString(status) : known.getReasonPhrase();
    }

    /** The generated 2xx answer, moved under {@code status} (a 204 has no body to describe). */
    private static void succeedWith(ApiResponses responses, int status) {
        String key = Integer.toString(status);
        Map.Entry<String, ApiResponse> generated = responses.entrySet().stream()
                .filter(entry -> entry.getKey().startsWith("2"))
                .findFirst()
                .orElse(null);
        ApiResponse success = generated == null ? new ApiResponse() : generated.getValue();
        if (generated != null) {
            responses.remove(generated.getKey());
        }
        if (status == 204) {
            success.setContent(null);
        }
        if (success.getDescription() == null
                || success.getDescription().isBlank()
                || generated != null && !generated.getKey().equals(key)) {
            success.setDescription(reason(status));
        }
        responses.addApiResponse(key, success);
    }
}
