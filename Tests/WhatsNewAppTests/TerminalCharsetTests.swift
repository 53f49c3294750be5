import Foundation
import Testing

@testable import WhatsNewApp

@Suite("The terminal's character set")
struct TerminalCharsetTests {
  @Test(
    "the character set is the C library's answer, else the locale name's, else ASCII",
    arguments: [
      ([String: String](), "UTF-8", "UTF-8"),
      (["LANG": "ru_RU.KOI8-R"], nil, "KOI8-R"),
      (["LANG": "zh_CN.GB18030"], nil, "GB18030"),
      (["LC_ALL": "ru_RU.KOI8-R", "LANG": "en_US.UTF-8"], nil, "KOI8-R"),
      (["LC_ALL": "", "LC_CTYPE": "pt_BR.ISO-8859-1@euro", "LANG": "C.UTF-8"], nil, "ISO-8859-1"),
      (["LANG": "C"], nil, "ANSI_X3.4-1968"),
      (["LANG": "POSIX"], nil, "ANSI_X3.4-1968"),
      (["LANG": "en_US"], nil, "ANSI_X3.4-1968"),
      ([:], nil, "ANSI_X3.4-1968"),
      (["LANG": "xx.\u{1B}]0;x\u{07}"], nil, "ANSI_X3.4-1968"),
    ] as [([String: String], String?, String)])
  func codeset(environment: [String: String], system: String?, expected: String) {
    #expect(TerminalCharset.codeset(environment: environment, system: system) == expected)
  }

  @Test(
    "which sets are UTF-8, which ASCII",
    arguments: [
      ("UTF-8", true, false), ("utf8", true, false), ("ANSI_X3.4-1968", false, true), ("ASCII", false, true),
      ("KOI8-R", false, false), ("GB18030", false, false),
    ])
  func kinds(codeset: String, isUTF8: Bool, isASCII: Bool) {
    let charset = TerminalCharset(codeset: codeset)
    #expect(charset.isUTF8 == isUTF8)
    #expect(charset.isASCII == isASCII)
  }

  @Test(
    "ASCII spells other scripts in Latin letters and keeps spaces for the wrapping",
    arguments: [
      ("Qué hay de nuevo", "Que hay de nuevo"), ("Что нового", "Cto novogo"), ("6:00\u{202F}PM", "6:00\u{202F}PM"),
      ("plain", "plain"), ("训练", "xun lian"),
    ])
  func asciiShowable(text: String, expected: String) {
    #expect(TerminalCharset(codeset: "ANSI_X3.4-1968").showable(text) == expected)
  }

  @Test(
    "a set that does not write ASCII as ASCII (UTF-16, UTF-32, EBCDIC) gets ASCII, never NUL bytes",
    arguments: ["UTF-16", "UTF-32", "UCS-2", "IBM037"])
  func notASCIICompatible(codeset: String) {
    let charset = TerminalCharset(codeset: codeset)
    #expect(charset.encode("whatsnew: Что нового\n") == Array("whatsnew: Cto novogo\n".utf8))
    #expect(charset.showable("Что") == "Cto")
  }

  @Test("KOI8-R writes Cyrillic in its own bytes, spells what it lacks, and writes a no-break space as a space")
  func koi8() {
    let charset = TerminalCharset(codeset: "KOI8-R")
    #expect(charset.encode("Что") == [0xFE, 0xD4, 0xCF])
    #expect(charset.showable("Что нового") == "Что нового", "what it can show stays")
    #expect(charset.showable("«Пошагово» é") == "<<Пошагово>> e", "what it cannot show is spelled")
    #expect(charset.encode("6:00\u{202F}PM") == Array("6:00 PM".utf8))
    #expect(charset.encode("✨").allSatisfy { $0 < 0x80 }, "an emoji becomes ASCII, never UTF-8 bytes")
  }

  @Test("GB18030 writes every character in its own bytes")
  func gb18030() {
    let charset = TerminalCharset(codeset: "GB18030")
    #expect(charset.encode("训练") == [0xD1, 0xB5, 0xC1, 0xB7])
    #expect(charset.showable("Что") == "Что", "GB18030 has Cyrillic")
  }

  @Test("UTF-8 writes text as it is")
  func utf8() {
    #expect(TerminalCharset.utf8.encode("Что ✨") == Array("Что ✨".utf8))
  }
}
