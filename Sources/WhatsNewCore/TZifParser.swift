extension TimeZoneRules {
  /// Reads a TZif file (RFC 8536, RFC 9636) of version 1, 2, 3 or 4: from a version 2 or
  /// later file the 64-bit data block and the footer's POSIX rule, from a version 1 file
  /// its 32-bit block.
  ///
  /// Every count is checked against the bytes that are there and every index against what
  /// it indexes, so a truncated or corrupt file throws, never traps.
  ///
  /// ```swift
  /// let bytes = try FileSystem.readFile("/usr/share/zoneinfo/America/Sao_Paulo")
  /// let rules = try TimeZoneRules(identifier: "America/Sao_Paulo", tzif: bytes)
  /// ```
  ///
  /// - Throws: ``TimeZoneRulesError`` saying what is wrong and at which byte.
  public init(identifier: String, tzif bytes: [UInt8]) throws(TimeZoneRulesError) {
    var reader = TZifReader(bytes: bytes)
    let header = try reader.readHeader()
    let block: TZifReader.DataBlock
    var footer: PosixTimeZoneRule?
    if header.version == 1 {
      block = try reader.readDataBlock(header, timeSize: 4, name: "the version 1 data block")
    } else {
      try reader.skip(header.dataBlockSize(timeSize: 4), part: "the version 1 data block")
      let header64 = try reader.readHeader()
      block = try reader.readDataBlock(header64, timeSize: 8, name: "the version 2 data block")
      footer = try reader.readFooter()
    }
    self.init(
      identifier: identifier, transitionInstants: block.transitionInstants,
      transitionOffsets: block.transitionTypes.map { block.offsets[Int($0)] }, initialOffset: Int(block.offsets[0]),
      footer: footer)
  }
}

/// A cursor over a TZif file's bytes that checks every read against the end.
struct TZifReader {
  let bytes: [UInt8]
  var position = 0

  struct Header {
    /// 1 for a version 1 file, 2 for version 2 and later (their layouts are the same).
    var version: Int
    var utLocalIndicatorCount: Int
    var standardWallIndicatorCount: Int
    var leapSecondCount: Int
    var transitionCount: Int
    var typeCount: Int
    var designationByteCount: Int

    /// The data block's size in bytes, with `timeSize`-byte times.
    func dataBlockSize(timeSize: Int) -> Int {
      transitionCount * (timeSize + 1) + typeCount * 6 + designationByteCount + leapSecondCount * (timeSize + 4)
        + standardWallIndicatorCount + utLocalIndicatorCount
    }
  }

  struct DataBlock {
    var transitionInstants: [Int64]
    /// Index into ``offsets`` per transition.
    var transitionTypes: [UInt8]
    /// Per local time type, its offset from UTC (seconds east).
    var offsets: [Int32]
  }

  /// The 44-byte header: magic, version, 15 reserved bytes, six counts.
  mutating func readHeader() throws(TimeZoneRulesError) -> Header {
    let start = position
    let magic = Array("TZif".utf8)
    let present = bytes[position..<min(bytes.count, position + 4)]
    guard present.elementsEqual(magic) else {
      if present.count < 4, magic.starts(with: present) { try require(44, part: "the header") }
      if start == 0 { throw .notTZif }
      throw .malformed(problem: "the version 2 header at byte \(start) does not start with 'TZif'")
    }
    try require(44, part: "the header")
    let versionByte = bytes[position + 4]
    let version: Int
    switch versionByte {
    case 0: version = 1
    case UInt8(ascii: "2")...UInt8(ascii: "9"): version = 2
    default: throw .unsupportedVersion(versionByte)
    }
    position += 20
    var counts: [Int] = []
    for _ in 0..<6 { counts.append(Int(readUInt32())) }
    let header = Header(
      version: version, utLocalIndicatorCount: counts[0], standardWallIndicatorCount: counts[1],
      leapSecondCount: counts[2], transitionCount: counts[3], typeCount: counts[4], designationByteCount: counts[5])
    let location = "in the header at byte \(start)"
    guard header.typeCount > 0 else { throw .malformed(problem: "the count of local time types is zero \(location)") }
    guard header.typeCount <= 256 else {
      throw .malformed(problem: "\(header.typeCount) local time types \(location), at most 256 can be indexed")
    }
    guard header.designationByteCount > 0 else {
      throw .malformed(problem: "the count of designation bytes is zero \(location)")
    }
    guard header.utLocalIndicatorCount == 0 || header.utLocalIndicatorCount == header.typeCount else {
      throw .malformed(
        problem: "\(header.utLocalIndicatorCount) UT/local indicators for \(header.typeCount) local time types \(location)")
    }
    guard header.standardWallIndicatorCount == 0 || header.standardWallIndicatorCount == header.typeCount else {
      throw .malformed(
        problem:
          "\(header.standardWallIndicatorCount) standard/wall indicators for \(header.typeCount) local time types \(location)")
    }
    return header
  }

