/* Checks the C ABI against answers the Rust library wrote (tests/c_program.rs).
 *
 *   check HANDS_FILE          verify; exit status 0 when every answer agrees
 *   check HANDS_FILE bench N  also time N passes over the file's win hands
 *
 * HANDS_FILE lines:
 *   rules NAME                      judge what follows by preset NAME
 *   str WANT HAND...                hupai_check_str(HAND) == WANT
 *   win WANT J C0 .. C33            hupai_is_win(counts, J) == WANT
 *   waits CODE MASK J C0 .. C33     hupai_waits gives CODE and (if 0) MASK
 *   status WIN WAITS SHANTEN J C0 .. C33
 *                                   the batch calls' slots for the hand (one of
 *                                   bindings/tests/bad_rows.tsv's rows): WIN is
 *                                   is_win's answer, WAITS and SHANTEN the
 *                                   codes; a digit or a HUPAI_E_* name
 * Every win and waits hand of a rules block is also answered by the batch
 * calls, which must agree; the last block's win hands also by four threads
 * sharing one rules object.
 */
#define _POSIX_C_SOURCE 199309L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hupai.h"

static int failures = 0;
static long checked = 0;

#define EXPECT(cond, ...)                                   \
  do {                                                      \
    checked++;                                              \
    if (!(cond)) {                                          \
      failures++;                                           \
      if (failures <= 20) {                                 \
        fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);     \
        fprintf(stderr, __VA_ARGS__);                       \
        fputc('\n', stderr);                                \
      }                                                     \
    }                                                       \
  } while (0)

typedef struct {
  size_t n, cap;
  uint8_t *counts; /* n * 34 */
  uint8_t *jokers;
  int *want;
  uint64_t *mask;
} hands;

static void push(hands *h, const uint8_t counts[34], uint8_t jokers, int want, uint64_t mask) {
  if (h->n == h->cap) {
    h->cap = h->cap ? 2 * h->cap : 256;
    h->counts = realloc(h->counts, h->cap * 34);
    h->jokers = realloc(h->jokers, h->cap);
    h->want = realloc(h->want, h->cap * sizeof(int));
    h->mask = realloc(h->mask, h->cap * sizeof(uint64_t));
    if (!h->counts || !h->jokers || !h->want || !h->mask) {
      perror("realloc");
      exit(2);
    }
  }
  memcpy(h->counts + h->n * 34, counts, 34);
  h->jokers[h->n] = jokers;
  h->want[h->n] = want;
  h->mask[h->n] = mask;
  h->n++;
}

