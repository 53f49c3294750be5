import Foundation
import TestSupport
import Testing

/// `new-release` on a disk that fills part-way, through the built binary on a real small
/// tmpfs (issue 21: the release file was left behind and the retry refused). Mounting needs
/// root, so the suite runs where `mount -t tmpfs` works and says so where it does not.
@Suite("new-release on a full disk", .enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"))
struct NewReleaseFullDiskTests {
  @Test(
    "a disk that fills part-way leaves the content exactly as it was, exit 74 says so, and the retry with room succeeds",
    // Each file new-release writes is under a page: tmpfs gives each a 4 KiB page, so these
    // fail at the release file, at a table, and at the last table or the manifest.
    arguments: [2_048, 8_192, 24_576])
  func fullDiskIsAllOrNothing(freeBytes: Int) throws {
    let disk = try SmallDisk(bytes: 1_048_576)
    defer { disk.unmount() }
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: disk.path("Releases"))
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: disk.path("Localizations"))
    let content = ["--releases", disk.path("Releases"), "--localizations", disk.path("Localizations")]
    let before = try disk.snapshot()
    try disk.fill(leaving: freeBytes)

    let failed = try runWhatsNew(["new-release", "2.16.0"] + content)
    #expect(failed.status == 74, "\(failed.output)\(failed.error)")
    #expect(failed.error.contains("No space left on device"), "\(failed.error)")
    #expect(failed.error.contains("nothing was written (the release file, the tables and the manifest are as they were)"))
    #expect(try disk.snapshot() == before, "every file as it was, nothing left beside them")

    try disk.unfill()
    let retried = try runWhatsNew(["new-release", "2.16.0"] + content)
    #expect(retried.status == 0, "\(retried.error)")
    #expect(retried.output.contains("registered 2.16.0 in"), "\(retried.output)")
  }
}

/// A tmpfs of a given size, mounted on a fresh temporary directory.
struct SmallDisk {
  let directory: TemporaryDirectory
  var root: String { directory.path("disk") }

  /// Whether this process may mount a tmpfs (root in a container that allows it).
  static let canMount: Bool = {
    guard geteuid() == 0, let probe = try? SmallDisk(bytes: 65_536) else { return false }
    probe.unmount()
    return true
  }()

  init(bytes: Int) throws {
    directory = try TemporaryDirectory(prefix: "whatsnew-small-disk")
    try FileManager.default.createDirectory(atPath: directory.path("disk"), withIntermediateDirectories: false)
    let status = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", directory.path("disk")])
    guard status == 0 else { throw CocoaError(.fileWriteNoPermission) }
  }

  func path(_ name: String) -> String { root + "/" + name }

  /// Writes a filler file until `bytes` remain free.
  func fill(leaving bytes: Int) throws {
    var info = statvfs()
    guard statvfs(root, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
    let free = Int(info.f_bavail) * Int(info.f_frsize)
    let block = Int(info.f_frsize)
    let size = max(0, (free - bytes) / block * block)
    guard FileManager.default.createFile(atPath: path(".filler"), contents: Data(count: size)) else {
      throw CocoaError(.fileWriteOutOfSpace)
    }
  }

  func unfill() throws { try FileManager.default.removeItem(atPath: path(".filler")) }

  /// Every file under the disk but the filler, with its bytes.
  func snapshot() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let name = enumerator?.nextObject() as? String {
      guard name != ".filler" else { continue }
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path(name), isDirectory: &isDirectory)
      files[name] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: path(name)))
    }
    return files
  }

  func unmount() { _ = try? Self.run("/bin/umount", [root]) }

  private static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
