import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

/// `backup` and `restore` as subcommands of the built binary, with an `LD_PRELOAD` shim
/// around SQLite's calls that makes the races deterministic:
///
/// - `SHIM_SWAP_FROM`/`SHIM_SWAP_TO`: the first `sqlite3_backup_init` or
///   `sqlite3_deserialize` first rewrites the backup in place with another file's bytes.
///   Restore used to vet the backup in one read transaction and copy it with
///   `sqlite3_backup_init` in another, so a change at that call landed unvetted. Restore now reads the file once and never opens it again, and
///   `sqlite3_deserialize` (making the private copy of those bytes) is the first SQLite call
///   after that read: the one place a swap can still land, where it must change nothing.
/// - `SHIM_STALL_MARKER`: `sqlite3_backup_step` copies one page, creates the marker file
///   and waits forever, so the test can kill a backup in the middle of its copy.
@Suite("backup and restore against races, kills and read-only directories")
struct BackupRaceTests {
  static let shimSource = #"""
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <fcntl.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <unistd.h>
    typedef struct sqlite3 sqlite3;
    typedef struct sqlite3_backup sqlite3_backup;

    /* Rewrites SHIM_SWAP_TO in place with SHIM_SWAP_FROM's bytes (the same inode, so a
       connection already open on it sees the new content), then removes SHIM_SWAP_FROM. */
    static void swap_once(void) {
      static int done = 0;
      static char buffer[1 << 20];
      const char *from = getenv("SHIM_SWAP_FROM"), *to = getenv("SHIM_SWAP_TO");
      if (done || !from || !to) return;
      done = 1;
      int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_TRUNC);
      ssize_t count;
      while ((count = read(in, buffer, sizeof buffer)) > 0) write(out, buffer, count);
      close(in);
      close(out);
      unlink(from);
    }

    sqlite3_backup *sqlite3_backup_init(sqlite3 *d, const char *dn, sqlite3 *s, const char *sn) {
      sqlite3_backup *(*real)(sqlite3 *, const char *, sqlite3 *, const char *) = dlsym(RTLD_NEXT, "sqlite3_backup_init");
      swap_once();
      return real(d, dn, s, sn);
    }

    int sqlite3_deserialize(sqlite3 *db, const char *schema, unsigned char *data, long long size, long long buffer,
                            unsigned flags) {
      int (*real)(sqlite3 *, const char *, unsigned char *, long long, long long, unsigned) =
          dlsym(RTLD_NEXT, "sqlite3_deserialize");
      swap_once();
      return real(db, schema, data, size, buffer, flags);
    }

    int sqlite3_backup_step(sqlite3_backup *b, int n) {
      int (*real)(sqlite3_backup *, int) = dlsym(RTLD_NEXT, "sqlite3_backup_step");
      const char *marker = getenv("SHIM_STALL_MARKER");
      if (!marker) return real(b, n);
      real(b, 1);
      close(open(marker, O_CREAT | O_WRONLY, 0600));
      for (;;) pause();
    }
    """#

  let directory: TemporaryDirectory
  let shim: String

  init() throws {
    directory = try TemporaryDirectory(prefix: "whatsnew-backup")
    let source = directory.path("shim.c")
    try Self.shimSource.write(toFile: source, atomically: false, encoding: .utf8)
    shim = directory.path("shim.so")
    #expect(shell("cc", "-shared", "-fPIC", "-o", shim, source, "-ldl") == 0, "cannot compile the LD_PRELOAD shim")
  }

  /// A store seeded as a user upgrading from 2.11.0, with units imperial.
  func seededStore(_ name: String) throws -> String {
    let path = directory.path(name)
    let run = try runApp(["--db", path, "--upgrade-from", "2.11.0"] + contentArguments, script: "set units imperial\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    return path
  }

  @Test("a backup swapped for another file while restore runs restores what was vetted, and later sessions work")
  func swapDuringRestore() async throws {
    let backup = directory.path("backup.sqlite")
    let made = try runApp(["backup", backup, "--db", try seededStore("source.sqlite")], script: "")
    #expect(made.status == 0, "\(made.errors)")
    // The file swapped in: schema 3 by its number, and no tables at all.
    let swapped = directory.path("swapped.sqlite")
    try python("c.execute('PRAGMA user_version = 3')", swapped)

    let live = try seededStore("live.sqlite")
    let restore = try runApp(
      ["restore", backup, "--db", live], script: "",
      environment: ["LD_PRELOAD": shim, "SHIM_SWAP_FROM": swapped, "SHIM_SWAP_TO": backup])
    #expect(!FileManager.default.fileExists(atPath: swapped), "the shim did not swap the file")
    #expect(restore.status == 0, "\(restore.errors)")
    let store = try SettingsStore(path: live)
    #expect(try await store.setting(.units) == "imperial")
    #expect(try await store.integrityCheck() == [])
  }

  @Test("a backup killed in the middle of its copy leaves nothing under the name asked for, and the retry works")
  func killedBackup() async throws {
    let store = try seededStore("store.sqlite")
    let backup = directory.path("backup.sqlite")
    let marker = directory.path("stalled")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = ["backup", backup, "--db", store]
    process.environment = appEnvironment(["LD_PRELOAD": shim, "SHIM_STALL_MARKER": marker])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: marker) && Date() < deadline && process.isRunning { usleep(10_000) }
    #expect(FileManager.default.fileExists(atPath: marker), "the backup never reached its copy")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()

    #expect(!FileManager.default.fileExists(atPath: backup), "a killed backup left a file under the name asked for")
    let retry = try runApp(["backup", backup, "--db", store], script: "")
    #expect(retry.status == 0, "\(retry.errors)")
    #expect(retry.output.contains("backed up \(store) to \(backup)"))
    #expect(try await SettingsStore(path: backup).setting(.units) == "imperial")
  }

  @Test("a store in a directory nobody may write backs up, as sqlite3 .backup would")
  func readOnlyDirectory() async throws {
    let folder = directory.path("ro")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let store = folder + "/store.sqlite"
    let seeded = try runApp(["--db", store, "--upgrade-from", "2.11.0"] + contentArguments, script: "set units imperial\nquit\n")
    #expect(seeded.status == 0)
    let before = FileManager.default.contents(atPath: store)
    guard let unlock = makeReadOnly(folder, mode: 0o500) else { return }
    defer { unlock() }

    let backup = directory.path("backup.sqlite")
    let run = try runApp(["backup", backup, "--db", store], script: "")
    #expect(run.status == 0, "\(run.errors)")
    #expect(FileManager.default.contents(atPath: store) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["store.sqlite"])
    #expect(try await SettingsStore(path: backup).setting(.units) == "imperial")
  }
}

/// Runs `python3` with `script` after `import sqlite3, sys; c = sqlite3.connect(sys.argv[1])`,
/// then commits and closes.
private func python(_ script: String, _ path: String) throws {
  let prelude = "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\n"
  #expect(shell("python3", "-c", prelude + script + "\nc.commit(); c.close()\n", path) == 0, "python3 failed")
}
