import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// The app's own strings have one source, ``UIStrings/english``: the keys every language must
/// translate come from it, and the shipped English table must say exactly what it says.
@Suite("The app's own strings")
struct UIStringsTests {
  @Test("the shipped English table has every built-in string, word for word, and no app string the code lacks")
  func englishTableMatchesTheCode() throws {
    let english = try ContentLibrary.readTable(.en, localizationsDirectory: RepositoryPaths.localizations).get()
    for (key, text) in UIStrings.english.sorted(by: { $0.key < $1.key }) {
      #expect(english[key] == text, "\(key)")
    }
    let appKeys = english.keys.filter { $0.hasPrefix("ui.") || $0.hasPrefix("guidance.") }
    #expect(Set(appKeys).subtracting(UIStrings.requiredKeys).sorted() == [], "keys no code uses")
  }
}
