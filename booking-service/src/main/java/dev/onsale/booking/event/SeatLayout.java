package dev.onsale.booking.event;

import java.util.List;

/** How an event's seats are laid out: a seat map of sections, or a general-admission quantity. */
public sealed interface SeatLayout permits SeatLayout.SeatMap, SeatLayout.GeneralAdmission {

    /** Section of every general-admission seat; its seat ids are {@code GA-<n>}, n = 1..quantity. */
    String GENERAL_ADMISSION_SECTION = "GA";

    /** Number of seats the layout creates. */
    int capacity();

    boolean seated();

    /** Sections of {@code rows x seatsPerRow} seats with ids {@code <section>-<row>-<seat>}, all 1-based. */
    record SeatMap(List<Section> sections) implements SeatLayout {
        public SeatMap {
            sections = List.copyOf(sections);
        }

        @Override
        public int capacity() {
            return Math.toIntExact(sections.stream().mapToLong(Section::seats).sum());
        }

        @Override
        public boolean seated() {
            return true;
        }
    }

    record Section(String name, int rows, int seatsPerRow, int priceCents) {
        long seats() {
            return (long) rows * seatsPerRow;
        }
    }

    /** {@code quantity} unnumbered places at one price. */
    record GeneralAdmission(int quantity, int priceCents) implements SeatLayout {
        @Override
        public int capacity() {
            return quantity;
        }

        @Override
        public boolean seated() {
            return false;
        }
    }
}
