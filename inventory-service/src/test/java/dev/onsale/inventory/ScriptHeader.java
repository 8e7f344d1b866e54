package dev.onsale.inventory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The header comment of a Lua script resource (its leading {@code --} lines), read for what the script's callers
 * must agree with: how many fixed KEYS and ARGV it names ({@code KEYS[9]}, not the open {@code KEYS[10..]}), and the
 * quoted status words of a section such as {@code Returns}.
 */
public final class ScriptHeader {

    private static final Pattern FIXED = Pattern.compile("(KEYS|ARGV)\\[(\\d+)]");
    private static final Pattern WORD = Pattern.compile("'([A-Z][A-Z_]*)'");
    private static final Pattern SECTION = Pattern.compile("^-- (\\S+)");

    private final List<String> lines;

    private ScriptHeader(List<String> lines) {
        this.lines = lines;
    }

    /** The header of {@code resource}, next to {@code anchor}. */
    public static ScriptHeader of(Class<?> anchor, String resource) {
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + resource + " next to " + anchor.getName());
            }
            List<String> header = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.startsWith("--")) {
                    break;
                }
                header.add(line);
            }
            return new ScriptHeader(header);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The highest fixed KEYS[n] the header names (0: none). */
    public int fixedKeys() {
        return highest("KEYS");
    }

    /** The highest fixed ARGV[n] the header names (0: none). */
    public int fixedArgs() {
        return highest("ARGV");
    }

    /**
     * The quoted upper-case words of the section that starts with {@code -- <name>} (e.g. {@code Returns},
     * {@code ARGV[1]}) and runs until the next line that starts a section.
     */
    public Set<String> words(String section) {
        Set<String> words = new LinkedHashSet<>();
        boolean inside = false;
        for (String line : lines) {
            Matcher start = SECTION.matcher(line);
            if (start.find()) {
                inside = start.group(1).equals(section);
            }
            if (inside) {
                Matcher word = WORD.matcher(line);
                while (word.find()) {
                    words.add(word.group(1));
                }
            }
        }
        if (words.isEmpty()) {
            throw new IllegalStateException("no quoted words in section " + section + " of " + lines);
        }
        return words;
    }

    private int highest(String array) {
        int highest = 0;
        for (String line : lines) {
            Matcher matcher = FIXED.matcher(line);
            while (matcher.find()) {
                if (matcher.group(1).equals(array)) {
                    highest = Math.max(highest, Integer.parseInt(matcher.group(2)));
                }
            }
        }
        return highest;
    }
}
