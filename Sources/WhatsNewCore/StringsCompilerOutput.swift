/// What the `whatsnew-strings` helper writes to its standard output: one framed result per
/// `.strings` file it was given, in order. Encoding and decoding are pure, so the helper
/// and the app share them, and tests and the fuzzer can drive them with any bytes.
///
/// Layout (integers little-endian):
///
///     header: magic "WNSTRHLP" (8) | format version (4) = 1 | result count (4)
///     each result: kind (1) | payload length (8) | payload | check (8)
///
/// `kind` 0 is a compiled table, and the payload its ``CompiledStringsTable`` encoding;
/// kinds 1 to 4 are the ``LocalizationError`` cases `unreadable`, `notAStringsTable`,
/// `fileUnreadable` and `compilerFailed`, and the payload the reason in UTF-8. `check` is
/// ``CompiledStringsTable/fingerprint(of:)`` of the result's bytes before it (kind, length,
/// payload), so damage anywhere in a result is caught; a compiled table also carries its own
/// fingerprints, which the app checks against the `.strings` bytes it read.
///
/// The helper writes the header and then each result; ``decode(_:)`` gives back every
/// result before the first sign of trouble (a truncated stream, a damaged result, another
/// format version, bytes after the last result) and names the trouble, so a helper that
/// dies half way through costs only the files it had not finished. Changing the layout
/// means a new format version.
///
/// ```swift
/// let bytes = StringsCompilerOutput.encode([.success(compiled), .failure(.fileUnreadable(reason: "No such file"))])
/// StringsCompilerOutput.decode(bytes).results.count   // 2
/// StringsCompilerOutput.decode(bytes.dropLast()).damage   // .truncated
/// ```
public enum StringsCompilerOutput {
  /// The format this build writes and reads.
  public static let formatVersion: UInt32 = 1
  static let magic: [UInt8] = Array("WNSTRHLP".utf8)
  static let headerSize = 8 + 4 + 4
  /// A result's bytes around its payload: kind, length, and the check after the payload.
  static let frameOverhead = 1 + 8 + 8

  /// What was wrong with a helper's output, after the results that could be read.
  public enum Damage: Error, Sendable, Hashable, CustomStringConvertible {
    /// There was no output at all.
    case empty
    /// The output does not start like compiled translations.
    case notCompilerOutput
    /// The output is in another format version than ``formatVersion``.
    case unsupportedVersion(UInt32)
    /// The output stops before its last result is complete.
    case truncated
    /// The result at `index` (from 0) is damaged: its check does not match, its kind is
    /// unknown, or its message is not UTF-8.
    case damagedResult(index: Int)
    /// There are bytes after the last result the header announced.
    case trailingBytes

    /// A message for people, to follow "the helper…": it names what is wrong.
    public var description: String {
      switch self {
      case .empty: "wrote nothing"
      case .notCompilerOutput: "wrote something that is not compiled translations"
      case .unsupportedVersion(let version):
        "wrote format \(version), and this whatsnew reads format \(StringsCompilerOutput.formatVersion)"
      case .truncated: "stopped writing before its last result"
      case .damagedResult(let index): "wrote a damaged result for file \(index + 1)"
      case .trailingBytes: "wrote more than the results it announced"
      }
    }
  }

  /// A decoded stream.
  public struct Decoded: Sendable, Hashable {
    /// How many results the header announced; `nil` when there was no readable header.
    public var announcedCount: Int?
    /// The results that were complete and intact, in order: all of them when ``damage``
    /// is `nil`, else those before the damage.
    public var results: [StringsCompiler.FileResult]
    /// What was wrong with the rest of the stream; `nil` when the stream is whole.
    public var damage: Damage?

    public init(announcedCount: Int?, results: [StringsCompiler.FileResult], damage: Damage?) {
      self.announcedCount = announcedCount
      self.results = results
      self.damage = damage
    }
  }

  /// The header announcing `count` results.
  public static func header(count: Int) -> [UInt8] {
    var bytes = BinaryWriter()
    bytes.raw(magic)
    bytes.integer(formatVersion)
    bytes.integer(UInt32(clamping: count))
    return bytes.output
  }

