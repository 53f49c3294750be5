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
      generated-content and missing-file rows) or `"--only explore"` (the `qa explore` rows) runs part of it and writes nothing; `--quick` runs fewer rounds.

      \(machineLine)

      \(table)

      \(missedText)

      ## The yardstick

      `whatsnew-idiomatic` does what the app's start does up to the first tour page, the way a
      Swift programmer would write it without thinking about start-up time: it decodes
      `Releases/manifest.json` and every registered release file with `Codable` and
      `JSONDecoder` into plain structs (pages; blocks of the four kinds, with their options and
      items; the settings and actions a block may name are checked, and a block whose keys are
      missing from the English table is dropped, as the app's validator drops it); parses the
      English and the user's `.strings` tables with `PropertyListSerialization`; opens the
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
        directory removed before each run, so it parses both tables, compiles them and writes
        the compiled copies (what the first start after an update or an edit does).
      - **the bare process**: `whatsnew --version` against `whatsnew-idiomatic --version`:
        loading each binary, the Swift runtime's start-up, one line, exit. Both link
        Foundation statically. The next row shows how much of the idiomatic start is its work.
      - **peak memory**: the app's peak resident set walking the shipped tour (pages, two
        language switches, `check`, a screen), as GNU time reports it (`/usr/bin/time -f
        %M`, the child's `ru_maxrss`; measured with `wait4` from the bench it would be wrong,
        since `posix_spawn` uses `vfork` and Linux carries the parent's high-water mark across
        `exec`); against it, the idiomatic program's start.
      - **N generated releases**: the same two starts and the idiomatic program on generated
        content (Sources/WhatsNewBench/Generated.swift): N releases, each 6 pages of 4 blocks
        (info, choice, action, feature list), 78 keys a release, in all five languages (plus
        the app's own `ui.*` and `guidance.*` strings from the shipped tables), acting as app
        version 9.1.0; 1,000 releases make two 5 MB tables. 100 and 1,000 run in the same
        shuffled rounds.
      - **content load, 1,000 against 100**: `ContentLibrary.load` alone, in the bench's
        process, from the compiled tables (read the release files and two tables, validate
        every release against the English keys), 1,000 and 100 releases in shuffled rounds: the
        linearity check. The whole-process ratio is in the two warm-start rows above it.
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
        this row's name: a run's output is never drawn, its store keeps its lock with the
        journal in memory, choices typed in ASCII fold without Foundation.
      - **qa explore --pairs: seconds**: the same with every ordered pair of faults, one run;
        goal ≤ 60 s, with its run count and runs per second in the goal column.

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
    Measured on 2026-12-01 (callgrind, `perf stat -e page-faults`, `strace`, and A/B runs of
    the release binary in shuffled rounds against `whatsnew-idiomatic`).

    - **First start after the translations changed, shipped content** (goal ≤ 1.0×; 1.1×
      in quiet runs, from 1.3× before the fixes below). Three costs were the app's own and are
      fixed: `StringsTable.parse` took any collection, so called from the app it ran
      unspecialized and copied each table into `Data` byte by byte (about 3 ms of CPU; it
      takes `[UInt8]` now); the compiled entries were sorted through `String.utf8` (5.5 M
      instructions; now each key's bytes are taken once); each copy was written with
      Foundation's `Data.write`, which `fsync`s (about 1 ms for two files; now a temporary
      renamed into place, `FileBytes`). What is left is about 1 ms: encoding and writing the
      two copies, and the app's own start work (the REPL, validation with JSON paths, the
      store's boot, the first page laid out to the width, `state`), a little more than the
      idiomatic program's. Two things tried did not help and were not kept: parsing the
      two tables side by side (3.2–3.4 ms either way) and writing the copies on a thread of
      their own while the first page is drawn (1.17× against 1.16×). With the 1,000-release
      content the same row is under 1.0× (about 0.93×).
    - **1,000 releases, warm** (goal ≤ 0.15×) is met now, 0.12×: each table is read once,
      straight into the `[UInt8]` it is kept in (it was read into `Data`, copied into an
      array, and copied again by the generic `decode`).
    - **qa explore, single faults: runs per second** (goal ≥ 500; about 300 on 2026-12-02,
      quiet machine, from about 92 the same day before the fixes). Profiled with `perf record
      -g` and `strace -c` on `qa explore` (877 runs). Fixed: a run's views were drawn and
      wrapped for a console no one reads (about 40% of a run; now a discarding console draws
      nothing); each transaction took and dropped file locks, looked for a hot journal and
      created and deleted the journal file (about a third of the time in system calls; now a
      run's store keeps its lock, `locking_mode = EXCLUSIVE`, with the journal in memory until
      its next start); `choose` folded every option name with Foundation's locale folding,
      which builds a locale per call (now ASCII is lowercased, except in Turkish and
      Azerbaijani); stores were removed through FileManager (now `unlink`); the seen-through
      record was read twice per step. What is left is flat: SQLite about 30% (each run's new
      connection prepares its statements, every step reads a snapshot), the kernel about 20%
      (each run's store created, opened and removed; page writes), the session's own work the
      rest. Next to try: one store for all runs, put back to a fresh image with the backup API
      between runs (its file and connection kept; an estimated 7–10%), and fewer snapshot
      reads where a step touched nothing.
    """
}