static void release(hands *h) {
  free(h->counts);
  free(h->jokers);
  free(h->want);
  free(h->mask);
  memset(h, 0, sizeof *h);
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

/* The batch calls over a block's hands agree with the expected answers. */
static void check_batches(const hupai_rules *rules, hands *wins, hands *waits) {
  int8_t *out = malloc(wins->n + 1);
  int bad = hupai_is_win_batch(rules, wins->counts, wins->jokers, wins->n, out);
  int want_bad = 0;
  for (size_t i = 0; i < wins->n; i++) {
    want_bad += wins->want[i] < 0;
    EXPECT(out[i] == wins->want[i], "is_win_batch hand %zu: %d, want %d", i, out[i], wins->want[i]);
  }
  EXPECT(bad == want_bad, "is_win_batch returned %d, want %d", bad, want_bad);
  free(out);

  uint64_t *masks = malloc((waits->n + 1) * sizeof(uint64_t));
  int8_t *codes = malloc(waits->n + 1);
  bad = hupai_waits_batch(rules, waits->counts, waits->jokers, waits->n, masks, codes);
  want_bad = 0;
  for (size_t i = 0; i < waits->n; i++) {
    want_bad += waits->want[i] < 0;
    EXPECT(codes[i] == waits->want[i], "waits_batch hand %zu: code %d, want %d", i, codes[i],
           waits->want[i]);
    EXPECT(masks[i] == waits->mask[i], "waits_batch hand %zu: mask %llx, want %llx", i,
           (unsigned long long)masks[i], (unsigned long long)waits->mask[i]);
  }
  EXPECT(bad == want_bad, "waits_batch returned %d, want %d", bad, want_bad);
  free(masks);
  free(codes);
}

/* Four threads share one rules object and answer as one thread does. */
typedef struct {
  const hupai_rules *rules;
  const hands *wins;
  int wrong;
} job;

static void *run_job(void *arg) {
  job *j = arg;
  for (int pass = 0; pass < 20; pass++) {
    for (size_t i = 0; i < j->wins->n; i++) {
      j->wrong += hupai_is_win(j->rules, j->wins->counts + i * 34, j->wins->jokers[i]) != j->wins->want[i];
    }
  }
  return NULL;
}

static void check_threads(const hupai_rules *rules, const hands *wins) {
  pthread_t t[4];
  job jobs[4];
  for (int i = 0; i < 4; i++) {
    jobs[i] = (job){rules, wins, 0};
    EXPECT(pthread_create(&t[i], NULL, run_job, &jobs[i]) == 0, "pthread_create");
  }
  for (int i = 0; i < 4; i++) {
    pthread_join(t[i], NULL);
    EXPECT(jobs[i].wrong == 0, "thread %d: %d wrong answers", i, jobs[i].wrong);
  }
}

static void bench(const char *name, const hupai_rules *rules, const hands *wins, int passes) {
  if (wins->n < 100) return;
  int8_t *out = malloc(wins->n);
  volatile long sink = 0;
  for (size_t i = 0; i < wins->n; i++) sink += hupai_is_win(rules, wins->counts + i * 34, wins->jokers[i]);
  double t0 = now_ns();
  for (int p = 0; p < passes; p++) {
    for (size_t i = 0; i < wins->n; i++) sink += hupai_is_win(rules, wins->counts + i * 34, wins->jokers[i]);
  }
  double t1 = now_ns();
  for (int p = 0; p < passes; p++) sink += hupai_is_win_batch(rules, wins->counts, wins->jokers, wins->n, out);
  double t2 = now_ns();
  double hands_done = (double)passes * wins->n;
  printf("c bench %s: %zu hands x %d passes: hupai_is_win %.1f ns/hand, hupai_is_win_batch %.1f ns/hand\n",
         name, wins->n, passes, (t1 - t0) / hands_done, (t2 - t1) / hands_done);
  free(out);
}

/* The header's codes by name (the library's table, hupai::batch::Status). */
static const struct {
  const char *name;
  int code;
} STATUSES[] = {
    {"NULL", HUPAI_E_NULL},
    {"PARSE", HUPAI_E_PARSE},
    {"BAD_UTF8", HUPAI_E_BAD_UTF8},
    {"TOO_MANY_COPIES", HUPAI_E_TOO_MANY_COPIES},
    {"TOO_MANY_TILES", HUPAI_E_TOO_MANY_TILES},
    {"WRONG_SIZE", HUPAI_E_WRONG_SIZE},
    {"TILE_NOT_IN_RULES", HUPAI_E_TILE_NOT_IN_RULES},
    {"BAD_HAND", HUPAI_E_BAD_HAND},
    {"RULES", HUPAI_E_RULES},
    {"ARGUMENT", HUPAI_E_ARGUMENT},
    {"INTERNAL", HUPAI_E_INTERNAL},
};

/* A slot as a `status` line writes it: a number, or a code's name. */
static int slot(const char *text) {
  if ((text[0] >= '0' && text[0] <= '9') || text[0] == '-') return atoi(text);
  for (size_t i = 0; i < sizeof STATUSES / sizeof STATUSES[0]; i++) {
    if (strcmp(STATUSES[i].name, text) == 0) return STATUSES[i].code;
  }
  fprintf(stderr, "unknown status name %s\n", text);
  exit(2);
}

/* One row through the three batch calls: the slots the line names. */
static void check_status(const hupai_rules *rules, char *rest) {
  char win[32], waits[32], shanten[32];
  int j, used, c;
  uint8_t counts[34];
  sscanf(rest, "%31s %31s %31s %d%n", win, waits, shanten, &j, &used);
  char *p = rest + used;
  for (int i = 0; i < 34; i++) {
    sscanf(p, "%d%n", &c, &used);
    p += used;
    counts[i] = (uint8_t)c;
  }
  uint8_t jokers = (uint8_t)j;
  int8_t out = 9, sh = 9, codes[2] = {9, 9};
  uint64_t mask = 9;
  hupai_is_win_batch(rules, counts, &jokers, 1, &out);
  hupai_waits_batch(rules, counts, &jokers, 1, &mask, &codes[0]);
  hupai_shanten_batch(rules, counts, &jokers, 1, &sh, &codes[1]);
  EXPECT(out == slot(win), "status %s: is_win_batch %d, want %s", rest, out, win);
  EXPECT(codes[0] == slot(waits), "status %s: waits_batch %d, want %s", rest, codes[0], waits);
  EXPECT(codes[1] == slot(shanten), "status %s: shanten_batch %d, want %s", rest, codes[1], shanten);
}

/* Errors, NULLs and messages: the contract of the header. */
static void check_contract(void) {
  hupai_error err;
  uint8_t counts[34] = {0};
  uint64_t mask = 0;
  int8_t out[3];

  hupai_rules *r = hupai_rules_new("no-such-rules", &err);
  EXPECT(r == NULL && err.code == HUPAI_E_RULES, "unknown preset: %p code %d", (void *)r, err.code);
  EXPECT(strstr(err.message, "no-such-rules") != NULL, "message names the value: %s", err.message);
  EXPECT(hupai_rules_new(NULL, &err) == NULL && err.code == HUPAI_E_NULL, "NULL name: %d", err.code);
  EXPECT(hupai_rules_new("nope", NULL) == NULL, "err may be NULL");
  EXPECT(hupai_rules_from_toml("base = 3", &err) == NULL && err.code == HUPAI_E_RULES,
         "bad toml: %d", err.code);
  EXPECT(hupai_rules_new("\xff\xfe", &err) == NULL && err.code == HUPAI_E_BAD_UTF8, "bad utf-8: %d",
         err.code);
  hupai_rules_free(NULL);

  r = hupai_rules_from_toml("base = \"hongzhong\"\njoker_fifth_copy = false", &err);
  EXPECT(r != NULL && err.code == 0 && err.message[0] == 0, "toml rules: %s", err.message);
  EXPECT(hupai_check_str(r, "4444m7z", &err) == 0 && err.code == 0, "no fifth copy: %s", err.message);
  hupai_rules_free(r);

  r = hupai_rules_new("chinese", &err);
  EXPECT(r != NULL && err.code == 0, "chinese: %s", err.message);
  EXPECT(hupai_is_win(NULL, counts, 0) == HUPAI_E_NULL, "NULL rules");
  EXPECT(hupai_is_win(r, NULL, 0) == HUPAI_E_NULL, "NULL counts");
  EXPECT(hupai_waits(r, counts, 1, NULL) == HUPAI_E_NULL, "NULL mask");
  EXPECT(hupai_check_str(r, NULL, &err) == HUPAI_E_NULL && err.code == HUPAI_E_NULL, "NULL hand");
  EXPECT(hupai_check_str(NULL, "11m", NULL) == HUPAI_E_NULL, "NULL rules, NULL err");
  EXPECT(hupai_check_str(r, "88饼11万东东中混混混混混混混", &err) == 1, "Chinese notation: %s", err.message);
  EXPECT(hupai_check_str(r, "123m456p789s1112x", &err) == HUPAI_E_PARSE && err.code == HUPAI_E_PARSE,
         "parse: %d %s", err.code, err.message);
  EXPECT(hupai_check_str(r, "11m [123p", &err) == HUPAI_E_PARSE && err.code == HUPAI_E_PARSE,
         "an unclosed bracket is a parse error: %d %s", err.code, err.message);
  EXPECT(hupai_check_str(r, "11111m", &err) == HUPAI_E_TOO_MANY_COPIES, "five copies: %s", err.message);
  EXPECT(strstr(err.message, "1m") != NULL, "names the tile: %s", err.message);
  EXPECT(hupai_check_str(r, "123m", &err) == HUPAI_E_WRONG_SIZE, "wrong size: %s", err.message);

  /* A long bad hand: the message is cut to fit, NUL-terminated. */
  char long_hand[4000];
  for (size_t i = 0; i < sizeof long_hand - 1; i++) long_hand[i] = "中"[i % 3];
  long_hand[sizeof long_hand - 1] = 0;
  long_hand[sizeof long_hand - 1 - (sizeof long_hand - 1) % 3] = 0;
  int code = hupai_check_str(r, long_hand, &err);
  EXPECT(code < 0 && err.code == code, "long hand: %d", code);
  EXPECT(strlen(err.message) < HUPAI_ERROR_MESSAGE_LEN, "message fits");

  counts[0] = 5;
  counts[1] = 9;
  EXPECT(hupai_is_win(r, counts, 0) == HUPAI_E_TOO_MANY_COPIES, "five copies (counts)");
  memset(counts, 0, sizeof counts);
  counts[27] = 1;
  EXPECT(hupai_waits(r, counts, 0, &mask) == 0 && mask == (1ull << 27), "single wait: %llx",
         (unsigned long long)mask);
  {
    /* Shanten: 1z alone waits on its mate (0); 1z1z is a win (-1). */
    int8_t sh = 9;
    uint8_t one[34] = {0};
    one[27] = 1;
    EXPECT(hupai_shanten(r, one, 0, &sh) == 0 && sh == 0, "shanten of 1z: %d", sh);
    one[27] = 2;
    EXPECT(hupai_shanten(r, one, 0, &sh) == 0 && sh == -1, "shanten of 11z: %d", sh);
    EXPECT(hupai_shanten(r, one, 1, &sh) == HUPAI_E_WRONG_SIZE, "3 tiles");
    EXPECT(hupai_shanten(r, one, 0, NULL) == HUPAI_E_NULL, "NULL shanten");
    uint8_t two[68] = {0};
    uint8_t jk[2] = {0, 1};
    int8_t shs[2], codes[2];
    two[27] = 1;      /* 1z: ready */
    two[34 + 27] = 2; /* 11z and a joker: 3 tiles, an error */
    EXPECT(hupai_shanten_batch(r, two, jk, 2, shs, codes) == 1 && shs[0] == 0 && codes[0] == 0 &&
               codes[1] == HUPAI_E_WRONG_SIZE,
           "shanten batch");
  }

  /* A bad hand in a batch gets its code; the others are answered. */
  uint8_t batch[3 * 34] = {0};
  uint8_t jokers[3] = {2, 0, 20};
  batch[0 * 34 + 0] = 3; /* 111m ** */
  batch[1 * 34 + 0] = 6; /* six 1m */
  EXPECT(hupai_is_win_batch(r, batch, jokers, 3, out) == 2, "two bad hands");
  EXPECT(out[0] == 1 && out[1] == HUPAI_E_TOO_MANY_COPIES && out[2] == HUPAI_E_TOO_MANY_TILES,
         "batch slots: %d %d %d", out[0], out[1], out[2]);
  EXPECT(hupai_is_win_batch(r, NULL, jokers, 3, out) == HUPAI_E_NULL, "NULL batch counts");
  EXPECT(hupai_is_win_batch(r, batch, jokers, 0, NULL) == 0, "empty batch");
  EXPECT(hupai_is_win_batch(r, batch, jokers, SIZE_MAX, out) == HUPAI_E_ARGUMENT, "huge n");
  hupai_rules_free(r);
}

/* hupai_score_json: a good claim and its snprintf contract; bad claims
 * (issue 49: not JSON, an indicator list item that is not one tile, a
 * string where a flag goes, an unknown field, a list nested 2,000 deep
 * (within the size limit), a hand of 50 MB of spaces), each a negative code
 * and a message, each followed by the good claim answered exactly again. */
static void check_score(void) {
  hupai_error err;
  hupai_rules *r = hupai_rules_new("riichi", &err);
  EXPECT(r != NULL, "riichi rules: %s", err.message);
  if (!r) return;
  const char *good = "{\"hand\":\"234567m234p67888s\",\"winning\":\"8s\"}";
  char want[1024];
  int n = hupai_score_json(r, good, want, sizeof want, &err);
  EXPECT(n > 0 && (size_t)n < sizeof want && strlen(want) == (size_t)n &&
             strncmp(want, "{\"hand\":\"234567m234p67888s\",\"legal\":true,", 41) == 0 &&
             strstr(want, "\"points\":{\"total\":2900,\"discard\":2900}") != NULL,
         "score: %d %s", n, n < 0 ? err.message : want);
  if (n <= 0 || (size_t)n >= sizeof want) {
    hupai_rules_free(r);
    return;
  }
  /* The buffer: NULL or too small (no room for the NUL) is not written. */
  EXPECT(hupai_score_json(r, good, NULL, 0, &err) == n, "score length with NULL out");
  char *exact = malloc((size_t)n + 1);
  if (!exact) {
    perror("malloc");
    exit(2);
  }
  memset(exact, 'x', (size_t)n + 1);
  EXPECT(hupai_score_json(r, good, exact, (size_t)n, &err) == n && exact[0] == 'x',
         "score into n bytes writes nothing");
  EXPECT(hupai_score_json(r, good, exact, (size_t)n + 1, &err) == n && exact[n] == 0 &&
             strcmp(exact, want) == 0,
         "score into n + 1 bytes");
  free(exact);

  const size_t deep_n = 2000, spaces_n = 50u << 20;
  char *deep = malloc(64 + 2 * deep_n);
  char *spaces = malloc(64 + spaces_n);
  if (!deep || !spaces) {
    perror("malloc");
    exit(2);
  }
  size_t at = (size_t)sprintf(deep, "{\"hand\":\"234567m234p67888s\",\"winning\":\"8s\",\"dora\":");
  memset(deep + at, '[', deep_n);
  memset(deep + at + deep_n, ']', deep_n);
  strcpy(deep + at + 2 * deep_n, "}");
  at = (size_t)sprintf(spaces, "{\"hand\":\"");
  memset(spaces + at, ' ', spaces_n);
  strcpy(spaces + at + spaces_n, "234567m234p67888s\",\"winning\":\"8s\"}");
  const struct {
    const char *claim, *message;
  } bad[] = {
      {"not json", "bad claim"},
      {"{\"hand\":\"234567m234p67888s\",\"winning\":\"8s\",\"dora\":[\"1\",\"2m\"]}", "dora: "},
      {"{\"hand\":\"234567m234p67888s\",\"winning\":\"8s\",\"dora\":[\"3m\",\"\",\"7z\"]}", "dora: "},
      {"{\"hand\":\"234567m234p67888s\",\"winning\":\"8s\",\"riichi\":\"false\"}",
       "riichi takes true or false"},
      {"{\"hand\":\"234567m234p67888s\",\"winning\":\"8s\",\"seatWind\":\"2z\"}",
       "\"seatWind\" is not a claim field"},
      {deep, "bad claim"},
      {spaces, "longer than 4096"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char got[1024] = "";
    memset(&err, 0, sizeof err);
    int code = hupai_score_json(r, bad[i].claim, got, sizeof got, &err);
    EXPECT(code < 0 && code == err.code && got[0] == 0 && strstr(err.message, bad[i].message),
           "bad claim %zu: %d, %s", i, code, err.message);
    code = hupai_score_json(r, good, got, sizeof got, &err);
    EXPECT(code == n && strcmp(got, want) == 0, "the good claim after bad claim %zu: %d", i, code);
  }
  free(deep);
  free(spaces);
  hupai_rules_free(r);
}

/* hupai_score_json under a fan table: two jokers (7z) under hongzhong and
 * the claim flag kong_discard under sichuan, each with its fans, points and
 * the kind each joker stands for. */
static void check_score_fans(void) {
  const struct {
    const char *rules, *claim, *fans, *points, *jokers;
  } claims[] = {
      {"hongzhong", "{\"hand\":\"111222333456m77z\",\"winning\":\"6m\",\"how\":\"self-drawn\"}",
       "\"fans\":[{\"id\":\"one_suit\",\"name\":\"清一色\",\"value\":1,\"count\":1}]",
       "\"fan\":1,\"fan_capped\":1,\"points\":{\"total\":2}", "\"jokers\":[\"1m\",\"1m\"]"},
      {"sichuan", "{\"hand\":\"111222333m55577p\",\"winning\":\"7p\",\"kong_discard\":true}",
       "{\"id\":\"kong_discard\",\"name\":\"杠上炮\",\"value\":1,\"count\":1}",
       "\"fan\":2,\"fan_capped\":2,\"points\":{\"total\":4}", "\"jokers\":[]"},
  };
  for (size_t i = 0; i < sizeof claims / sizeof claims[0]; i++) {
    hupai_error err;
    hupai_rules *r = hupai_rules_new(claims[i].rules, &err);
    EXPECT(r != NULL, "%s rules: %s", claims[i].rules, err.message);
    if (!r) continue;
    char got[1024] = "";
    int n = hupai_score_json(r, claims[i].claim, got, sizeof got, &err);
    EXPECT(n > 0 && (size_t)n == strlen(got) && strstr(got, "\"legal\":true") &&
               strstr(got, claims[i].fans) && strstr(got, claims[i].points) &&
               strstr(got, claims[i].jokers),
           "%s score: %d %s", claims[i].rules, n, n < 0 ? err.message : got);
    hupai_rules_free(r);
  }
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 4) {
    fprintf(stderr, "usage: %s HANDS_FILE [bench PASSES]\n", argv[0]);
    return 2;
  }
  check_contract();
  check_score();
  check_score_fans();

  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  char line[4096];
  hupai_rules *rules = NULL;
  hupai_error err;
  hands wins = {0}, waits = {0};
  char name[256] = "";
  int passes = argc == 4 ? atoi(argv[3]) : 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *rest = strchr(line, ' ');
    if (!rest) continue;
    *rest++ = 0;
    if (strcmp(line, "rules") == 0) {
      if (rules) {
        check_batches(rules, &wins, &waits);
        if (passes) bench(name, rules, &wins, passes);
        hupai_rules_free(rules);
      }
      snprintf(name, sizeof name, "%s", rest);
      wins.n = waits.n = 0;
      rules = hupai_rules_new(rest, &err);
      if (!rules) {
        fprintf(stderr, "rules %s: %s\n", rest, err.message);
        return 1;
      }
      printf("rules %s\n", rest);
    } else if (strcmp(line, "status") == 0) {
      check_status(rules, rest);
    } else if (strcmp(line, "str") == 0) {
      int want, used;
      sscanf(rest, "%d %n", &want, &used);
      int got = hupai_check_str(rules, rest + used, &err);
      EXPECT(got == want, "check_str %s: %d, want %d (%s)", rest + used, got, want, err.message);
    } else {
      int is_win = strcmp(line, "win") == 0;
      int want, j, used, c;
      unsigned long long mask = 0;
      uint8_t counts[34];
      if (is_win) {
        sscanf(rest, "%d %d%n", &want, &j, &used);
      } else {
        sscanf(rest, "%d %llu %d%n", &want, &mask, &j, &used);
      }
      char *p = rest + used;
      for (int i = 0; i < 34; i++) {
        sscanf(p, "%d%n", &c, &used);
        p += used;
        counts[i] = (uint8_t)c;
      }
      if (is_win) {
        int got = hupai_is_win(rules, counts, (uint8_t)j);
        EXPECT(got == want, "is_win %s: %d, want %d", rest, got, want);
        push(&wins, counts, (uint8_t)j, want, 0);
      } else {
        uint64_t got_mask = 0;
        int got = hupai_waits(rules, counts, (uint8_t)j, &got_mask);
        EXPECT(got == want && got_mask == mask, "waits %s: %d %llx, want %d %llx", rest, got,
               (unsigned long long)got_mask, want, mask);
        push(&waits, counts, (uint8_t)j, want, mask);
      }
    }
  }
  fclose(f);
  if (rules) {
    check_batches(rules, &wins, &waits);
    check_threads(rules, &wins);
    if (passes) bench(name, rules, &wins, passes);
    hupai_rules_free(rules);
  }
  release(&wins);
  release(&waits);
  printf("%ld checks, %d failures\n", checked, failures);
  return failures ? 1 : 0;
}
