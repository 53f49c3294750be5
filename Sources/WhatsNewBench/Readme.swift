/// The text of bench/README.md around one run's table: how to read it, the goals that
/// missed (listed from the rows themselves), and what each row measures.
enum BenchReadme {
  static func text(machineLine: String, table: String, rows: [Row]) -> String {
    let missed = rows.filter { $0.passed == false }
    let missedText =
      missed.isEmpty
      ? "Every goal was met in this run."
      : "Goals missed in this run: "
        + missed.map { "**\($0.name)** (\(String(format: "%.2f", $0.ratio))×; goal \($0.goal))" }.joined(separator: "; ")
        + ". Why, and what would fix each, is under \"Known misses\" below."
    return """
      # Benchmarks

      `make bench` builds `whatsnew`, `whatsnew-idiomatic` and `whatsnew-bench` in release mode
      with `--static-swift-stdlib` and runs the benchmark; it prints this table and writes
      [`results.json`](results.json). The yardstick is `whatsnew-idiomatic`
      (Sources/WhatsNewIdiomatic): the app's start work written the plain way, with no caches.
      Every figure is the median of the `runs` column, set against the figure in the `against`
      column measured in the same run, in a shuffled order each round, so a slow or busy
      machine moves both. The last column is the median of the run this one replaced.
      `make bench BENCH_ARGS="--only start"` (the shipped-content rows), `"--only load"` (the
      generated-content and missing-file rows), `"--only explore"` (the `qa explore` rows) or `"--only script"` (the
      long-script row) runs part of it and writes nothing; `--quick` runs fewer rounds.

      \(machineLine)

      \(table)

      \(missedText)

      ## The yardstick

      `whatsnew-idiomatic` does what the app's start does up to the first tour page, the way a
      Swift programmer would write it without thinking about start-up time: it decodes
      `Releases/manifest.json` and every registered release file with `Codable` and
      `JSONDecoder` into plain structs (pages; blocks of the four kinds, with their options and
      items; the settings and actions a block may name are checked); parses the English and the
      user's `Localizable.strings` with `PropertyListSerialization`, and, for each release the
      flow takes, that release's own two tables (`<lang>.lproj/<version>.strings`), dropping a
      block whose keys are missing from English, as the app's validator drops it; opens the
      SQLite store with the C API and reads the schema version, then, in one transaction, the
      settings, the seen record, onboarding, the weekly-review notification and the guidance
      seen-set; computes the next weekly review with
      `Calendar.nextDate(after:matching:matchingPolicy: .nextTime)` in the zone of `TZ`;
      selects the pages newer than the seen record, up to the current version, six at most,
      without superseded pages and blocks; and prints the first page from the tables (heading,
      page count, every block's text, the choices with the stored value marked) and the next
      review date. The bench checks once per content tree that both programs show the same
      heading and first title. It does not word-wrap, colour or run a REPL; the app does, on
      the same input (the script `state`, `quit`).

      ## What each row measures

      - **warm start to the first tour page**: the app as a whole process (spawn to exit) on
        the shipped content, a store seeded as a user upgrading from 2.11.0 (`--upgrade-from`),
        the user's language Spanish (`--locale es`, so two tables are read), `TZ=UTC`, reading
        the script `state`, `quit`, with its cache filled by an earlier run.
      - **first start after the translations changed**: the same, with the app's cache
        directory removed before each run, so it parses both `Localizable.strings`, compiles
        them and writes the compiled copies (what the first start after an update or an edit
        does). These two rows are guards: the per-release layout must not cost the shipped
        content's start (≤ 1.2× and ≤ 1.3× the idiomatic program).
      - **the bare process**: `whatsnew --version` against `whatsnew-idiomatic --version`:
        loading each binary, the Swift runtime's start-up, one line, exit. Both link
        Foundation statically. The next row shows how much of the idiomatic start is its work.
      - **peak memory**: the app's peak resident set walking the shipped tour (pages, two
        language switches, `check`, a screen), as GNU time reports it (`/usr/bin/time -f
        %M`, the child's `ru_maxrss`; measured with `wait4` from the bench it would be wrong,
        since `posix_spawn` uses `vfork` and Linux carries the parent's high-water mark across
        `exec`); against it, the idiomatic program's start.
      - **warm start, 1,000 releases against 10** and **first start after an update, 1,000
        against 10**: the same two starts on generated content
        (Sources/WhatsNewBench/Generated.swift): N releases, each 6 pages of 4 blocks (info,
        choice, action, feature list), 78 keys a release, in all five languages, laid out as the
        shipped content is (each release's keys in its own `<lang>.lproj/<version>.strings`, the
        app's own `ui.*` and `guidance.*` strings in `Localizable.strings`, copied from the shipped
        tables), acting as app version 9.1.0 for a user who has seen all but the newest release,
        so the tour shows one release (six pages) whatever the history. 10 and 1,000 run in the
        same shuffled rounds; the goal, ≤ 1.5×, says a start reads what it shows, not the history.
      - **N generated releases, warm start**: each size's warm start against the idiomatic
        program on the same tree, which decodes every release file. Report only.
      - **peak memory, 1,000 releases**: the app's peak resident set walking that tour (pages,
        two language switches, `check`, a screen, `news`), as for the shipped content.
      - **content load, 1,000 against 100**: `ContentLibrary.load` alone, in the bench's
        process: the whole history as `flow` and `--dev` read it (every release file and its two
        per-release tables, each validated), 1,000 and 100 releases in shuffled rounds: the
        linearity check.
      - **content load, 8,000 missing release files against 1,000**: the same load on the
        shipped content whose manifest also lists 8,000 (1,000) versions with no file, in
        shuffled rounds; each gives one diagnostic pointing at its entry. Linear: ≤ 10×.
      - **selectFlow**: 10,000 in-memory releases, a user two releases behind; against one pass
        over the array reading each version. Report only.
      - **tap → re-rendered page**: in process, `Session.tap` plus `renderCurrentView` and
        styling to text, with every write held (`write=hold`), checking each time that the
        chosen option shows `saving…`; against rendering the page alone.
      - **choice write**: `SettingsStore.setSetting` on a file store (rollback journal,
        `synchronous=FULL`, `BEGIN IMMEDIATE`); against one 4 KiB `pwrite` + `fsync` in the
        same directory. Report only.
      - **qa explore, single faults: runs per second**: `qa explore` as a whole process on the
        shipped content from 2.11.0 (the run count it prints over the process's time, its start
        included); goal 500 a second. The fast paths that serve it are marked in the code with
        this row's name: one store for every run, emptied before each, which keeps its lock
        with the journal in memory; a run's output is never drawn or worded; the snapshot reads
        each table once; choices typed in ASCII fold without Foundation.
      - **qa explore --pairs: seconds**: the same with every ordered pair of faults, one run;
        goal ≤ 60 s, with its run count and runs per second in the goal column.
      - **a long script: lines per second**: the app running a 100,000-line QA script
        (`--script`; in each hundred lines 50 comments, 40 blank, 5 `state`, 3 `go`, 2 `help`)
        on the shipped content, its output to a file, start included; goal 10,000 a second
        (issue 35: about 5,000). The fast paths that serve it are marked with this row's name:
        the view is drawn again only when what it is drawn from changed (after every line it
        is compared with the one on screen, and drawing it was most of a comment's or a
        `state`'s time), an ASCII row's width is its printable bytes, and a row's line feed is
        looked for in its bytes.

      ## Known misses

      \(knownMisses)

      ## Limits of these figures

      - Timings on this virtual machine (2 cores, shared with other builds) move by 20–30%
        from run to run; ratios move less, since both sides run in the same rounds, but not
        nothing: with other builds running (a load average above the 2 cores, on the machine
        line) one run read the warm start at 0.82× and the first start at 1.80×, against
        0.68× and 1.26× in a quiet run minutes later. Trust
        instruction counts (`valgrind --tool=callgrind`) and page faults (`perf stat -e
        page-faults`) over times: see Documentation/Performance.md.
      - Process timings include spawning from the bench, which both sides pay. A process
        starts about 0.25 ms slower right after a heavier one, hence the shuffled order.

      """
  }

