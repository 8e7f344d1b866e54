package dev.onsale.platform.web;

/** One invalid input in a 400 {@code invalid-request}: the JSON path of the field and what is wrong. */
public record FieldError(String field, String message) {}
