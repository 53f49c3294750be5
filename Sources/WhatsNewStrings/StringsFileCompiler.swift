import Dispatch
import Synchronization
public import WhatsNewCore
import WhatsNewSystem

/// Compiles `.strings` files: reads each, parses it with ``StringsTable/parse(_:)`` and
/// encodes the table as a ``CompiledStringsTable`` stamped with the file's bytes.
///
/// This is the work of the `whatsnew-strings` helper, and of ``WhatsNewCore/StringsCompiler/inProcess``.
///
/// ```swift
/// let results = StringsFileCompiler.compile(["Localizations/en.lproj/Localizable.strings"])
/// ```
public enum StringsFileCompiler {
  /// Parsing runs side by side once the files together pass this size. Parsing a large
  /// table is slow (a 5 MB table takes about 0.4 s in `PropertyListSerialization` and
  /// bridging), and the tables are independent: the helper compiles two such tables in
  /// 0.47 s side by side on two cores, for 0.79 s of work. The shipped tables (tens of
  /// kilobytes) are parsed on this thread: a whole helper run on two of them takes about 5 ms.
  public static let sideBySideThreshold = 1 << 20

  /// One result per path, in order: the compiled table, or the parse error, or
  /// ``LocalizationError/fileUnreadable(reason:)`` with the system's reason.
  public static func compile(_ paths: [String]) -> [StringsCompiler.FileResult] {
    var results: [StringsCompiler.FileResult] = []
    results.reserveCapacity(paths.count)
    compile(paths) { results.append($0) }
    return results
  }

  /// Compiles `paths` and hands each result to `deliver`, in order. Files compiled one after
  /// the other are delivered as each is done (so the helper's output for the first file is
  /// written even if a later one brings it down); files compiled side by side, all at the end.
  public static func compile(_ paths: [String], deliver: (StringsCompiler.FileResult) -> Void) {
    let totalSize = paths.reduce(0) { $0 + (FileSystem.status($1)?.size ?? 0) }
    guard paths.count > 1, totalSize > sideBySideThreshold else {
      for path in paths { deliver(compile(file: path)) }
      return
    }
    let results = Mutex<[StringsCompiler.FileResult?]>(Array(repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let result = compile(file: paths[index])
      results.withLock { $0[index] = result }
    }
    // concurrentPerform returns once every iteration has run, so every slot is filled.
    for result in results.withLock({ $0 }) { deliver(result!) }
  }

  /// Compiles one file.
  public static func compile(file path: String) -> StringsCompiler.FileResult {
    let source: [UInt8]
    do {
      source = try FileSystem.readFile(path)
    } catch {
      return .failure(.fileUnreadable(reason: error.reason))
    }
    do {
      return .success(CompiledStringsTable.encode(try StringsTable.parse(source), source: source))
    } catch {
      return .failure(error)
    }
  }
}

extension StringsCompiler {
  /// Compiles in this process, with ``StringsFileCompiler``: the same results the
  /// `whatsnew-strings` helper gives, without starting it. For tests, the benchmark and the
  /// fuzz properties; the app uses `StringsCompiler.live(environment:)`.
  public static let inProcess = StringsCompiler { paths in StringsFileCompiler.compile(paths) }
}
