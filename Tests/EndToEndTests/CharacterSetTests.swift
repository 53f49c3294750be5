import Foundation
import TestSupport
import Testing

/// The binary in a locale whose character set is not UTF-8 (issue 22): ASCII chrome, no
/// icons, every byte in the locale's set, and one line at start saying why.
@Suite("A locale that is not UTF-8, byte by byte")
struct CharacterSetTests {
  static let script = "next\nnext\nnext\nnext\nopen 1\ngo review\nnotifications\nhelp\n"

  func run(lang: String, _ arguments: [String]) throws -> (output: [UInt8], error: [UInt8]) {
    let directory = try TemporaryDirectory(prefix: "whatsnew-charset")
    let result = try runWhatsNewBytes(
      ["--db", directory.path("s.sqlite"), "--upgrade-from", "2.11.0"] + arguments, input: Self.script,
      environment: ["LANG": lang])
    return (result.output, result.error)
  }

  @Test(
    "LANG=C and POSIX print only ASCII: the same bytes as --ascii in UTF-8, and one line on stderr says why",
    arguments: ["C", "POSIX"])
  func asciiLocale(lang: String) throws {
    let plain = try run(lang: lang, [])
    let ascii = try run(lang: "C.UTF-8", ["--ascii"])
    #expect(plain.output.allSatisfy { $0 < 0x80 }, "only ASCII bytes")
    #expect(plain.output == ascii.output, "the same view as --ascii draws")
    let error = String(decoding: plain.error, as: UTF8.self)
    #expect(
      error
        == "whatsnew: your locale's character set is ASCII, not UTF-8: lines and marks are drawn in ASCII, icons are left out, and text it cannot show is spelled in Latin letters or as ?. Set LANG to a UTF-8 locale (C.UTF-8, say) to see everything.\n"
    )
    #expect(ascii.error.isEmpty, "--ascii asked for it: nothing to explain")
  }

  @Test("LANG=C with Russian: Latin letters, still only ASCII bytes, wrapped to the window")
  func asciiRussian() throws {
    let result = try run(lang: "C", ["--locale", "ru"])
    #expect(result.output.allSatisfy { $0 < 0x80 })
    let text = String(decoding: result.output, as: UTF8.self)
    #expect(text.hasPrefix("-- Cto novogo v versii 2.13.1 "), "\(text.prefix(200))")
    #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test("ru_RU.KOI8-R: Cyrillic in KOI8-R bytes, ASCII chrome, no UTF-8 anywhere")
  func koi8() throws {
    let result = try run(lang: "ru_RU.KOI8-R", ["--locale", "ru"])
    let header = "-- Что нового в версии 2.13.1 ------------------------------- страница 1 из 6 --\n"
    let expected = try iconv(Array(header.utf8), from: "UTF-8", to: "KOI8-R")
    #expect(Array(result.output.prefix(expected.count)) == expected, "the header, byte by byte")
    let decoded = try iconv(result.output, from: "KOI8-R", to: "UTF-8")
    #expect(try iconv(decoded, from: "UTF-8", to: "KOI8-R") == result.output, "every byte is KOI8-R")
    let text = String(decoding: decoded, as: UTF8.self)
    #expect(text.contains("<<Пошагово>>"), "guillemets, which KOI8-R lacks, are spelled")
    #expect(!text.contains("─") && !text.contains("✨") && !text.contains("🏋"))
    #expect(String(decoding: try iconv(result.error, from: "KOI8-R", to: "UTF-8"), as: UTF8.self).contains("KOI8-R, а не UTF-8"))
  }

  func iconv(_ bytes: [UInt8], from: String, to: String) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
    process.arguments = ["-f", from, "-t", to]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(bytes))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "iconv -f \(from) -t \(to)")
    return Array(data)
  }
}
