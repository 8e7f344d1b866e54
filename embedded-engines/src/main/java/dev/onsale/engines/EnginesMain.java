package dev.onsale.engines;

public final class EnginesMain {
    public static void main(String[] args) {
    }
}
