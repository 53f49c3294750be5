// The platform does the work: the C library names the locale's character set
// (`nl_langinfo_l(CODESET)`) and encodes into it (`iconv`), and ICU, through Foundation's
// `StringTransform`, spells other scripts in Latin letters. Hand-written here is only the
// choice between them, and the reading of a locale name the C library has not installed.
import Foundation
import WhatsNewCore

#if canImport(Glibc)
  import Glibc
#endif

/// The character set of the person's locale, and the app's text written in it.
///
/// A terminal whose locale is not UTF-8 (`LANG=C`, `POSIX`, `ru_RU.KOI8-R`,
/// `zh_CN.GB18030`) gets ASCII chrome and no icons (the session runs in ASCII mode), and
/// every byte written is in that character set: what it can show is encoded into it, what it
/// cannot is spelled in Latin letters (`Что` → `Cto` in ASCII) or, failing that, `?`.
///
/// ```swift
/// let ascii = TerminalCharset(codeset: "ANSI_X3.4-1968")
/// ascii.showable("Qué hay de nuevo…")   // "Que hay de nuevo..."
/// TerminalCharset(codeset: "KOI8-R").encode("Что")  // [0xFE, 0xD4, 0xCF]
/// ```
package final class TerminalCharset: @unchecked Sendable {
  /// The C library's name for the character set (`UTF-8`, `ANSI_X3.4-1968`, `KOI8-R`).
  package let codeset: String
  /// Whether text is written as it is (UTF-8).
  package let isUTF8: Bool
  /// Whether the character set is plain ASCII (`C`, `POSIX`, no locale at all).
  package let isASCII: Bool
  /// Guards `converter`: iconv keeps state between calls.
  private let lock = NSLock()
  private let converter: iconv_t?

  /// UTF-8: text written as it is.
  package static let utf8 = TerminalCharset(codeset: "UTF-8")

  package init(codeset: String) {
    let normalized = Self.normalized(codeset)
    self.codeset = codeset
    isUTF8 = normalized == "UTF8"
    isASCII = Self.asciiNames.contains(normalized)
    converter = isUTF8 || isASCII ? nil : Self.asciiCompatibleConverter(into: codeset)
  }

  /// A converter into `codeset` when it writes ASCII as ASCII, else `nil`: UTF-16, UTF-32 and
  /// EBCDIC do not (each letter would come with NUL bytes, or as other bytes), so they are
  /// written as a set iconv does not know is: in ASCII, the rest spelled in Latin letters.
  private static func asciiCompatibleConverter(into codeset: String) -> iconv_t? {
    guard let opened = iconv_open(codeset, "UTF-8"), opened != iconv_t(bitPattern: -1) else { return nil }
    let probe = Array("Az09 #~\n".utf8)
    if convert(probe, with: opened) == probe { return opened }
    iconv_close(opened)
    return nil
  }

  deinit { if let converter { iconv_close(converter) } }

  /// The character set of the locale `environment` names, as the C library reads it.
  package static func current(environment: [String: String]) -> TerminalCharset {
    var system: String?
    if let locale = newlocale(LC_CTYPE_MASK, "", nil) {
      system = String(cString: nl_langinfo_l(nl_item(CODESET), locale))
      freelocale(locale)
    }
    return TerminalCharset(codeset: codeset(environment: environment, system: system))
  }

  /// The character set: the C library's answer when it has the locale installed (`system`);
  /// else what the locale's name says after its dot (`ru_RU.KOI8-R`); else ASCII, which is
  /// what the C library falls back to.
  static func codeset(environment: [String: String], system: String?) -> String {
    if let system, !system.isEmpty { return system }
    let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    // The character set follows the first dot, up to an `@modifier`: letters, digits, '-' and
    // '_'; anything else is not one a terminal uses.
    let codeset = name.wholeMatch(of: /[^.]*\.([A-Za-z0-9_\-]+)(@.*)?/.dotMatchesNewlines())?.1
    return codeset.map(String.init) ?? "ANSI_X3.4-1968"
  }

  /// How a person would name it in a message: `ASCII` for the C library's `ANSI_X3.4-1968`.
  package var displayName: String { isASCII ? "ASCII" : TextSanitizer.clean(codeset) }

  /// `text` with every character this character set cannot show spelled in Latin letters,
  /// or `?`: what the terminal will draw, so that it can be wrapped to the window first.
  /// Spaces are kept as they are: a no-break space still holds `6:00 PM` together while the
  /// text is wrapped, and becomes a plain space when it is written (``encode(_:)``).
  package func showable(_ text: String) -> String {
    if isUTF8 { return text }
    if isASCII {
      guard !text.unicodeScalars.allSatisfy({ $0.isASCII || Self.isSpace($0) }) else { return text }
      return Self.latin(text)
    }
    guard encoded(text) == nil else { return text }
    return text.map { character in
      let shown = character.isASCII || character.unicodeScalars.allSatisfy(Self.isSpace) || encoded(String(character)) != nil
      return shown ? String(character) : Self.latin(String(character))
    }.joined()
  }

  /// `text` as bytes in this character set (what ``showable(_:)`` leaves is always encodable).
  package func encode(_ text: String) -> [UInt8] {
    if isUTF8 { return Array(text.utf8) }
    let text = ASCIIFallback.plainSpaces(text)
    if isASCII { return Array(showable(text).utf8) }
    // The console's text is showable already: encoded in one pass, spelled only when it is not.
    if let bytes = encoded(text) { return bytes }
    let spelled = showable(text)
    return encoded(spelled) ?? Array(spelled.utf8.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") })
  }

  /// The bytes iconv writes for `text`, or `nil` when a character has no place in the set.
  private func encoded(_ text: String) -> [UInt8]? {
    guard let converter else { return nil }
    return lock.withLock { Self.convert(Array(text.utf8), with: converter) }
  }

  /// What `converter` writes for the UTF-8 `input`, from its initial state, or `nil` when it fails.
  private static func convert(_ input: [UInt8], with converter: iconv_t) -> [UInt8]? {
    var input = input
    if input.isEmpty { return [] }
    var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
    _ = iconv(converter, nil, nil, nil, nil)
    var inputLeft = input.count
    var outputLeft = output.count
    let succeeded = input.withUnsafeMutableBytes { inputBytes in
      output.withUnsafeMutableBytes { outputBytes in
        var inputPointer = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        var outputPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        guard iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft) != -1 else { return false }
        return iconv(converter, nil, nil, &outputPointer, &outputLeft) != -1
      }
    }
    return succeeded ? Array(output[0..<(output.count - outputLeft)]) : nil
  }

  /// `text` in Latin letters and ASCII (ICU's `Any-Latin; Latin-ASCII`), with whatever is
  /// left outside ASCII a `?`.
  static func latin(_ text: String) -> String {
    let spelled = text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? text
    return String(String.UnicodeScalarView(spelled.unicodeScalars.map { $0.isASCII || isSpace($0) ? $0 : "?" }))
  }

  /// A space separator (a no-break space, a narrow one), which ICU's Latin-ASCII leaves alone.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .spaceSeparator }

  private static func normalized(_ name: String) -> String {
    name.uppercased().filter { $0 != "-" && $0 != "_" }
  }

  private static let asciiNames: Set<String> = ["ANSIX3.41968", "ASCII", "USASCII", "646", "ISO646US"]
}
