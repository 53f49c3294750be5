import Testing
import WhatsNewCore

@Suite("The strings helper's framed output")
struct StringsCompilerOutputTests {
  static let source = Array(#""ui.done" = "Done"; "ui.next" = "Next";"#.utf8)
  static let compiled = CompiledStringsTable.encode(["ui.done": "Done", "ui.next": "Next"], source: source)
  /// One result of every kind, and an empty table and an empty message.
  static let results: [StringsCompiler.FileResult] = [
    .success(compiled),
    .failure(.unreadable(reason: "expected ';' or '=' after key at line 1")),
    .failure(.notAStringsTable(reason: "the value of 'a' is a dictionary, not a string")),
    .failure(.fileUnreadable(reason: "No such file or directory")),
    .failure(.compilerFailed(reason: "Напоминания \u{1B}[31m")),
    .success(CompiledStringsTable.encode([:], source: [])),
    .failure(.unreadable(reason: "")),
  ]

  @Test(
    "streams of results decode back to exactly those results",
    arguments: [[], [results[0]], [results[3]], results, results + results])
  func roundTrip(results: [StringsCompiler.FileResult]) {
    let bytes = StringsCompilerOutput.encode(results)
    let decoded = StringsCompilerOutput.decode(bytes)
    #expect(decoded == StringsCompilerOutput.Decoded(announcedCount: results.count, results: results, damage: nil))
    #expect(StringsCompilerOutput.decode(bytes.lazy.map { $0 }) == decoded, "a collection that is not contiguous")
  }

  @Test("the header and frames written one by one make the same stream as encode")
  func streaming() {
    let written = StringsCompilerOutput.header(count: Self.results.count) + Self.results.flatMap(StringsCompilerOutput.frame)
    #expect(written == StringsCompilerOutput.encode(Self.results))
  }

  @Test("every truncation keeps the results before the cut, exactly, and is reported")
  func everyTruncation() {
    let bytes = StringsCompilerOutput.encode(Self.results)
    var frameEnds: [Int] = []
    var end = StringsCompilerOutput.header(count: 0).count
    for result in Self.results {
      end += StringsCompilerOutput.frame(result).count
      frameEnds.append(end)
    }
    for length in 0..<bytes.count {
      let decoded = StringsCompilerOutput.decode(bytes.prefix(length))
      let complete = frameEnds.filter { $0 <= length }.count
      #expect(decoded.results == Array(Self.results.prefix(complete)), "cut at \(length)")
      #expect(decoded.damage == (length == 0 ? .empty : .truncated), "cut at \(length)")
      #expect(decoded.announcedCount == (length >= 16 ? Self.results.count : nil), "cut at \(length)")
    }
  }

  @Test("a changed byte anywhere never yields a different result: it is caught, or it only lost results")
  func everyFlippedByte() {
    let bytes = StringsCompilerOutput.encode(Self.results)
    for index in bytes.indices {
      for flip: UInt8 in [0x01, 0x80, 0xFF] {
        var damaged = bytes
        damaged[index] ^= flip
        let decoded = StringsCompilerOutput.decode(damaged)
        #expect(decoded.damage != nil, "byte \(index) ^ \(flip) went unnoticed")
        // Whatever was kept is a prefix of what was written (a changed count in the header
        // can make fewer results announced; it then reports the bytes after them).
        #expect(decoded.results == Array(Self.results.prefix(decoded.results.count)), "byte \(index) ^ \(flip)")
      }
    }
  }

  @Test(
    "output that is not a stream of this format is named for what it is",
    arguments: [
      ([], StringsCompilerOutput.Damage.empty),
      (Array("garbage\n".utf8), .notCompilerOutput),
      (Array("WNSTRHL".utf8), .truncated),
      (Array("WNSTRHLP".utf8) + [2, 0, 0, 0, 0, 0, 0, 0], .unsupportedVersion(2)),
      (Array("WNSTRHLP".utf8) + [1, 0, 0, 0, 0, 0, 0, 0, 0], .trailingBytes),
      (Array("WNSTRHLP".utf8) + [1, 0, 0, 0, 1, 0, 0, 0], .truncated),
    ] as [([UInt8], StringsCompilerOutput.Damage)])
  func notAStream(bytes: [UInt8], damage: StringsCompilerOutput.Damage) {
    let decoded = StringsCompilerOutput.decode(bytes)
    #expect(decoded.damage == damage)
    #expect(decoded.results.isEmpty)
  }

  /// A frame with `kind` and `payload` and a correct check, so only the named fault is wrong.
  static func frame(kind: UInt8, payload: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = [kind]
    withUnsafeBytes(of: UInt64(payload.count).littleEndian) { bytes += $0 }
    bytes += payload
    withUnsafeBytes(of: CompiledStringsTable.fingerprint(of: bytes).littleEndian) { bytes += $0 }
    return bytes
  }

  @Test(
    "a frame with an unknown kind or a message that is not UTF-8 is damaged, though its check matches",
    arguments: [(5, Array("text".utf8)), (255, []), (1, [0xFF, 0xFE]), (4, [0xC3])] as [(UInt8, [UInt8])])
  func badFrames(kind: UInt8, payload: [UInt8]) {
    let good = StringsCompilerOutput.frame(Self.results[1])
    let bytes = StringsCompilerOutput.header(count: 2) + good + Self.frame(kind: kind, payload: payload)
    let decoded = StringsCompilerOutput.decode(bytes)
    #expect(decoded.damage == .damagedResult(index: 1))
    #expect(decoded.results == [Self.results[1]])
  }

  @Test("a damaged frame's check, a length past the end and trailing bytes are each reported")
  func frameFaults() {
    let header = StringsCompilerOutput.header(count: 1)
    var badCheck = StringsCompilerOutput.frame(Self.results[3])
    badCheck[badCheck.count - 1] ^= 1
    #expect(StringsCompilerOutput.decode(header + badCheck).damage == .damagedResult(index: 0))
    var hugeLength = StringsCompilerOutput.frame(Self.results[3])
    hugeLength.replaceSubrange(1..<9, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    #expect(StringsCompilerOutput.decode(header + hugeLength).damage == .truncated)
    let extra = header + StringsCompilerOutput.frame(Self.results[3]) + [0]
    #expect(StringsCompilerOutput.decode(extra) == .init(announcedCount: 1, results: [Self.results[3]], damage: .trailingBytes))
  }

  @Test(
    "damage reads as the end of a sentence about the helper",
    arguments: [
      (StringsCompilerOutput.Damage.empty, "wrote nothing"),
      (.notCompilerOutput, "wrote something that is not compiled translations"),
      (.unsupportedVersion(2), "wrote format 2, and this whatsnew reads format 1"),
      (.truncated, "stopped writing before its last result"),
      (.damagedResult(index: 0), "wrote a damaged result for file 1"),
      (.trailingBytes, "wrote more than the results it announced"),
    ])
  func damageDescriptions(damage: StringsCompilerOutput.Damage, text: String) {
    #expect(damage.description == text)
  }
}

@Suite("StringsCompiler")
struct StringsCompilerTests {
  @Test("compile gives the compiler's results, one per path, in order")
  func passesThrough() {
    let compiler = StringsCompiler { paths in paths.map { .failure(.fileUnreadable(reason: $0)) } }
    #expect(compiler.compile(["a", "b"]) == [.failure(.fileUnreadable(reason: "a")), .failure(.fileUnreadable(reason: "b"))])
  }

  @Test("a compiler answering with another number of results is trusted with none", arguments: [0, 1, 3])
  func wrongCount(count: Int) {
    let compiler = StringsCompiler { _ in Array(repeating: .success([1]), count: count) }
    #expect(
      compiler.compile(["a", "b"])
        == Array(repeating: .failure(.compilerFailed(reason: "the compiler gave \(count) results for 2 files")), count: 2))
  }

  @Test("no paths, no call")
  func noPaths() {
    let compiler = StringsCompiler { _ in
      Issue.record("the compiler was called with no paths")
      return []
    }
    #expect(compiler.compile([]).isEmpty)
  }

  @Test(
    "localization errors read for people",
    arguments: [
      (LocalizationError.fileUnreadable(reason: "Permission denied"), "cannot be read: Permission denied"),
      (
        .compilerFailed(reason: "the helper 'whatsnew-strings' is not next to /usr/local/bin/whatsnew"),
        "cannot read translations: the helper 'whatsnew-strings' is not next to /usr/local/bin/whatsnew"
      ),
    ])
  func descriptions(error: LocalizationError, text: String) {
    #expect(error.description == text)
  }
}
