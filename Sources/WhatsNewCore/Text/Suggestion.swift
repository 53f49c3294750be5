// Hand-written: "did you mean" needs an edit distance, which neither the standard library
// nor Foundation provides.

/// "Did you mean" suggestions for misspelled names.
///
/// Distance is the optimal string alignment variant of Damerau–Levenshtein (insert,
/// delete, substitute, or swap two neighbours, each costing one), computed on
/// characters, ignoring case.
///
/// ```swift
/// Suggestion.closest(to: "workoutVeiw", in: ["workoutView", "theme"])   // "workoutView"
/// Suggestion.closest(to: "banana", in: ["workoutView", "theme"])        // nil
/// Suggestion.closest(to: "chose", in: ["close", "choose"], avoiding: ["close"])   // "choose"
/// ```
package enum Suggestion {
  /// The candidate nearest to `word`, or `nil` when none is within `maxDistance`.
  ///
  /// - Parameters:
  ///   - word: what the user or file wrote.
  ///   - candidates: the known names, in order of preference; ties go to the earlier one.
  ///   - maxDistance: the largest distance still suggested; by default `max(1, word.count / 3)`.
  ///   - avoiding: names to offer only when no other candidate is as close (commands that
  ///     dismiss or destroy, say: `chose` suggests `choose`, never `close`).
  package static func closest(
    to word: String, in candidates: some Sequence<String>, maxDistance: Int? = nil, avoiding: Set<String> = []
  ) -> String? {
    let target = Array(word.lowercased())
    guard !target.isEmpty else { return nil }
    let limit = maxDistance ?? max(1, target.count / 3)
    var best: (candidate: String, distance: Int, avoided: Bool)?
    for candidate in candidates {
      let other = Array(candidate.lowercased())
      guard abs(other.count - target.count) <= limit else { continue }
      let distance = distance(target, other)
      guard distance <= limit else { continue }
      let avoided = avoiding.contains(candidate)
      if let current = best {
        // Closer wins; at the same distance an avoided name gives way to one that is not.
        guard distance < current.distance || (distance == current.distance && current.avoided && !avoided) else { continue }
      }
      best = (candidate, distance, avoided)
    }
    return best?.candidate
  }

  /// The optimal string alignment distance between `a` and `b`: `ab` and `ba` are 1 apart (one transposition).
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let width = b.count + 1
    var previousPrevious = [Int](repeating: 0, count: width)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: width)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      swap(&previousPrevious, &previous)
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
