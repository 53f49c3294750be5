package import Foundation

/// Something a command did that a rule may count: a screen visited, a setting changed, a guide
/// or popover shown or closed. Its ``name`` is how content names it (`visited:cardio`,
/// `changed:units`, `shown:cardio.log_info`, `closed:first_run`) and how the store keeps it.
package enum AppEvent: Sendable, Hashable {
  case visited(Screen)
  case changed(Setting)
  /// A guide, a popover, or (`tour`) the automatic what's-new tour was shown.
  case shown(String)
  case closed(String)

  /// The what's-new tour's id in `shown:`, the one display that is not a guidance.
  package static let tour = "tour"

  package var name: String {
    switch self {
    case .visited(let screen): "visited:\(screen.rawValue)"
    case .changed(let setting): "changed:\(setting.rawValue)"
    case .shown(let id): "shown:\(id)"
    case .closed(let id): "closed:\(id)"
    }
  }

  /// The event `name` names, if the app can donate it (`shown:` and `closed:` take a guidance
  /// id of `guidance`, and `shown:tour`).
  package init?(name: String, guidance: Set<String>) {
    let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    switch parts[0] {
    case "visited": guard let screen = Screen(rawValue: parts[1]) else { return nil }; self = .visited(screen)
    case "changed": guard let setting = Setting(rawValue: parts[1]) else { return nil }; self = .changed(setting)
    case "shown" where guidance.contains(parts[1]) || parts[1] == Self.tour: self = .shown(parts[1])
    case "closed" where guidance.contains(parts[1]): self = .closed(parts[1])
    default: return nil
    }
  }
}

/// What commands donated, by name, each name's times oldest first, as the start read them from
/// the store and the session added since. Bounded: a name keeps its newest ``retention`` times
/// (the store keeps as many), so counting costs the same however long the history.
///
/// Counting searches a name's times (bench row "rule evaluation, 1,000 stored events").
package struct EventLog: Sendable, Equatable {
  /// How many times of one name are kept (a rule's `atLeast` can be at most this).
  package static let retention = 200

  private var times: [String: [Date]] = [:]
  /// The newest display of any surface (`shown:`), what the attention budget paces from.
  package private(set) var lastShown: (id: String, at: Date)?

  package init(_ events: [StoredEvent] = []) {
    for event in events.sorted(by: { $0.at < $1.at }) { record(event.name, at: event.at) }
  }

  /// Adds `name` at `at` (not before the name's newest: a clock moved back records at that time).
  package mutating func record(_ name: String, at: Date) {
    var list = times[name, default: []]
    list.append(max(at, list.last ?? at))
    if list.count > Self.retention { list.removeFirst(list.count - Self.retention) }
    times[name] = list
    if name.hasPrefix("shown:"), at >= lastShown?.at ?? .distantPast {
      lastShown = (String(name.dropFirst("shown:".count)), at)
    }
  }

  /// How many times `name` happened at or after `since` (every kept time when `nil`).
  package func count(_ name: String, since: Date? = nil) -> Int {
    guard let list = times[name] else { return 0 }
    guard let since else { return list.count }
    // The first time not before `since`: times are kept in order.
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < since { low = middle + 1 } else { high = middle }
    }
    return list.count - low
  }

  package static func == (lhs: EventLog, rhs: EventLog) -> Bool { lhs.times == rhs.times }
}

/// One donated event as the store keeps it: its ``AppEvent/name`` and when.
package struct StoredEvent: Sendable, Hashable {
  package var name: String
  package var at: Date

  package init(name: String, at: Date) {
    self.name = name
    self.at = at
  }
}
