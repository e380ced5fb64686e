package hupai;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;

/**
 * hupai from Java through JNA: the C ABI of {@code bindings/c/include/hupai.h}.
 *
 * <p>Load {@code libhupai_c.so} from {@code jna.library.path} (or the system
 * library path). A {@code Hupai} holds one rule set: it never changes and may be
 * used by any number of threads at once; {@link #close} frees it once no thread
 * uses it any more.
 *
 * <pre>{@code
 * try (Hupai rules = Hupai.load("chinese")) {
 *   boolean win = rules.check("88饼11万东东中混混混混混混混");   // true
 *   byte[] counts = new byte[34];
 *   counts[27] = 2;                                     // 11z
 *   boolean win2 = rules.isWin(counts, 3);              // true: 11z + ***
 * }
 * }</pre>
 *
 * <p>Errors: a bad hand or rule set throws {@link HupaiException}, whose
 * {@code code} is one of the {@code E_*} constants (the header's
 * {@code HUPAI_E_*}) and whose message names the bad value. The batch calls
 * throw nothing for a bad hand: its slot holds its code.
 *
 * <p>Counts are indexed 0-33: 1m-9m, 1p-9p, 1s-9s, then east south west north
 * white green red.
 */
public final class Hupai implements AutoCloseable {
  /** A NULL pointer where a value is needed. */
  public static final int E_NULL = -1;
  /** A hand string that is not mahjong notation. */
  public static final int E_PARSE = -2;
  /** A string that is not UTF-8. */
  public static final int E_BAD_UTF8 = -3;
  /** More than four copies of one tile. */
  public static final int E_TOO_MANY_COPIES = -4;
  /** More tiles (jokers included) than the rules allow. */
  public static final int E_TOO_MANY_TILES = -5;
  /** A hand of the wrong size: a win needs 3N+2 tiles, a wait 3N+1. */
  public static final int E_WRONG_SIZE = -6;
  /** A tile the rules do not play with. */
  public static final int E_TILE_NOT_IN_RULES = -7;
  /** Any other bad hand. */
  public static final int E_BAD_HAND = -8;
  /** Rules that cannot be made. */
  public static final int E_RULES = -9;
  /** A batch length too large. */
  public static final int E_ARGUMENT = -10;
  /** A panic inside hupai, caught at the boundary. */
  public static final int E_INTERNAL = -11;

  /** Tile kinds: the length of a count array. */
  public static final int KINDS = 34;

  private static final int ERROR_SIZE = 4 + 256; // hupai_error: int code; char message[256]

  static {
    Native.register(Hupai.class, "hupai_c");
  }

  private static native Pointer hupai_rules_new(byte[] presetOrPath, Pointer err);

  private static native Pointer hupai_rules_from_toml(byte[] toml, Pointer err);

  private static native void hupai_rules_free(Pointer rules);

  private static native int hupai_is_win(Pointer rules, byte[] counts, byte jokers);

  private static native int hupai_check_str(Pointer rules, byte[] hand, Pointer err);

  private static native int hupai_waits(Pointer rules, byte[] counts, byte jokers, long[] mask);

  private static native int hupai_shanten(Pointer rules, byte[] counts, byte jokers, byte[] out);

  private static native int hupai_score_json(
      Pointer rules, byte[] claimJson, byte[] out, long outLen, Pointer err);

  // size_t is a Java long on 64-bit Linux and macOS (LP64).
  private static native int hupai_is_win_batch(
      Pointer rules, byte[] counts, byte[] jokers, long n, byte[] out);

  private static native int hupai_waits_batch(
      Pointer rules, byte[] counts, byte[] jokers, long n, long[] masks, byte[] codes);

  private static native int hupai_shanten_batch(
      Pointer rules, byte[] counts, byte[] jokers, long n, byte[] shanten, byte[] codes);

  /** An error from hupai: its code ({@code E_*}) and message. */
  public static final class HupaiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** One of the {@code E_*} codes. */
    public final int code;