  /// One result, framed.
  public static func frame(_ result: StringsCompiler.FileResult) -> [UInt8] {
    let (kind, payload): (UInt8, [UInt8]) =
      switch result {
      case .success(let compiled): (0, compiled)
      case .failure(.unreadable(let reason)): (1, Array(reason.utf8))
      case .failure(.notAStringsTable(let reason)): (2, Array(reason.utf8))
      case .failure(.fileUnreadable(let reason)): (3, Array(reason.utf8))
      case .failure(.compilerFailed(let reason)): (4, Array(reason.utf8))
      }
    var bytes = BinaryWriter()
    bytes.uint8(kind)
    bytes.uint64(UInt64(payload.count))
    bytes.raw(payload)
    bytes.uint64(CompiledStringsTable.fingerprint(of: bytes.output))
    return bytes.output
  }

  /// The header and every result: a whole stream.
  public static func encode(_ results: [StringsCompiler.FileResult]) -> [UInt8] {
    var bytes = header(count: results.count)
    for result in results { bytes += frame(result) }
    return bytes
  }

  /// Decodes a stream, keeping every result before the first damage (see ``Decoded``).
  public static func decode(_ bytes: some Collection<UInt8>) -> Decoded {
    if let decoded = bytes.withContiguousStorageIfAvailable({ decode($0) }) { return decoded }
    return Array(bytes).withUnsafeBufferPointer { decode($0) }
  }

  private static func decode(_ buffer: UnsafeBufferPointer<UInt8>) -> Decoded {
    var decoded = Decoded(announcedCount: nil, results: [], damage: nil)
    if buffer.isEmpty {
      decoded.damage = .empty
      return decoded
    }
    let magicPart = min(buffer.count, magic.count)
    guard buffer.prefix(magicPart).elementsEqual(magic.prefix(magicPart)) else {
      decoded.damage = .notCompilerOutput
      return decoded
    }
    guard buffer.count >= headerSize else {
      decoded.damage = .truncated
      return decoded
    }
    let version = integer(UInt32.self, in: buffer, at: magic.count)
    guard version == formatVersion else {
      decoded.damage = .unsupportedVersion(version)
      return decoded
    }
    let count = Int(integer(UInt32.self, in: buffer, at: magic.count + 4))
    decoded.announcedCount = count
    var offset = headerSize
    while decoded.results.count < count {
      let index = decoded.results.count
      let remaining = buffer.count - offset
      // A length beyond the end is a stream cut short (or a damaged length: either way,
      // nothing from here on can be read).
      guard remaining >= frameOverhead,
        case let length = integer(UInt64.self, in: buffer, at: offset + 1),
        length <= UInt64(remaining - frameOverhead)
      else {
        decoded.damage = .truncated
        return decoded
      }
      let payloadStart = offset + 1 + 8
      let checkStart = payloadStart + Int(length)
      let framed = UnsafeBufferPointer(rebasing: buffer[offset..<checkStart])
      guard CompiledStringsTable.fingerprint(of: framed) == integer(UInt64.self, in: buffer, at: checkStart),
        let result = result(kind: buffer[offset], payload: UnsafeBufferPointer(rebasing: buffer[payloadStart..<checkStart]))
      else {
        decoded.damage = .damagedResult(index: index)
        return decoded
      }
      decoded.results.append(result)
      offset = checkStart + 8
    }
    if offset != buffer.count { decoded.damage = .trailingBytes }
    return decoded
  }

  private static func result(kind: UInt8, payload: UnsafeBufferPointer<UInt8>) -> StringsCompiler.FileResult? {
    if kind == 0 { return .success(Array(payload)) }
    guard let reason = String(validating: payload, as: UTF8.self) else { return nil }
    switch kind {
    case 1: return .failure(.unreadable(reason: reason))
    case 2: return .failure(.notAStringsTable(reason: reason))
    case 3: return .failure(.fileUnreadable(reason: reason))
    case 4: return .failure(.compilerFailed(reason: reason))
    default: return nil
    }
  }

  /// The little-endian integer at `offset`, which the caller has checked is in bounds.
  private static func integer<Integer: FixedWidthInteger>(_: Integer.Type, in buffer: UnsafeBufferPointer<UInt8>, at offset: Int)
    -> Integer
  {
    var reader = BinaryReader(buffer: buffer, offset: offset)
    return reader.integer(Integer.self)!
  }
}
