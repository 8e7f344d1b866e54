package dev.onsale.gateway.problem;

/** Signals, anywhere in a request's pipeline, that the gateway answers with {@link #problem()}. */
public final class ProblemException extends RuntimeException {

    private final transient Problem problem;

    public ProblemException(Problem problem) {
        super(problem.type().slug() + ": " + problem.detail(), null, false, false);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
