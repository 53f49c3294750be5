public import WhatsNewCore
import WhatsNewSystem

/// The app's live ``StringsCompiler``: the `whatsnew-strings` helper executable.
///
/// The helper links Foundation, so the app does not have to: it is started only when a
/// translation table has no valid compiled copy in the ``TranslationCache`` (the first start
/// after an update, a language never read before, `lint`), once for all the tables that need
/// compiling. Its output is ``StringsCompilerOutput``; every compiled table in it is checked
/// against the `.strings` bytes the app read before it is used.
extension StringsCompiler {
  /// The helper's file name. It ships beside `whatsnew`, in the same directory.
  public static let helperName = "whatsnew-strings"
  /// The environment variable that names the helper's path, for installs that keep it
  /// somewhere other than beside `whatsnew`.
  public static let helperVariable = "WHATSNEW_STRINGS_HELPER"

  /// Runs the helper named by `WHATSNEW_STRINGS_HELPER` in `environment`, else the one beside
  /// the running executable, once per ``compile(_:)`` call.
  ///
  /// Nothing about the helper is looked up until a table needs compiling, so a start from
  /// the cache costs nothing here. A missing helper, one that cannot start, exits with a
  /// failure, is killed by a signal or writes output that is truncated or damaged gives a
  /// ``LocalizationError/compilerFailed(reason:)`` for each file it did not finish, saying
  /// what happened, where, and what to do.
  ///
  /// - Parameter executablePath: where the running executable is (tests pretend); `nil`,
  ///   the default, asks the system.
  public static func live(
    environment: [String: String], executablePath: (@Sendable () -> String?)? = nil
  ) -> StringsCompiler {
    let override = environment[helperVariable].flatMap { $0.isEmpty ? nil : $0 }
    return StringsCompiler { paths in
      let executable: String? = if let executablePath { executablePath() } else { ProcessEnvironment.executablePath() }
      return switch locateHelper(override: override, executablePath: executable) {
      case .failure(let error): paths.map { _ -> FileResult in .failure(error) }
      case .success(let helper): runHelper(helper, paths: paths)
      }
    }
  }

  /// The helper's path: `override` (from `WHATSNEW_STRINGS_HELPER`) when given, else
  /// ``helperName`` in the running executable's directory; a failure when it is not there.
  static func locateHelper(override: String?, executablePath: String?) -> Result<String, LocalizationError> {
    if let override {
      guard FileSystem.status(override)?.isRegularFile == true else {
        return .failure(
          .compilerFailed(
            reason: "the helper \(helperVariable) names, '\(override)', does not exist"
              + " (install \(helperName) there, or unset \(helperVariable) to use the one beside whatsnew)"))
      }
      return .success(override)
    }
    guard let executablePath else {
      return .failure(
        .compilerFailed(
          reason: "the helper '\(helperName)' cannot be looked for beside whatsnew, whose path is unknown"
            + " (set \(helperVariable) to the helper's path)"))
    }
    let helper = FileSystem.parentDirectory(of: executablePath) + "/" + helperName
    guard FileSystem.status(helper)?.isRegularFile == true else {
      return .failure(
        .compilerFailed(
          reason: "the helper '\(helperName)' is not next to \(executablePath)"
            + " (install it beside \(FileSystem.lastComponent(of: executablePath)), or set \(helperVariable))"))
    }
    return .success(helper)
  }

  /// How long the helper may take before it is stopped: compiling a thousand releases' tables
  /// takes about half a second, so only a hung helper comes near this.
  static let timeoutMilliseconds = 60_000

  /// Runs `helper` on `paths` (after `--`, so no path is taken for an option) and reads its
  /// results.
  static func runHelper(_ helper: String, paths: [String], timeoutMilliseconds: Int = timeoutMilliseconds)
    -> [FileResult]
  {
    let run: Subprocess.Result
    do {
      run = try Subprocess.run(helper, arguments: ["--"] + paths, timeoutMilliseconds: timeoutMilliseconds)
    } catch {
      let reason =
        error.isTimeout
        ? "the helper '\(helper)' did not finish: \(error.reason)"
          + " (check that it is the \(helperName) built with this whatsnew)"
        : "cannot start the helper '\(helper)': \(error.reason)"
          + " (reinstall \(helperName) beside whatsnew, or set \(helperVariable))"
      return paths.map { _ in .failure(.compilerFailed(reason: reason)) }
    }
    return results(of: run, helper: helper, count: paths.count)
  }

  /// The results in a finished helper run, one per file.
  ///
  /// Every complete, intact result in the output is used, even when the helper then failed:
  /// each one is checked again, against the file's bytes, before its table is used. A file
  /// without one gets the reason: the signal that killed the helper, its exit status and
  /// first line of error output, or what is wrong with its output. Output that answers for
  /// another number of files than asked is not used at all.
  static func results(of run: Subprocess.Result, helper: String, count: Int) -> [FileResult] {
    let decoded = StringsCompilerOutput.decode(run.standardOutput)
    let reinstall = " (install the \(helperName) built with this whatsnew, beside it)"
    var usable = decoded.results
    let reason: String
    if let announced = decoded.announcedCount, announced != count {
      usable = []
      reason = "the helper '\(helper)' answered for \(announced) files instead of \(count)" + reinstall
    } else if run.wasSignalled {
      reason = "the helper '\(helper)' was killed by signal \(run.status - 128) before it finished this file"
    } else if run.status != 0 {
      reason = "the helper '\(helper)' failed (exit status \(run.status))" + firstLine(of: run.standardError)
    } else if let damage = decoded.damage {
      reason = "the helper '\(helper)' \(damage)" + reinstall
    } else {
      reason = "the helper '\(helper)' gave no result for this file" + reinstall
    }
    return (0..<count).map { index in index < usable.count ? usable[index] : .failure(.compilerFailed(reason: reason)) }
  }

  /// `": <the first line>"` of the helper's error output, cleaned of control characters and
  /// shortened; empty when there is none.
  private static func firstLine(of bytes: [UInt8]) -> String {
    let line = String(decoding: bytes.prefix(4096), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    var clean = Substring(TextSanitizer.clean(line))
    while clean.first?.isWhitespace == true { clean.removeFirst() }
    while clean.last?.isWhitespace == true { clean.removeLast() }
    guard !clean.isEmpty else { return "" }
    return ": " + (clean.count > 200 ? String(clean.prefix(200)) + "…" : clean)
  }
}
