import Synchronization
public import WhatsNewApp
public import WhatsNewCore
public import WhatsNewStrings

extension ContentLibrary {
  /// ``ContentLibrary/load(releasesDirectory:localizationsDirectory:languages:cache:compiler:)``
  /// with the in-process compiler (`StringsCompiler.inProcess`): what the tests and the session
  /// harness load content with, so they parse `.strings` files without starting the
  /// `whatsnew-strings` helper. The app itself always passes a compiler (the helper).
  public static func load(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off
  ) throws(ContentError) -> ContentLibrary {
    try load(
      releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory, languages: languages,
      cache: cache, compiler: .inProcess)
  }
}

/// A ``StringsCompiler`` that records every call (the paths it was given) and answers with
/// `answer`, by default the in-process compiler: tests count helper runs with it.
///
/// ```swift
/// let recorder = RecordingStringsCompiler()
/// _ = ContentLibrary.readTable(.en, localizationsDirectory: dir, cache: cache, compiler: recorder.compiler)
/// recorder.calls   // [["<dir>/en.lproj/Localizable.strings"]]
/// ```
public final class RecordingStringsCompiler: Sendable {
  private let recorded = Mutex<[[String]]>([])
  private let answer: @Sendable ([String]) -> [StringsCompiler.FileResult]

  public init(answer: @escaping @Sendable ([String]) -> [StringsCompiler.FileResult] = { StringsFileCompiler.compile($0) }) {
    self.answer = answer
  }

  /// The paths of each call, in order.
  public var calls: [[String]] { recorded.withLock { $0 } }

  /// The compiler to pass to the code under test.
  public var compiler: StringsCompiler {
    StringsCompiler { [self] paths in
      recorded.withLock { $0.append(paths) }
      return answer(paths)
    }
  }
}
