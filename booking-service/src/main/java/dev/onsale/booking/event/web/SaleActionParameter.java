package dev.onsale.booking.event.web;

import dev.onsale.booking.event.SaleAction;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.springdoc.core.customizers.ParameterCustomizer;
import org.springframework.core.MethodParameter;
import org.springframework.stereotype.Component;

/**
 * Documents the {@code {action}} of {@code POST /admin/events/{eventId}/sale/{action}} as the path names of
 * {@link SaleAction}, read from the enum, so that the contract names every action the controller takes and no
 * other.
 */
@Component
class SaleActionParameter implements ParameterCustomizer {

    @Override
    public Parameter customize(Parameter parameter, MethodParameter method) {
        if (parameter != null
                && method.getContainingClass() == SaleAdminController.class
                && "action".equals(parameter.getName())
                && "path".equals(parameter.getIn())) {
            StringSchema actions = new StringSchema();
            SaleAction.pathNames().forEach(actions::addEnumItem);
            parameter.setSchema(actions);
        }
        return parameter;
    }
}
