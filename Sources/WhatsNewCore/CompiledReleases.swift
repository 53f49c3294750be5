/// Validated releases in a compact binary form, so a start whose content has not changed
/// skips parsing and validating every release file.
///
/// The app validates its release files at every start, and for the same files the result
/// is always the same: the releases and their diagnostics. After a start that validated, the
/// app stores that result with a fingerprint of everything that went into it (see
/// ``inputsFingerprint(manifest:files:displayPaths:englishKeys:program:)``); a later start
/// whose inputs have that fingerprint decodes the result instead of validating again. That
/// took a tenth of a cold start for the shipped content. ``decode(_:inputs:)`` returns `nil`
/// for anything it cannot fully trust (other inputs, a truncated or damaged file, another
/// format version, invalid UTF-8, a name the app no longer knows), and the caller validates.
///
/// Layout (integers little-endian; a string is a length (4) then UTF-8; an optional is a
/// byte, 0 or 1, then the value when 1):
///
///     magic "WNRELS01" (8) | inputs fingerprint (8) | payload fingerprint (8)
///     | diagnostics: count (4), each file, path, message, severity (1)
///     | releases: count (4), each version, pages: count (4), each id, supersededIn?,
///       blocks: count (4), each id, supersededIn?, kind (1) and its fields
///
/// ```swift
/// let bytes = CompiledReleases.encode(releases, diagnostics: [], inputs: 42)
/// CompiledReleases.decode(bytes, inputs: 42)?.releases == releases   // true
/// CompiledReleases.decode(bytes, inputs: 43)                          // nil: other inputs
/// ```
public enum CompiledReleases {
  static let magic: [UInt8] = Array("WNRELS01".utf8)

  /// A fingerprint of everything validation depends on: the manifest, every release file by
  /// name, the names diagnostics use for the files, the English table's keys, and `program`
  /// (what identifies the validator: the running executable), in an order-independent way
  /// for the files.
  public static func inputsFingerprint(
    manifest: [UInt8]?, files: [String: [UInt8]], displayPaths: [String], englishKeys: UInt64, program: [UInt8]
  ) -> UInt64 {
    var writer = BinaryWriter()
    writer.bytes(magic)
    writer.bytes(program)
    writer.uint64(englishKeys)
    for path in displayPaths { writer.string(path) }
    if let manifest {
      writer.uint8(1)
      writer.bytes(manifest)
    } else {
      writer.uint8(0)
    }
    for name in files.keys.sorted() {
      writer.string(name)
      writer.bytes(files[name]!)
    }
    return CompiledStringsTable.fingerprint(of: writer.output)
  }

  /// Encodes what validating inputs with fingerprint `inputs` gave.
  public static func encode(_ releases: [Release], diagnostics: [ReleaseDiagnostic], inputs: UInt64) -> [UInt8] {
    var payload = BinaryWriter()
    payload.uint32(diagnostics.count)
    for diagnostic in diagnostics {
      payload.string(diagnostic.file)
      payload.string(diagnostic.path)
      payload.string(diagnostic.message)
      payload.uint8(diagnostic.severity == .dropped ? 0 : 1)
    }
    payload.uint32(releases.count)
    for release in releases {
      payload.version(release.version)
      payload.uint32(release.pages.count)
      for page in release.pages {
        payload.string(page.id)
        payload.optional(page.supersededIn) { $0.version($1) }
        payload.uint32(page.blocks.count)
        for block in page.blocks {
          payload.string(block.id)
          payload.optional(block.supersededIn) { $0.version($1) }
          encode(block.content, to: &payload)
        }
      }
    }
    var bytes = BinaryWriter()
    bytes.raw(magic)
    bytes.uint64(inputs)
    bytes.uint64(CompiledStringsTable.fingerprint(of: payload.output))
    bytes.raw(payload.output)
    return bytes.output
  }

  private static func encode(_ content: BlockContent, to payload: inout BinaryWriter) {
    switch content {
    case .info(let info):
      payload.uint8(0)
      payload.string(info.titleKey)
      payload.optional(info.descriptionKey) { $0.string($1) }
      payload.optional(info.icon) { $0.string($1.rawValue) }
    case .choice(let choice):
      payload.uint8(1)
      payload.string(choice.setting.rawValue)
      payload.string(choice.titleKey)
      payload.optional(choice.descriptionKey) { $0.string($1) }
      payload.uint32(choice.options.count)
      for option in choice.options {
        payload.string(option.value)
        payload.optional(option.labelKey) { $0.string($1) }
        payload.optional(option.icon) { $0.string($1.rawValue) }
      }
    case .action(let action):
      payload.uint8(2)
      payload.string(action.action.rawValue)
      payload.string(action.labelKey)
      payload.optional(action.descriptionKey) { $0.string($1) }
      payload.optional(action.icon) { $0.string($1.rawValue) }
    case .featureList(let list):
      payload.uint8(3)
      payload.optional(list.titleKey) { $0.string($1) }
      payload.uint32(list.items.count)
      for item in list.items {
        payload.string(item.id)
        payload.string(item.titleKey)
        payload.optional(item.descriptionKey) { $0.string($1) }
        payload.optional(item.icon) { $0.string($1.rawValue) }
        payload.optional(item.action) { $0.string($1.rawValue) }
      }
    }
  }

