package dev.onsale.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What each process of a stack listens on, read from the kernel ({@code /proc/net/tcp}, {@code /proc/net/tcp6}
 * and each process's socket descriptors), not from what the processes were told: {@code process -> {"127.0.0.1:8080", ...}}.
 */
final class ListeningSockets {

    private static final String LISTEN = "0A";

    private ListeningSockets() {}

    /** Every TCP socket in LISTEN state owned by each of {@code pids}, as address:port. */
    static Map<String, Set<String>> of(Map<String, Long> pids) {
        Map<String, String> listeningByInode = new HashMap<>();
        listeningByInode.putAll(read(Path.of("/proc/net/tcp"), false));
        listeningByInode.putAll(read(Path.of("/proc/net/tcp6"), true));
        Map<String, Set<String>> result = new TreeMap<>();
        pids.forEach((name, pid) -> {
            Set<String> addresses = new TreeSet<>();
            for (String inode : socketInodes(pid)) {
                String address = listeningByInode.get(inode);
                if (address != null) {
                    addresses.add(address);
                }
            }
            result.put(name, addresses);
        });
        return result;
    }

    /** Whether {@code address} (as {@link #of} gives it) accepts connections from this machine only. */
    static boolean isLoopback(String address) {
        String host = address.substring(0, address.lastIndexOf(':'));
        return host.startsWith("127.") || host.equals("::1") || host.startsWith("::ffff:127.");
    }

    /** Whether {@code address} accepts connections on every interface. */
    static boolean isWildcard(String address) {
        String host = address.substring(0, address.lastIndexOf(':'));
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("::ffff:0.0.0.0");
    }

    private static List<String> socketInodes(long pid) {
        Path fds = Path.of("/proc", Long.toString(pid), "fd");
        List<String> inodes = new java.util.ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(fds)) {
            for (Path fd : entries) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor went away while we looked
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the descriptors of pid " + pid, e);
        }
        return inodes;
    }

    private static Map<String, String> read(Path table, boolean ipv6) {
        Map<String, String> byInode = new HashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(table);
        } catch (IOException e) {
            return byInode;
        }
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length > 9 && fields[3].equals(LISTEN)) {
                String[] local = fields[1].split(":");
                int port = Integer.parseInt(local[1], 16);
                byInode.put(fields[9], (ipv6 ? ipv6(local[0]) : ipv4(local[0])) + ":" + port);
            }
        }
        return byInode;
    }

    /** The kernel prints an IPv4 address as one little-endian 32-bit word. */
    private static String ipv4(String hex) {
        long word = Long.parseLong(hex, 16);
        return (word & 0xff) + "." + (word >> 8 & 0xff) + "." + (word >> 16 & 0xff) + "." + (word >> 24 & 0xff);
    }

    /** ... and an IPv6 address as four such words. */
    private static String ipv6(String hex) {
        byte[] bytes = new byte[16];
        for (int word = 0; word < 4; word++) {
            long value = Long.parseLong(hex.substring(word * 8, word * 8 + 8), 16);
            for (int b = 0; b < 4; b++) {
                bytes[word * 4 + b] = (byte) (value >> (8 * b));
            }
        }
        boolean mapped = true;
        for (int i = 0; i < 10; i++) {
            mapped &= bytes[i] == 0;
        }
        mapped &= bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
        if (mapped) {
            return "::ffff:" + (bytes[12] & 0xff) + "." + (bytes[13] & 0xff) + "." + (bytes[14] & 0xff) + "."
                    + (bytes[15] & 0xff);
        }
        boolean any = true;
        boolean loopback = bytes[15] == 1;
        for (int i = 0; i < 15; i++) {
            any &= bytes[i] == 0;
            loopback &= bytes[i] == 0;
        }
        if (any && bytes[15] == 0) {
            return "::";
        }
        if (loopback) {
            return "::1";
        }
        var text = new StringBuilder();
        for (int i = 0; i < 16; i += 2) {
            text.append(i == 0 ? "" : ":").append(Integer.toHexString((bytes[i] & 0xff) << 8 | bytes[i + 1] & 0xff));
        }
        return text.toString();
    }
}
