import hupai.Hupai;
import hupai.Hupai.HupaiException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks hands from Java against the answers the Rust library wrote
 * (bindings/c/tests/c_program.rs writes the file; check.c documents its lines).
 *
 * <pre>java -cp ... HupaiTest HANDS_FILE [PASSES]</pre>
 * With PASSES, also times per-call and batch checks of the win hands.
 */
public final class HupaiTest {
  static int failures = 0;
  static long checked = 0;

  static void expect(boolean ok, String what) {
    checked++;
    if (!ok && ++failures <= 20) {
      System.err.println("FAIL: " + what);
    }
  }

  static int code(Runnable r) {
    try {
      r.run();
      return 0;
    } catch (HupaiException e) {
      return e.code;
    }
  }

  /** A block of hands judged by one rule set. */
  static final class Block {
    final String rules;
    final List<byte[]> winCounts = new ArrayList<>();
    final List<Integer> winJokers = new ArrayList<>();
    final List<Integer> winWant = new ArrayList<>();

    Block(String rules) {
      this.rules = rules;
    }
  }

  public static void main(String[] args) throws Exception {
    contract();
    headerCodes();
    List<Block> blocks = new ArrayList<>();
    Block block = null;
    Hupai rules = null;
    for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
      String[] f = line.split(" ");
      switch (f[0]) {
        case "rules":
          if (rules != null) {
            batch(rules, block);
            rules.close();
          }
          block = new Block(f[1]);
          blocks.add(block);
          rules = Hupai.load(f[1]);
          break;
        case "str": {
          int want = Integer.parseInt(f[1]);
          String hand = line.substring(line.indexOf(' ', 4) + 1);
          final Hupai r = rules;
          int[] got = {0};
          int c = code(() -> got[0] = r.check(hand) ? 1 : 0);
          expect((c < 0 ? c : got[0]) == want, "check " + hand + ": want " + want);
          break;
        }
        case "win": {
          int want = Integer.parseInt(f[1]);
          int jokers = Integer.parseInt(f[2]);
          byte[] counts = counts(f, 3);
          final Hupai r = rules;
          int[] got = {0};
          int c = code(() -> got[0] = r.isWin(counts, jokers) ? 1 : 0);
          expect((c < 0 ? c : got[0]) == want, "isWin " + line);
          block.winCounts.add(counts);
          block.winJokers.add(jokers);
          block.winWant.add(want);
          break;
        }
        case "status":
          status(rules, f, line);
          break;
        case "waits": {
          int want = Integer.parseInt(f[1]);
          long mask = Long.parseUnsignedLong(f[2]);
          int jokers = Integer.parseInt(f[3]);
          byte[] counts = counts(f, 4);
          final Hupai r = rules;
          long[] got = {0};
          int c = code(() -> got[0] = r.waits(counts, jokers));
          expect(c == want && got[0] == mask, "waits " + line);
          break;
        }
        default:
          break;
      }
    }
    if (rules != null) {
      batch(rules, block);
      rules.close();
    }
    threads(blocks.get(blocks.size() - 1));
    if (args.length > 1) {
      bench(blocks, Integer.parseInt(args[1]));
    }
    System.out.println("java: " + checked + " checks, " + failures + " failures");
    System.exit(failures == 0 ? 0 : 1);
  }

  /** A slot as a status line writes it: a number, or an {@code E_*} name. */
  static int slot(String text) throws ReflectiveOperationException {
    if (Character.isDigit(text.charAt(0)) || text.charAt(0) == '-') {
      return Integer.parseInt(text);
    }
    return Hupai.class.getField("E_" + text).getInt(null);
  }

  /** One row of bindings/tests/bad_rows.tsv through the three batch calls. */
  static void status(Hupai rules, String[] f, String line) throws ReflectiveOperationException {
    byte[] counts = counts(f, 5);
    byte[] jokers = {(byte) Integer.parseInt(f[4])};
    byte[] out = new byte[1];
    byte[] shanten = new byte[1];
    byte[] waitsCode = new byte[1];
    byte[] shantenCode = new byte[1];
    rules.isWinBatch(counts, jokers, out);
    rules.waitsBatch(counts, jokers, new long[1], waitsCode);
    rules.shantenBatch(counts, jokers, shanten, shantenCode);
    expect(out[0] == slot(f[1]), "isWinBatch slot " + out[0] + ": " + line);
    expect(waitsCode[0] == slot(f[2]), "waitsBatch code " + waitsCode[0] + ": " + line);
    expect(shantenCode[0] == slot(f[3]), "shantenBatch code " + shantenCode[0] + ": " + line);
  }

  /** The E_* constants are the header's HUPAI_E_* (the library's table). */
  static void headerCodes() throws Exception {
    int seen = 0;
    for (String line :
        Files.readAllLines(Paths.get("bindings/c/include/hupai.h"), StandardCharsets.UTF_8)) {
      if (line.startsWith("#define HUPAI_E_")) {
        String[] p = line.split(" ");
        String name = p[1].substring("HUPAI_".length());
        expect(Hupai.class.getField(name).getInt(null) == Integer.parseInt(p[2]), line);
        seen++;
      }
    }
    long fields =
        java.util.Arrays.stream(Hupai.class.getFields())
            .filter(x -> x.getName().startsWith("E_"))
            .count();
    expect(seen > 0 && seen == fields, "header codes " + seen + ", Java codes " + fields);
  }

  static byte[] counts(String[] f, int from) {
    byte[] c = new byte[34];
    for (int i = 0; i < 34; i++) {
      c[i] = (byte) Integer.parseInt(f[from + i]);
    }
    return c;
  }

  static byte[] flat(Block b) {
    byte[] all = new byte[b.winCounts.size() * 34];
    for (int i = 0; i < b.winCounts.size(); i++) {
      System.arraycopy(b.winCounts.get(i), 0, all, i * 34, 34);
    }
    return all;
  }

  static byte[] jokers(Block b) {
    byte[] j = new byte[b.winJokers.size()];
    for (int i = 0; i < j.length; i++) {
      j[i] = (byte) (int) b.winJokers.get(i);
    }
    return j;
  }

  static void batch(Hupai rules, Block b) {
    byte[] out = new byte[b.winWant.size()];
    int bad = rules.isWinBatch(flat(b), jokers(b), out);
    int wantBad = 0;
    for (int i = 0; i < out.length; i++) {
      wantBad += b.winWant.get(i) < 0 ? 1 : 0;
      expect(out[i] == b.winWant.get(i), b.rules + " batch hand " + i);
    }
    expect(bad == wantBad, b.rules + " batch bad count " + bad);
  }

  /** One rule set shared by four threads answers as one thread does. */
  static void threads(Block b) throws InterruptedException {
    Hupai rules = Hupai.load(b.rules);
    byte[] all = flat(b);
    byte[] j = jokers(b);
    Thread[] ts = new Thread[4];
    int[] wrong = new int[ts.length];
    for (int t = 0; t < ts.length; t++) {
      final int id = t;
      ts[t] = new Thread(() -> {
        for (int pass = 0; pass < 20; pass++) {
          byte[] out = new byte[j.length];
          rules.isWinBatch(all, j, out);
          for (int i = 0; i < out.length; i++) {
            wrong[id] += out[i] == b.winWant.get(i) ? 0 : 1;
          }
        }
      });
      ts[t].start();
    }
    for (Thread t : ts) {
      t.join();
    }
    for (int w : wrong) {
      expect(w == 0, "threads: " + w + " wrong answers");
    }
    rules.close();
  }

  static void contract() {
    expect(code(() -> Hupai.load("no-such-rules")) == Hupai.E_RULES, "unknown preset");
    try {
      Hupai.load("no-such-rules");
    } catch (HupaiException e) {
      expect(e.getMessage().contains("no-such-rules"), "message names the value: " + e.getMessage());
    }
    expect(code(() -> Hupai.fromToml("base = 3")) == Hupai.E_RULES, "bad toml");
    try (Hupai r = Hupai.fromToml("base = \"hongzhong\"\njoker_fifth_copy = false")) {
      expect(!r.check("4444m7z"), "no fifth copy");
    }
    try (Hupai r = Hupai.load("chinese")) {
      expect(r.check("88饼11万东东中混混混混混混混"), "Chinese notation");
      expect(r.check("22567p12555678m*"), "mpsz with a joker");
      expect(code(() -> r.check("11111m")) == Hupai.E_TOO_MANY_COPIES, "five copies");
      expect(code(() -> r.check("123m456p789s1112x")) == Hupai.E_PARSE, "parse error");
      expect(code(() -> r.check(null)) == Hupai.E_NULL, "null hand");
      byte[] c = new byte[34];
      c[27] = 1;
      expect(r.waits(c, 0) == (1L << 27), "single wait");
      expect(r.shanten(c, 0) == 0, "1z is ready");
      expect(r.shanten(c, 1) == -1, "1z and a joker win");
      byte[] pair = new byte[68];
      pair[27] = 1;
      pair[34 + 27] = 2;
      byte[] shanten = new byte[2];
      byte[] codes = new byte[2];
      expect(r.shantenBatch(pair, new byte[] {0, 1}, shanten, codes) == 1, "one bad hand");
      expect(shanten[0] == 0 && codes[0] == 0 && codes[1] == Hupai.E_WRONG_SIZE, "shanten batch");
      c[27] = 2;
      expect(r.isWin(c, 3), "11z + ***");
      expect(code(() -> r.isWin(new byte[34], 1)) == Hupai.E_WRONG_SIZE, "one joker");
      byte[] two = new byte[68];
      two[0] = 3;
      two[34] = 6;
      byte[] out = new byte[2];
      expect(r.isWinBatch(two, new byte[] {2, 0}, out) == 1, "batch: one bad hand");
      expect(out[0] == 1 && out[1] == Hupai.E_TOO_MANY_COPIES, "batch slots");
    }
    try (Hupai r = Hupai.load("sichuan")) {
      String s = r.score("{\"hand\": \"111222333555m66m\", \"winning\": \"6m\", \"how\": \"self-drawn\"}");
      expect(s.contains("\"legal\":true") && s.contains("\"fan\":4") && s.contains("\"total\":16"),
          "清对 self-drawn: 4 番, 16 points: " + s);
      expect(code(() -> r.score("{\"hand\": \"111222333555m66m\", \"winning\": \"6m\", \"riichi\": true}"))
          == Hupai.E_ARGUMENT, "riichi is not read under fans");
      expect(code(() -> r.score("[1, 2]")) == Hupai.E_ARGUMENT, "a claim is a JSON object");
      expect(code(() -> r.score(null)) == Hupai.E_NULL, "null claim");
      String longHand = "1m".repeat(2100);
      expect(code(() -> r.score("{\"hand\": \"" + longHand + "\", \"winning\": \"1m\"}"))
          == Hupai.E_ARGUMENT, "a claim longer than 4,096 bytes");
    }
    try (Hupai r = Hupai.load("riichi")) {
      // An answer of 519 bytes, past the first buffer: asked again with room.
      String s = r.score("{\"hand\": \"22334455667788m\", \"winning\": \"8m\", \"how\": \"self-drawn\","
          + " \"riichi\": true, \"ippatsu\": true, \"dora\": \"1m2m3m4m\", \"ura_dora\": \"7m6m5m\"}");
      expect(s.length() == 519 && s.endsWith("\"shape\":\"ryanmen\"}") && s.contains("\"total\":48000"),
          "a long riichi answer whole: " + s);
    }
    try (Hupai r = Hupai.load("chinese")) {
      expect(code(() -> r.score("{\"hand\": \"11m\", \"winning\": \"1m\"}")) == Hupai.E_RULES,
          "no scoring table");
    }
    Hupai r = Hupai.load("basic");
    r.close();
    r.close(); // twice is harmless
    boolean refused = false;
    try {
      r.isWin(new byte[34], 2);
    } catch (IllegalStateException e) {
      refused = true;
    }
    expect(refused, "use after close is refused");
  }

  static void bench(List<Block> blocks, int passes) {
    for (Block b : blocks) {
      if (b.winCounts.size() < 100) {
        continue;
      }
      try (Hupai rules = Hupai.load(b.rules)) {
        byte[] all = flat(b);
        byte[] j = jokers(b);
        byte[] out = new byte[j.length];
        int n = j.length;
        long sink = 0;
        for (int warm = 0; warm < 2; warm++) {
          long t0 = System.nanoTime();
          for (int p = 0; p < passes; p++) {
            for (int i = 0; i < n; i++) {
              try {
                sink += rules.isWin(b.winCounts.get(i), b.winJokers.get(i)) ? 1 : 0;
              } catch (HupaiException e) {
                sink += e.code;
              }
            }
          }
          long t1 = System.nanoTime();
          for (int p = 0; p < passes; p++) {
            sink += rules.isWinBatch(all, j, out);
          }
          long t2 = System.nanoTime();
          if (warm == 1) {
            double hands = (double) passes * n;
            System.out.printf(
                "java bench %s: %d hands x %d passes: isWin %.1f ns/hand, isWinBatch %.1f ns/hand (%d)%n",
                b.rules, n, passes, (t1 - t0) / hands, (t2 - t1) / hands, sink & 1);
          }
        }
      }
    }
  }
}