  /// A data block with `timeSize`-byte transition and leap-second times.
  mutating func readDataBlock(_ header: Header, timeSize: Int, name: String) throws(TimeZoneRulesError) -> DataBlock {
    try require(header.dataBlockSize(timeSize: timeSize), part: name)

    var instants: [Int64] = []
    instants.reserveCapacity(header.transitionCount)
    for index in 0..<header.transitionCount {
      let at = position
      let instant = timeSize == 4 ? Int64(Int32(bitPattern: readUInt32())) : Int64(bitPattern: readUInt64())
      if let previous = instants.last, instant <= previous {
        throw .malformed(
          problem: "transition \(index + 1) (at byte \(at)) is not later than the one before it in \(name)")
      }
      instants.append(instant)
    }

    var types: [UInt8] = []
    types.reserveCapacity(header.transitionCount)
    for index in 0..<header.transitionCount {
      let type = bytes[position]
      guard Int(type) < header.typeCount else {
        throw .malformed(
          problem:
            "transition \(index + 1) (at byte \(position)) names local time type \(type), but there are only \(header.typeCount) in \(name)"
        )
      }
      types.append(type)
      position += 1
    }

    var offsets: [Int32] = []
    var designationIndices: [(index: Int, at: Int)] = []
    for index in 0..<header.typeCount {
      let at = position
      let offset = Int32(bitPattern: readUInt32())
      // RFC 8536: never -2^31, and within -89999...93599 (about -25 to +26 hours).
      guard (-89_999...93_599).contains(offset) else {
        throw .malformed(
          problem: "local time type \(index) (at byte \(at)) has UTC offset \(offset) s, outside -89999...93599 in \(name)")
      }
      let isDaylightSaving = bytes[position]
      guard isDaylightSaving <= 1 else {
        throw .malformed(
          problem: "local time type \(index) (at byte \(at)) has daylight-saving flag \(isDaylightSaving), not 0 or 1 in \(name)")
      }
      designationIndices.append((Int(bytes[position + 1]), at))
      position += 2
      offsets.append(offset)
    }

    let designations = bytes[position..<position + header.designationByteCount]
    for (typeIndex, designation) in designationIndices.enumerated() {
      guard designation.index < header.designationByteCount,
        designations[(designations.startIndex + designation.index)...].contains(0)
      else {
        throw .malformed(
          problem:
            "local time type \(typeIndex) (at byte \(designation.at)) names designation byte \(designation.index), which does not begin a NUL-terminated designation in \(name)"
        )
      }
    }
    position += header.designationByteCount

    // Leap seconds: read past. Instants stay POSIX time.
    position += header.leapSecondCount * (timeSize + 4)

    for (count, kind) in [
      (header.standardWallIndicatorCount, "standard/wall"), (header.utLocalIndicatorCount, "UT/local"),
    ] {
      for index in 0..<count {
        guard bytes[position] <= 1 else {
          throw .malformed(
            problem:
              "\(kind) indicator \(index) (at byte \(position)) is \(bytes[position]), not 0 or 1 in \(name)")
        }
        position += 1
      }
    }
    return DataBlock(transitionInstants: instants, transitionTypes: types, offsets: offsets)
  }

  /// The footer of a version 2 or later file: a POSIX rule between two newlines; empty
  /// means none.
  mutating func readFooter() throws(TimeZoneRulesError) -> PosixTimeZoneRule? {
    let start = position
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else {
      if position >= bytes.count {
        throw .truncated(part: "the footer", offset: start, needed: 2, available: 0)
      }
      throw .malformed(problem: "the footer at byte \(start) does not start with a newline")
    }
    guard let end = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\n")) else {
      throw .truncated(
        part: "the footer (its closing newline)", offset: start, needed: bytes.count - start + 1,
        available: bytes.count - start)
    }
    let text = bytes[(position + 1)..<end]
    position = end + 1
    if text.isEmpty { return nil }
    guard text.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      throw .malformed(problem: "the footer's TZ rule at byte \(start + 1) is not printable ASCII")
    }
    do {
      return try PosixTimeZoneRule(parsing: String(decoding: text, as: UTF8.self))
    } catch {
      throw .malformed(problem: "the footer at byte \(start) holds \(error)")
    }
  }

  mutating func skip(_ count: Int, part: String) throws(TimeZoneRulesError) {
    try require(count, part: part)
    position += count
  }

  /// Throws unless `count` more bytes follow the cursor.
  func require(_ count: Int, part: String) throws(TimeZoneRulesError) {
    let available = bytes.count - position
    guard count <= available else {
      throw .truncated(part: part, offset: position, needed: count, available: available)
    }
  }

  /// Big-endian; the caller has checked the bytes are there.
  mutating func readUInt32() -> UInt32 {
    var value: UInt32 = 0
    for offset in 0..<4 { value = value << 8 | UInt32(bytes[position + offset]) }
    position += 4
    return value
  }

  mutating func readUInt64() -> UInt64 {
    var value: UInt64 = 0
    for offset in 0..<8 { value = value << 8 | UInt64(bytes[position + offset]) }
    position += 8
    return value
  }
}
