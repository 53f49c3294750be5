/// Turns `.strings` files into compiled tables: the one way the app gets a `.strings` file
/// parsed.
///
/// The app does not parse `.strings` text itself. It does not link Foundation (that costs a
/// start as much as the rest of its work), and Foundation's `PropertyListSerialization` is
/// the team's one parser of `.strings` files. A compiler takes the paths of `.strings` files
/// and gives, for each path in order, either the file's ``CompiledStringsTable`` encoding,
/// compiled from the file's bytes as the compiler read them, or the reason it could not.
/// The caller decodes the encoding against the bytes it read itself, so a table is only
/// ever used for exactly the file it was compiled from.
///
/// Values:
/// - `StringsCompiler.live(environment:)` (in `WhatsNewApp`): runs the `whatsnew-strings`
///   helper executable once for all the paths. This is what the app uses.
/// - `StringsCompiler.inProcess` (in `WhatsNewStrings`): parses in this process with
///   `StringsTable.parse`, for tests, the benchmark and the fuzz properties.
///
/// ```swift
/// let results = compiler.compile(["Localizations/en.lproj/Localizable.strings"])
/// if case .success(let compiled) = results[0] {
///   let table = CompiledStringsTable.decode(compiled, source: sourceBytes)
/// }
/// ```
public struct StringsCompiler: Sendable {
  /// One file's result: its ``CompiledStringsTable`` encoding, or why there is none.
  public typealias FileResult = Result<[UInt8], LocalizationError>

  /// Compiles the files at the given paths. Gives one result per path, in order; a failure
  /// of the compiler itself (a helper that is missing or dies) is a
  /// ``LocalizationError/compilerFailed(reason:)`` result for each path it did not finish.
  /// Call it through ``compile(_:)``, which holds it to one result per path.
  public var compileFiles: @Sendable ([String]) -> [FileResult]

  /// A compiler that runs `compileFiles`.
  public init(compileFiles: @escaping @Sendable ([String]) -> [FileResult]) {
    self.compileFiles = compileFiles
  }

  /// Compiles `paths` with one call of ``compileFiles``: exactly one result per path, in
  /// order. A compiler that answers with another number of results is not trusted with any
  /// of them: every path gets a ``LocalizationError/compilerFailed(reason:)``. No paths, no call.
  public func compile(_ paths: [String]) -> [FileResult] {
    guard !paths.isEmpty else { return [] }
    let results = compileFiles(paths)
    guard results.count == paths.count else {
      let reason = "the compiler gave \(results.count) results for \(paths.count) files"
      return paths.map { _ in .failure(.compilerFailed(reason: reason)) }
    }
    return results
  }
}