    HupaiException(int code, String message) {
      super(message + " (code " + code + ")");
      this.code = code;
    }
  }

  private volatile Pointer rules;

  private Hupai(Pointer rules) {
    this.rules = rules;
  }

  /** Rules from a preset's name ("chinese", "riichi", ...) or a rule file's path. */
  public static Hupai load(String presetOrPath) {
    Memory err = new Memory(ERROR_SIZE);
    return made(hupai_rules_new(cString(presetOrPath), err), err);
  }

  /** Rules from a rule file's text (TOML, such as {@code base = "hongzhong"}). */
  public static Hupai fromToml(String toml) {
    Memory err = new Memory(ERROR_SIZE);
    return made(hupai_rules_from_toml(cString(toml), err), err);
  }

  private static Hupai made(Pointer rules, Memory err) {
    if (rules == null) {
      throw error(err);
    }
    return new Hupai(rules);
  }

  /** Does the hand written in {@code hand} (mpsz or Chinese notation) win? */
  public boolean check(String hand) {
    Memory err = new Memory(ERROR_SIZE);
    int answer = hupai_check_str(live(), cString(hand), err);
    if (answer < 0) {
      throw error(err);
    }
    return answer == 1;
  }

  /** Does the hand of 34 counts and {@code jokers} jokers win? */
  public boolean isWin(byte[] counts, int jokers) {
    return answer(hupai_is_win(live(), hand(counts, 1), joker(jokers))) == 1;
  }

  /** The waits of a hand of 3N+1 tiles: bit i set when tile index i completes it. */
  public long waits(byte[] counts, int jokers) {
    long[] mask = new long[1];
    answer(hupai_waits(live(), hand(counts, 1), joker(jokers), mask));
    return mask[0];
  }

  /**
   * How far a hand of 3N+1 or 3N+2 tiles is from a win: -1 a win, 0 ready, 1 one
   * useful draw from ready, ...
   */
  public int shanten(byte[] counts, int jokers) {
    byte[] out = new byte[1];
    answer(hupai_shanten(live(), hand(counts, 1), joker(jokers), out));
    return out[0];
  }

  /**
   * {@link #shanten} for {@code jokers.length} hands: {@code shanten[i]} receives
   * hand i's shanten and {@code codes[i]} 0 or its error code. Returns the number
   * of hands with an error code.
   */
  public int shantenBatch(byte[] counts, byte[] jokers, byte[] shanten, byte[] codes) {
    int n = jokers.length;
    if (shanten.length < n || codes.length < n) {
      throw new IllegalArgumentException("shanten and codes need " + n + " slots");
    }
    return answer(hupai_shanten_batch(live(), hand(counts, n), jokers, n, shanten, codes));
  }

  /**
   * {@link #isWin} for {@code jokers.length} hands ({@code counts} holds 34 counts
   * per hand): {@code out[i]} receives 1, 0 or hand i's error code. Returns the
   * number of hands with an error code.
   */
  public int isWinBatch(byte[] counts, byte[] jokers, byte[] out) {
    int n = jokers.length;
    if (out.length < n) {
      throw new IllegalArgumentException("out holds " + out.length + " slots for " + n + " hands");
    }
    return answer(hupai_is_win_batch(live(), hand(counts, n), jokers, n, out));
  }

  /**
   * {@link #waits} for {@code jokers.length} hands: {@code masks[i]} receives hand
   * i's waits and {@code codes[i]} 0 or its error code. Returns the number of
   * hands with an error code.
   */
  public int waitsBatch(byte[] counts, byte[] jokers, long[] masks, byte[] codes) {
    int n = jokers.length;
    if (masks.length < n || codes.length < n) {
      throw new IllegalArgumentException("masks and codes need " + n + " slots");
    }
    return answer(hupai_waits_batch(live(), hand(counts, n), jokers, n, masks, codes));
  }

  /**
   * Scores a claim under rules with a {@code [scoring]} table ({@code riichi}, {@code gb},
   * {@code sichuan}, {@code kawuxing}, {@code hongzhong}, or a rule file's): {@code claimJson}
   * is a JSON object of {@code hupai score}'s fields ({@code {"hand": "111222333555m66m",
   * "winning": "6m", "how": "self-drawn"}}); the answer is the score as {@code hupai score
   * --json} prints it, one JSON object ({@code "legal"}, {@code "points"}, ...). A claim that
   * does not read (not JSON, a field the rules' family does not read, a conflict) throws
   * {@link HupaiException} with {@link #E_ARGUMENT} and a message naming the field; rules
   * without a scoring table, {@link #E_RULES}.
   */
  public String score(String claimJson) {
    Memory err = new Memory(ERROR_SIZE);
    byte[] claim = cString(claimJson);
    byte[] out = new byte[512];
    int len = hupai_score_json(live(), claim, out, out.length, err);
    if (len >= out.length) { // too long for the first buffer: ask again with room
      out = new byte[len + 1];
      len = hupai_score_json(live(), claim, out, out.length, err);
    }
    if (len < 0) {
      throw error(err);
    }
    return new String(out, 0, len, StandardCharsets.UTF_8);
  }

  /** Frees the rules; no thread may use them afterwards. Closing twice is harmless. */
  @Override
  public synchronized void close() {
    Pointer r = rules;
    rules = null;
    if (r != null) {
      hupai_rules_free(r);
    }
  }

  private Pointer live() {
    Pointer r = rules;
    if (r == null) {
      throw new IllegalStateException("hupai rules used after close()");
    }
    return r;
  }

  private static int answer(int code) {
    if (code < 0) {
      throw new HupaiException(code, describe(code));
    }
    return code;
  }

  private static byte[] hand(byte[] counts, int hands) {
    if (counts.length != hands * KINDS) {
      throw new IllegalArgumentException(
          "counts holds " + counts.length + " values, want " + hands * KINDS);
    }
    return counts;
  }

  private static byte joker(int jokers) {
    if (jokers < 0 || jokers > 255) {
      throw new IllegalArgumentException("jokers = " + jokers + ": must be 0-255");
    }
    return (byte) jokers;
  }

  private static byte[] cString(String s) {
    if (s == null) {
      return null; // hupai answers E_NULL
    }
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    byte[] z = new byte[utf8.length + 1];
    System.arraycopy(utf8, 0, z, 0, utf8.length);
    return z;
  }

  private static HupaiException error(Memory err) {
    byte[] msg = err.getByteArray(4, 256);
    int len = 0;
    while (len < msg.length && msg[len] != 0) {
      len++;
    }
    return new HupaiException(err.getInt(0), new String(msg, 0, len, StandardCharsets.UTF_8));
  }

  /** A short description of an error code. */
  public static String describe(int code) {
    switch (code) {
      case E_NULL: return "null argument";
      case E_PARSE: return "not mahjong notation";
      case E_BAD_UTF8: return "not UTF-8";
      case E_TOO_MANY_COPIES: return "more than four copies of a tile";
      case E_TOO_MANY_TILES: return "too many tiles";
      case E_WRONG_SIZE: return "wrong number of tiles";
      case E_TILE_NOT_IN_RULES: return "a tile the rules do not use";
      case E_BAD_HAND: return "bad hand";
      case E_RULES: return "bad rules";
      case E_ARGUMENT: return "bad argument";
      case E_INTERNAL: return "internal error";
      default: return "error " + code;
    }
  }
}