  /// The releases and diagnostics encoded in `bytes`, or `nil` unless they were encoded for
  /// inputs with fingerprint `inputs` and every byte is intact.
  public static func decode(_ bytes: [UInt8], inputs: UInt64) -> (releases: [Release], diagnostics: [ReleaseDiagnostic])? {
    bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count >= magic.count + 16, buffer.prefix(magic.count).elementsEqual(magic) else { return nil }
      var header = BinaryReader(buffer: buffer, offset: magic.count)
      guard header.uint64() == inputs, let payloadFingerprint = header.uint64(),
        CompiledStringsTable.fingerprint(of: UnsafeBufferPointer(rebasing: buffer[header.offset...])) == payloadFingerprint
      else { return nil }
      var reader = BinaryReader(buffer: buffer, offset: header.offset)
      guard let decoded = decodePayload(&reader), reader.isAtEnd else { return nil }
      return decoded
    }
  }

  private static func decodePayload(_ reader: inout BinaryReader) -> (releases: [Release], diagnostics: [ReleaseDiagnostic])? {
    guard let diagnosticCount = reader.count() else { return nil }
    var diagnostics: [ReleaseDiagnostic] = []
    diagnostics.reserveCapacity(diagnosticCount)
    for _ in 0..<diagnosticCount {
      guard let file = reader.string(), let path = reader.string(), let message = reader.string(),
        let severity = reader.uint8(), severity <= 1
      else { return nil }
      diagnostics.append(
        ReleaseDiagnostic(file: file, path: path, message: message, severity: severity == 0 ? .dropped : .warning))
    }
    guard let releaseCount = reader.count() else { return nil }
    var releases: [Release] = []
    releases.reserveCapacity(releaseCount)
    for _ in 0..<releaseCount {
      guard let version = reader.version(), let pageCount = reader.count() else { return nil }
      var pages: [Page] = []
      pages.reserveCapacity(pageCount)
      for _ in 0..<pageCount {
        guard let id = reader.string(), let supersededIn = reader.optional({ $0.version() }),
          let blockCount = reader.count()
        else { return nil }
        var blocks: [Block] = []
        blocks.reserveCapacity(blockCount)
        for _ in 0..<blockCount {
          guard let blockID = reader.string(), let blockSupersededIn = reader.optional({ $0.version() }),
            let content = decodeContent(&reader)
          else { return nil }
          blocks.append(Block(id: blockID, supersededIn: blockSupersededIn, content: content))
        }
        pages.append(Page(id: id, blocks: blocks, supersededIn: supersededIn))
      }
      releases.append(Release(version: version, pages: pages))
    }
    return (releases, diagnostics)
  }

  private static func decodeContent(_ reader: inout BinaryReader) -> BlockContent? {
    switch reader.uint8() {
    case 0:
      guard let titleKey = reader.string(), let descriptionKey = reader.optional({ $0.string() }),
        let icon = reader.optional({ $0.string().flatMap(Icon.init(rawValue:)) })
      else { return nil }
      return .info(InfoBlock(titleKey: titleKey, descriptionKey: descriptionKey, icon: icon))
    case 1:
      guard let setting = reader.string().flatMap(Setting.init(rawValue:)), let titleKey = reader.string(),
        let descriptionKey = reader.optional({ $0.string() }), let optionCount = reader.count()
      else { return nil }
      var options: [ChoiceOption] = []
      options.reserveCapacity(optionCount)
      for _ in 0..<optionCount {
        guard let value = reader.string(), let labelKey = reader.optional({ $0.string() }),
          let icon = reader.optional({ $0.string().flatMap(Icon.init(rawValue:)) })
        else { return nil }
        options.append(ChoiceOption(value: value, labelKey: labelKey, icon: icon))
      }
      return .choice(ChoiceBlock(setting: setting, titleKey: titleKey, descriptionKey: descriptionKey, options: options))
    case 2:
      guard let action = reader.string().flatMap(Action.init(rawValue:)), let labelKey = reader.string(),
        let descriptionKey = reader.optional({ $0.string() }),
        let icon = reader.optional({ $0.string().flatMap(Icon.init(rawValue:)) })
      else { return nil }
      return .action(ActionBlock(action: action, labelKey: labelKey, descriptionKey: descriptionKey, icon: icon))
    case 3:
      guard let titleKey = reader.optional({ $0.string() }), let itemCount = reader.count() else { return nil }
      var items: [FeatureItem] = []
      items.reserveCapacity(itemCount)
      for _ in 0..<itemCount {
        guard let id = reader.string(), let itemTitleKey = reader.string(),
          let descriptionKey = reader.optional({ $0.string() }),
          let icon = reader.optional({ $0.string().flatMap(Icon.init(rawValue:)) }),
          let action = reader.optional({ $0.string().flatMap(Action.init(rawValue:)) })
        else { return nil }
        items.append(FeatureItem(id: id, titleKey: itemTitleKey, descriptionKey: descriptionKey, icon: icon, action: action))
      }
      return .featureList(FeatureListBlock(titleKey: titleKey, items: items))
    default:
      return nil
    }
  }
}

