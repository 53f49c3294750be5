import Foundation
import Glibc
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

/// What a killed backup leaves is cleaned up by the next, and a file system without hard
/// links (exFAT, a USB stick) still gets its backup (issue 21).
@Suite("Backups that were stopped, and disks without hard links")
struct BackupLeftoverTests {
  /// A pid no process has: past the kernel's maximum.
  static let deadPID: pid_t = {
    let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)) ?? "4194304"
    return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))! + 1
  }()

  @Test("a killed backup's temporary file and journal are removed by the next backup, which names them")
  func leftoversRemoved() async throws {
    let directory = try TemporaryDirectory()
    let store = try SettingsStore(path: directory.path("store.sqlite"))
    let target = directory.path("backup.sqlite")
    let dead = ["\(target).\(Self.deadPID).tmp", "\(target).\(Self.deadPID).tmp-journal"]
    for path in dead { #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
    // A running process's temporary file (this test's parent, alive): its backup may be under way.
    let live = "\(target).\(getppid()).tmp"
    #expect(FileManager.default.createFile(atPath: live, contents: Data("x".utf8)))
    // Another file's leftovers are not this backup's business.
    let other = directory.path("other.sqlite.\(Self.deadPID).tmp")
    #expect(FileManager.default.createFile(atPath: other, contents: Data("x".utf8)))

    let removed = try await store.backup(to: target)
    #expect(removed == dead.sorted())
    for path in dead { #expect(!FileManager.default.fileExists(atPath: path)) }
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: other))
    #expect(FileManager.default.fileExists(atPath: target))
  }

  @Test("where hard links are refused, the backup is created exclusively and renamed into place", arguments: [EPERM, EOPNOTSUPP])
  func noHardLinks(code: Int32) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("store.sqlite")
    _ = try SettingsStore(path: path)
    let target = directory.path("backup.sqlite")
    let noLinks = BackupFile.Placement { _, _ in
      errno = code
      return -1
    }
    try BackupFile.write(StoreFile.openForReading(path), to: target, placement: noLinks)
    #expect(try SQLiteConnection.openExisting(target).userVersion() == SettingsStore.currentSchemaVersion)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers == [])
  }

  @Test("without hard links, a file that appeared at the destination meanwhile is still never replaced")
  func noHardLinksKeepsANewFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("store.sqlite")
    _ = try SettingsStore(path: path)
    let target = directory.path("backup.sqlite")
    let appears = BackupFile.Placement { _, destination in
      _ = FileManager.default.createFile(atPath: destination, contents: Data("someone else's".utf8))
      errno = EPERM
      return -1
    }
    #expect(throws: StoreError.self) {
      try BackupFile.write(StoreFile.openForReading(path), to: target, placement: appears)
    }
    #expect(FileManager.default.contents(atPath: target) == Data("someone else's".utf8))
  }
}

/// Backup and restore agree on what a backup may be (issue 21).
@Suite("A backup restore would refuse is never written")
struct BackupSizeAgreementTests {
  @Test("a store grown past restore's 16 MiB limit is refused by backup before anything is written")
  func tooLargeToRestore() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("store.sqlite")
    let store = try SettingsStore(path: path)
    try python(
      "c.executemany('INSERT INTO settings VALUES (?, ?)', [('junk.%d' % i, 'x' * 8000) for i in range(2200)])", path)
    let target = directory.path("backup.sqlite")
    let error = await storeError { () throws(StoreError) in try await store.backup(to: target) }
    #expect(error?.description.contains("more than the 16 MiB a whatsnew backup can be") == true, "\(String(describing: error))")
    #expect(error?.description.contains("nothing was written") == true)
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp") } == [])
  }
}
