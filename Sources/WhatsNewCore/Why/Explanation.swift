/// Why a surface shows or not: every gate and rule that decides it, each with its value now and
/// whether it passes, all of them (no short-circuit), and the first that fails deciding, in
/// the order the app asks them. One closed vocabulary of reasons serves every surface, so
/// `why`, `state decision` and the decision each start keeps speak alike.
///
/// ```swift
/// let why = Explanation.tour(state, facts: TourFacts(seenThrough: v2_14, wantsTour: true, pages: 0))
/// why.reason   // .alreadySeen, why.detail "2.14.0"
/// ```
package struct Explanation: Sendable, Equatable {
  /// What is explained.
  package enum Surface: String, Sendable, CaseIterable {
    case tour, guide, popover, news, reminder
    /// Home's line `New in <version>: type news …` (`why news` without a version).
    case newsLine
  }

  /// Why it shows or not: the closed vocabulary, as `--json` and `state decision` write it.
  package enum Reason: String, Sendable, CaseIterable {
    case shown
    /// A setting the person chose turns it off (detail: the setting).
    case offBySetting = "off_by_setting"
    /// The app's own policy keeps it off (detail: which).
    case offByPolicy = "off_by_policy"
    /// A gate is closed (detail: boot, onboarding, session, launch, screen).
    case gateClosed = "gate_closed"
    /// A rule does not hold (detail: which rule, what value).
    case ruleFailed = "rule_failed"
    /// Too soon after the last thing shown (detail: the next eligible time).
    case paced
    /// Behind something else (detail: behind what).
    case queued
    /// Closed for good (detail: closed, action performed, count exceeded).
    case invalidated
    /// The person has seen it (detail: through which version).
    case alreadySeen = "already_seen"
    /// A read it depends on failed (detail: the failure).
    case stale
  }

  /// One gate or rule: its name and value (machine words, for `--json`), whether it passes,
  /// what its failing means, and how people are told its value (a key and its argument).
  package struct Condition: Sendable, Equatable {
    package var name: String
    package var value: String
    package var passes: Bool
    /// The reason this condition gives when it decides, and its detail.
    package var reason: Reason
    package var detail: String?
    /// The localization key that words the value (`ui.why.<name>.<token>`), and its arguments.
    package var key: String
    package var arguments: [String]

    package init(
      _ name: String, value: String, passes: Bool, failing reason: Reason, detail: String? = nil, key: String,
      arguments: [String] = []
    ) {
      self.name = name
      self.value = value
      self.passes = passes
      self.reason = reason
      self.detail = detail
      self.key = key
      self.arguments = arguments
    }
  }

  package var surface: Surface
  /// The guide, popover or release explained; `nil` for the tour and the reminder.
  package var id: String?
  package var conditions: [Condition]

  /// The first condition that fails, in the order the app asks them; `nil` when it shows.
  package var deciding: Condition? { conditions.first { !$0.passes } }
  package var reason: Reason { deciding?.reason ?? .shown }
  package var detail: String? { deciding?.detail }
}

extension Explanation {
  /// As `why --json` and `state decision` write it: `{"surface", "id", "reason", "detail",
  /// "conditions": [{"name", "value", "passes"}]}` (`Documentation/state.schema.json`).
  package var json: JSONValue {
    .object([
      ("surface", .string(surface.rawValue)), ("id", .string(id)), ("reason", .string(reason.rawValue)),
      ("detail", .string(detail)),
      (
        "conditions",
        .array(
          conditions.map { .object([("name", .string($0.name)), ("value", .string($0.value)), ("passes", .bool($0.passes))]) })
      ),
    ])
  }
}
