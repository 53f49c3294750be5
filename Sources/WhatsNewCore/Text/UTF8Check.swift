// Hand-written: the JSON reader and the compiled tables check raw bytes and need the
// offset of the first bad sequence, which String(validating:) does not give.

/// Well-formed UTF-8 as RFC 3629 defines it (no overlong forms, no surrogates, nothing above
/// U+10FFFF), checked on raw bytes: the JSON reader's input and the compiled formats' strings.
enum UTF8Check {
  /// What is wrong with the first ill-formed sequence.
  enum Problem: Equatable {
    /// A byte that cannot start a sequence.
    case invalidLeadByte(UInt8)
    /// A sequence the input ends inside.
    case truncated
    /// A sequence whose continuation bytes do not fit its lead byte.
    case invalidSequence(lead: UInt8)
  }

  /// The offset of the first ill-formed sequence in `bytes` and what is wrong with it, or
  /// `nil` when all of `bytes` is well formed.
  static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, problem: Problem)? {
    var offset = 0
    let count = bytes.count
    let raw = UnsafeRawBufferPointer(bytes)
    while offset < count {
      // Step over ASCII eight bytes at a time.
      while count - offset >= 8, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        offset += 8
      }
      guard offset < count else { return nil }
      let lead = bytes[offset]
      if lead < 0x80 {
        offset += 1
        continue
      }
      let length: Int
      var lowerBound: UInt8 = 0x80
      var upperBound: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; lowerBound = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; upperBound = 0x9F
      case 0xF0: length = 4; lowerBound = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; upperBound = 0x8F
      default: return (offset, .invalidLeadByte(lead))
      }
      for position in 1..<length {
        let next = offset + position
        guard next < count else { return (offset, .truncated) }
        let continuation = bytes[next]
        let low = position == 1 ? lowerBound : 0x80
        let high = position == 1 ? upperBound : 0xBF
        guard continuation >= low && continuation <= high else { return (offset, .invalidSequence(lead: lead)) }
      }
      offset += length
    }
    return nil
  }

  /// Whether all of `bytes` is well-formed UTF-8.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    firstProblem(in: bytes) == nil
  }
}
