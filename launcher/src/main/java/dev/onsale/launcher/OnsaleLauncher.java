package dev.onsale.launcher;

public final class OnsaleLauncher {
    public static void main(String[] args) {
    }
}