  /// What the last full run found about each missed goal, and the fix. Written by hand after
  /// measuring (Documentation/Performance.md has the commands); update it with the numbers.
  static let knownMisses = """
    Any goal missed in the run above is named in the line under the table; this section says
    what was measured about each by hand (2026-12-02).

    - **The start no longer reads the history** (issue 24). With one table per language holding
      every release, 1,000 releases took 103–155 ms warm and 779–1,133 ms on the first start
      after an update (two 5 MB tables to parse and compile), against 6–9 ms on the shipped
      content. Each release's keys are now in its own `<lang>.lproj/<version>.strings`, and a
      start reads the manifest, the app's own `Localizable.strings`, and only the release files
      and per-release tables its tour can show: the rows "1,000 releases against 10" compare a
      one-release tour on both histories. What still grows with the history is reading and
      checking `manifest.json` (one entry a release).
    - **First start after the translations changed, shipped content** (a guard, ≤ 1.3×; issue
      33 saw it at 1.34–1.44× side by side). What a first start pays over a warm one is parsing
      both `Localizable.strings`, as every start would without the cache and as the idiomatic
      program does, and encoding and writing their compiled copies. Measured 2026-12-05 (`--only
      start`, 101 rounds a run): without the cache the warm start missed its own guard (1.10–1.25×
      in 13 runs, 2 over 1.2×; 1.17× in instructions), so the cache stays; its own part of a
      first start went from 5.3 M to about 2 M instructions (the keys in one buffer sorted with
      `memcmp`, the copy written once in place, `mkdir` and paths cut by their characters instead
      of FileManager and `URL`): 1.13–1.29× in 12 runs, median 1.21× (before: 1.26–1.35× in 6,
      median 1.28×); 1.19× in instructions. The rest is the parse (38 M of a 64 M first start, 21
      M of it Foundation bridging the parsed dictionary into Swift). Per-release tables are under
      `TranslationCache.defaultSmallestCached` (16 KiB) and are parsed, never compiled: a
      compiled copy of a few kilobytes costs more to encode, write, read back and check than
      the parse. Tried before and not kept: parsing tables side by side and writing the copies
      on a thread of their own (3.2–3.4 ms either way on two cores).
    - **qa explore, single faults: runs per second** (goal ≥ 500, met since 2026-12-02:
      about 92 that morning, 300 after the first fixes, 650–800 now). Profiled with `perf
      record -g`, `strace -c` and timers around each part of a run (877 runs). Fixed, in the
      order they paid: each run created, migrated and removed a store file of its own (about
      40% of a run after the other fixes: opening, four migration transactions, a journal
      created and deleted for each; now one store serves every run and is emptied before
      each, `SettingsStore.removeEverything`, one transaction, its connection and prepared
      statements kept, and a test compares an emptied store with a new one table by table);
      a run's views were drawn and wrapped for a console no one reads (about 40% before; now
      a discarding console draws nothing and a write's outcome is not worded); each
      transaction took and dropped file locks and looked for a hot journal (now the store
      keeps its lock, `locking_mode = EXCLUSIVE`, with the journal in memory until a run's
      next start); `choose` folded every option name with Foundation's locale folding (now
      ASCII is lowercased, except in Turkish and Azerbaijani); the snapshot checked at every
      step read the settings table three times and the flags twice (now each table once).
      `--pairs` went from 44.5 s to about 18 s with the same changes. What is left is flat:
      the session's own work (parsing `choose`, the tour's machine, the effect runner) and
      SQLite's statements, none above a few percent.
    """
}
