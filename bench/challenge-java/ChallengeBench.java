// Times mchung94/solitaire-player's Pyramid challenge solvers (MIT, (c) 2017
// Mitchell Chung) on a deck file, for bench/challenge.md. Our code: it only
// calls the solvers' public API; bench/challenge-java.sh compiles it against
// a checkout of that repository (its solver sources are not copied here).
//
//   java ChallengeBench score[:GOAL]|cards:R[:GOAL]|board FILE
//
// FILE: one deck a line, 52 cards in dealing order (pyramid row by row from
// the top, then the stock from its top), anything after them ignored; '#'
// lines skipped. Prints one line a deck: its number, the milliseconds of the
// solve (building the Deck's tables included) in wall time and in CPU time of
// the whole process (JIT and garbage collector threads included: the machine
// is shared, so the CPU time is the figure to compare), and the solutions.
import com.secondthorn.solitaireplayer.solvers.pyramid.BoardChallengeSolver;
import com.secondthorn.solitaireplayer.solvers.pyramid.CardChallengeSolver;
import com.secondthorn.solitaireplayer.solvers.pyramid.Deck;
import com.secondthorn.solitaireplayer.solvers.pyramid.PyramidSolver;
import com.secondthorn.solitaireplayer.solvers.pyramid.ScoreChallengeSolver;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

public class ChallengeBench {
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: java ChallengeBench score[:GOAL]|cards:R[:GOAL]|board FILE");
            System.exit(2);
        }
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int deal = 0;
        long totalNanos = 0, totalCpu = 0;
        for (String line : Files.readAllLines(Paths.get(args[1]))) {
            line = line.trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] tokens = line.split("\\s+");
            String cards = String.join(" ", Arrays.copyOf(tokens, 52));
            ++deal;
            long t0 = System.nanoTime(), c0 = os.getProcessCpuTime();
            PyramidSolver solver;
            // An optional goal after a second colon: score:1000, cards:A:4 (the
            // fewest steps to it, our --target), else the maximum.
            String[] words = args[0].split(":");
            if (words[0].equals("board")) {
                solver = new BoardChallengeSolver();
            } else if (words[0].equals("score")) {
                // The maximum: the goal is the most a deal can score.
                int goal = words.length > 1 ? Integer.parseInt(words[1]) : ScoreChallengeSolver.MAX_POSSIBLE_SCORE;
                solver = new ScoreChallengeSolver(goal, 0);
            } else {
                // The most cards of the rank, both lines: a goal of 5 is never reached.
                int goal = words.length > 2 ? Integer.parseInt(words[2]) : 5;
                solver = new CardChallengeSolver(goal, words[1].charAt(0), 0);
            }
            List<String> found = new ArrayList<>(solver.solve(new Deck(cards)).keySet());
            long nanos = System.nanoTime() - t0, cpu = os.getProcessCpuTime() - c0;
            totalNanos += nanos;
            totalCpu += cpu;
            Collections.sort(found);
            System.out.printf("%d wall_ms %.1f cpu_ms %.1f %s%n", deal, nanos / 1e6, cpu / 1e6, String.join(" / ", found));
            System.out.flush();
        }
        System.out.printf("total %d decks wall %.1f s (mean %.1f ms) cpu %.1f s (mean %.1f ms)%n", deal, totalNanos / 1e9,
                totalNanos / 1e6 / deal, totalCpu / 1e9, totalCpu / 1e6 / deal);
    }
}
