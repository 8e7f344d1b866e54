package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FairnessTest {

    @Test
    void buyersPlacedAndLetInInTheOrderTheyArrivedAreFair() {
        Fairness.Result result = Fairness.of(List.of(
                arrival(0, 10, 1, 100), arrival(20, 30, 2, 100), arrival(40, 50, 3, 101), arrival(60, 70, 4, 102)));

        assertThat(result).isEqualTo(new Fairness.Result(4, 0, 6, 0, 0, 0));
        assertThat(result.fair()).isTrue();
    }

    @Test
    void aLaterArrivalPlacedAheadOfAnEarlierOneIsAnInversionAndUnfair() {
        Fairness.Result result =
                Fairness.of(List.of(arrival(0, 10, 5, 100), arrival(20, 30, 2, 100), arrival(40, 50, 6, 100)));

        assertThat(result.inversions()).isEqualTo(1);
        assertThat(result.certainPairs()).isEqualTo(3);
        assertThat(result.fair()).isFalse();
    }

    @Test
    void aLaterArrivalLetInInAnEarlierSecondIsAnInversionEvenWithoutPlaces() {
        Fairness.Result result = Fairness.of(List.of(arrival(0, 10, 0, 105), arrival(20, 30, 0, 103)));

        assertThat(result.inversions()).isEqualTo(1);
        assertThat(result.fair()).isFalse();
    }

    @Test
    void arrivalsWhoseRequestsOverlappedAreTiesThatAreCountedButNotJudged() {
        // the second was sent before the first was answered: the gateway's batching may order them either way
        Fairness.Result result = Fairness.of(List.of(arrival(0, 50, 2, 100), arrival(10, 60, 1, 99)));

        assertThat(result).isEqualTo(new Fairness.Result(2, 0, 0, 0, 1, 1));
        assertThat(result.fair()).isTrue();
    }

    @Test
    void onlyBuyersWhoArrivedAfterTheOpeningAndWereLetInAreJudged() {
        Fairness.Arrival preQueue = new Fairness.Arrival(0, 10, false, 9, 90, false);
        Fairness.Arrival neverLetIn = arrival(5, 8, 8, -1);
        Fairness.Result result = Fairness.of(List.of(preQueue, neverLetIn, arrival(20, 30, 1, 100)));

        assertThat(result).isEqualTo(new Fairness.Result(1, 0, 0, 0, 0, 0));
    }

    @Test
    void buyersWhoseLineWasLostAreCountedButNotJudged() {
        // the first arrival's place went with a Redis restart: it joined again at the back and was let in last
        Fairness.Arrival lost = new Fairness.Arrival(0, 10, true, 1, 120, true);
        Fairness.Result result = Fairness.of(List.of(lost, arrival(20, 30, 2, 100), arrival(40, 50, 3, 101)));

        assertThat(result).isEqualTo(new Fairness.Result(2, 1, 1, 0, 0, 0));
        assertThat(result.fair()).isTrue();
        assertThat(Fairness.of(List.of(
                                new Fairness.Arrival(0, 10, true, 1, 120, false),
                                arrival(20, 30, 2, 100),
                                arrival(40, 50, 3, 101)))
                        .fair())
                .isFalse();
    }

    @Test
    void placesInTwoLinesAreNotComparedButTheirAdmissionsAre() {
        // the first was placed 1500th in the line Redis then lost, and let in before it was lost; the second's first
        // join was sent before the loss and answered after it, 5th in the new line: its place is not ahead of 1500
        List<Fairness.LineLoss> losses = List.of(new Fairness.LineLoss(40, 45));
        Fairness.Arrival letInBeforeTheLoss = arrival(0, 10, 1500, 100);
        Fairness.Result result = Fairness.of(List.of(letInBeforeTheLoss, arrival(20, 60, 5, 120)), losses);

        assertThat(result).isEqualTo(new Fairness.Result(2, 0, 1, 0, 0, 0));
        assertThat(Fairness.of(List.of(letInBeforeTheLoss, arrival(20, 60, 5, 99)), losses)
                        .inversions())
                .as("let in in an earlier second: an inversion in any line")
                .isEqualTo(1);
        assertThat(Fairness.of(List.of(letInBeforeTheLoss, arrival(20, 42, 5, 120)), losses)
                        .inversions())
                .as("answered while Redis restarted: in either line")
                .isZero();
        assertThat(Fairness.of(List.of(arrival(50, 55, 1500, 130), arrival(60, 70, 5, 140)), losses)
                        .inversions())
                .as("both placed in the new line: compared")
                .isEqualTo(1);
    }

    @Test
    void anUnfairResultNamesItsInversions() {
        Fairness.Result result = Fairness.of(
                List.of(arrival(0, 1_000_000_000L, 5, 100), arrival(2_000_000_000L, 3_000_000_000L, 2, 101)));

        assertThat(result.examples())
                .containsExactly("arrived 0.0-1.0 s at place 5, let in at 0 s; arrived 2.0-3.0 s at place 2, let in"
                        + " at 1 s");
    }

    @Test
    void theSecondOfAnAdmissionIsReadFromItsToken() {
        String token = "a1.%s.%s.%s.1767225600.c2lnbmF0dXJl"
                .formatted(
                        "0b1aaac8-0a02-490a-abda-0c61d89b98e6",
                        "1c2d3e4f-0a02-490a-abda-0c61d89b98e6",
                        "2d3e4f50-0a02-490a-abda-0c61d89b98e6");

        assertThat(Fairness.admittedSecond(token)).isEqualTo(1767225600L);
        assertThat(Fairness.admittedSecond(null)).isEqualTo(-1);
        assertThat(Fairness.admittedSecond("not.a.token")).isEqualTo(-1);
        assertThat(Fairness.admittedSecond("a1.a.b.c.soon.sig")).isEqualTo(-1);
    }

    private static Fairness.Arrival arrival(long sent, long answered, long place, long admittedSecond) {
        return new Fairness.Arrival(sent, answered, true, place, admittedSecond, false);
    }
}
