// Hand-written: the collision is specific to this app's own 64-bit fingerprint
// (`CompiledStringsTable.fingerprint(of:)`); no library knows it.
import WhatsNewCore

/// Two `.strings` files of the same length whose 64-bit fingerprints are equal: what an edit
/// could be for a cache that trusted the fingerprint (issue 21). The edit changes the last
/// full 32-byte block, which must lie inside a quoted text; its new bytes are printable ASCII
/// without `"` or `\`, so the edited file still parses.
///
/// The fingerprint mixes four lanes, one 8-byte word each per block, each step a bijection,
/// then joins them as `l0 ^ 3·l1 ^ 5·l2 ^ 7·l3`: new words for lanes 1–3 are picked, and the
/// word for lane 0 that keeps the join is solved for, until it too is printable.
///
/// ```swift
/// let edited = FingerprintCollision.edit(of: Array(#""k" = "…100 letters…";"#.utf8))
/// CompiledStringsTable.fingerprint(of: edited) == CompiledStringsTable.fingerprint(of: original)  // true
/// ```
package enum FingerprintCollision {
  static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  static func mix(_ lane: UInt64, _ word: UInt64) -> UInt64 {
    let product = (lane ^ word) &* multiplier
    return product ^ (product >> 32)
  }

  /// The word `w` with `mix(lane, w) == result`.
  static func unmix(_ lane: UInt64, to result: UInt64) -> UInt64 {
    var inverse = multiplier  // Newton's iteration for the inverse modulo 2^64
    for _ in 0..<6 { inverse = inverse &* (2 &- multiplier &* inverse) }
    return ((result ^ (result >> 32)) &* inverse) ^ lane
  }

  static func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
  }

  static func isPrintable(_ word: UInt64) -> Bool {
    (0..<8).allSatisfy { index in
      let byte = UInt8(truncatingIfNeeded: word >> (8 * index))
      return byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
  }

  /// `original` with its last full 32-byte block replaced so that the fingerprint and the
  /// length stay the same; `nil` when no printable edit was found.
  package static func edit(of original: [UInt8]) -> [UInt8]? {
    let block = original.count / 32 - 1
    guard block >= 0 else { return nil }
    var lanes: [UInt64] = [0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89]
    for earlier in 0..<block {
      for lane in 0..<4 {
        lanes[lane] = mix(lanes[lane], word(original[(earlier * 32 + lane * 8)..<(earlier * 32 + lane * 8 + 8)]))
      }
    }
    let start = block * 32
    let final = (0..<4).map { mix(lanes[$0], word(original[(start + $0 * 8)..<(start + $0 * 8 + 8)])) }
    let join = final[0] ^ (final[1] &* 3) ^ (final[2] &* 5) ^ (final[3] &* 7)
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    for attempt in 0..<1_000_000 {
      var candidate = attempt
      var word1: UInt64 = 0
      for index in 0..<8 {
        word1 |= UInt64(letters[candidate % letters.count]) << (8 * index)
        candidate /= letters.count
      }
      let words: [UInt64] = [0, word1, 0x6F6E_6D6C_6B6A_6968, 0x7776_7574_7372_7170]  // "hijklmno", "pqrstuvw"
      let new1 = mix(lanes[1], words[1])
      let new2 = mix(lanes[2], words[2])
      let new3 = mix(lanes[3], words[3])
      let new0 = join ^ (new1 &* 3) ^ (new2 &* 5) ^ (new3 &* 7)
      let word0 = unmix(lanes[0], to: new0)
      guard isPrintable(word0) else { continue }
      var edited = original
      for (lane, value) in [word0, words[1], words[2], words[3]].enumerated() {
        for index in 0..<8 { edited[start + lane * 8 + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
      }
      guard edited != original, CompiledStringsTable.fingerprint(of: edited) == CompiledStringsTable.fingerprint(of: original)
      else { return nil }
      return edited
    }
    return nil
  }
}
