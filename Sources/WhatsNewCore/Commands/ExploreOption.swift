/// The options of `qa explore`, declared once: `qa`'s usage line, `help qa`'s forms (and
/// so the manual page), completion and the parser all read them from here.
package enum ExploreOption: String, CaseIterable, Sendable {
  /// Every ordered pair of faults, not only each single fault.
  case pairs = "--pairs"
  /// The most runs the exploration makes (`--max-runs <n>`).
  case maxRuns = "--max-runs"
  /// The walk over every state by commands and Esc (``NavigationExplorer``), alone.
  case navigation = "--navigation"
  /// Each case run again with the clock moved to its boundaries (`qa clock`).
  case clock = "--clock"
  /// Every rule content gives, at its boundaries, against what the runs' own lines give, alone.
  case rules = "--rules"

  /// What the option takes after it, if anything: `<n>`.
  package var argument: String? { self == .maxRuns ? "<n>" : nil }

  /// The option as usage writes it: `--max-runs <n>`.
  package var form: String { argument.map { "\(rawValue) \($0)" } ?? rawValue }

  /// The options a choice exploration takes: all but those that stand alone.
  package static let choiceOptions = allCases.filter { !alone.contains($0) }

  /// The options that stand alone: `qa explore --navigation`, `qa explore --rules`.
  package static let alone: [ExploreOption] = [.navigation, .rules]

  /// `qa explore [--pairs] [--max-runs <n>] [--clock] [<script>] | qa explore --navigation | qa explore --rules`.
  package static var usage: String {
    (["qa explore"] + choiceOptions.map { "[\($0.form)]" } + ["[<script>]"]).joined(separator: " ")
      + alone.map { " | qa explore \($0.form)" }.joined()
  }

  /// Each form on a line of its own, for `help qa`.
  package static var syntax: [String] {
    ["qa explore", "qa explore <script file>"] + choiceOptions.map { "qa explore \($0.form) [<script file>]" }
      + alone.map { "qa explore \($0.form)" }
  }

  /// What completion offers after `qa explore` and the options already typed: the options
  /// not typed yet, none after `--navigation` or `--rules` or while `--max-runs` waits for its number.
  package static func completions(after typed: [String]) -> [String] {
    if alone.contains(where: { typed.contains($0.rawValue) }) || typed.last == maxRuns.rawValue { return [] }
    // A script's path ends the options.
    for (index, word) in typed.enumerated() where ExploreOption(rawValue: word) == nil {
      guard index > 0, typed[index - 1] == maxRuns.rawValue else { return [] }
    }
    let options = typed.isEmpty ? allCases : choiceOptions
    return options.map(\.rawValue).filter { !typed.contains($0) }
  }

  /// The words after `qa explore`, parsed: the options and the script's path, if any; `nil`
  /// when they do not parse (the usage is shown).
  package static func parse(_ words: [String]) -> (pairs: Bool, maximumRuns: Int?, script: String?, clock: Bool)? {
    var flags: Set<ExploreOption> = []
    var maximumRuns: Int?
    var words = words[...]
    while let word = words.first, let option = ExploreOption(rawValue: word) {
      words = words.dropFirst()
      switch option {
      case .pairs, .clock:
        guard flags.insert(option).inserted else { return nil }
      case .maxRuns:
        guard maximumRuns == nil, let number = words.first.flatMap({ Int($0) }), number > 0 else { return nil }
        maximumRuns = number
        words = words.dropFirst()
      case .navigation, .rules: return nil
      }
    }
    guard words.count <= 1 else { return nil }
    return (flags.contains(.pairs), maximumRuns, words.first, flags.contains(.clock))
  }
}