/// Little-endian integers, length-prefixed UTF-8 strings and optionals, written to bytes.
struct BinaryWriter {
  private(set) var output: [UInt8] = []

  mutating func uint8(_ value: UInt8) { output.append(value) }
  mutating func uint32(_ value: Int) { integer(UInt32(truncatingIfNeeded: value)) }
  mutating func uint64(_ value: UInt64) { integer(value) }

  mutating func integer<Integer: FixedWidthInteger>(_ value: Integer) {
    withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
  }

  /// `bytes`, length first.
  mutating func bytes(_ bytes: [UInt8]) {
    uint32(bytes.count)
    output.append(contentsOf: bytes)
  }

  /// `bytes` as they are, without a length.
  mutating func raw(_ bytes: [UInt8]) {
    output.append(contentsOf: bytes)
  }

  mutating func string(_ text: String) {
    uint32(text.utf8.count)
    output.append(contentsOf: text.utf8)
  }

  mutating func version(_ version: Version) {
    uint64(UInt64(version.major))
    uint64(UInt64(version.minor))
    uint64(UInt64(version.patch))
  }

  mutating func optional<Value>(_ value: Value?, _ write: (inout BinaryWriter, Value) -> Void) {
    guard let value else { return uint8(0) }
    uint8(1)
    write(&self, value)
  }
}

/// Reads what ``BinaryWriter`` writes, returning `nil` at the first thing out of bounds, not
/// UTF-8, or out of range.
struct BinaryReader {
  let buffer: UnsafeBufferPointer<UInt8>
  private(set) var offset: Int

  init(buffer: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
    self.buffer = buffer
    self.offset = offset
  }

  var isAtEnd: Bool { offset == buffer.count }

  mutating func uint8() -> UInt8? { integer(UInt8.self) }
  mutating func uint32() -> UInt32? { integer(UInt32.self) }
  mutating func uint64() -> UInt64? { integer(UInt64.self) }

  /// A length-prefixed field's bytes, unchecked, or `nil` when they run past the end.
  mutating func field() -> UnsafeBufferPointer<UInt8>? {
    guard let length = uint32().map(Int.init), buffer.count - offset >= length else { return nil }
    defer { offset += length }
    return UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)])
  }

  /// A count of things still to read; each takes at least a byte, so a count beyond the bytes
  /// left is damage (and never reserves more memory than the file's size).
  mutating func count() -> Int? {
    guard let count = integer(UInt32.self).map(Int.init), count <= buffer.count - offset else { return nil }
    return count
  }

  mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
    let size = MemoryLayout<Integer>.size
    guard buffer.count - offset >= size else { return nil }
    var value: Integer = 0
    for index in 0..<size {
      value |= Integer(buffer[offset + index]) << (8 * index)
    }
    offset += size
    return value
  }

  mutating func string() -> String? {
    guard let bytes = field(), UTF8Check.isValid(bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  mutating func version() -> Version? {
    guard let major = uint64(), let minor = uint64(), let patch = uint64(),
      major <= UInt64(Int.max), minor <= UInt64(Int.max), patch <= UInt64(Int.max)
    else { return nil }
    return Version(major: Int(major), minor: Int(minor), patch: Int(patch))
  }

  /// `nil` when damaged; `.some(nil)` for an absent value.
  mutating func optional<Value>(_ read: (inout BinaryReader) -> Value?) -> Value?? {
    switch uint8() {
    case 0: return .some(nil)
    case 1: return read(&self).map { .some($0) }
    default: return nil
    }
  }
}
