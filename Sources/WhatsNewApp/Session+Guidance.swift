import WhatsNewCore

extension Session {
  /// Guidance commands (`tour <id>`, `info`, `guidance`, and `next`/`back`/`skip`/`finish`
  /// while a guide is showing). Returns whether the command was handled here.
  func handleGuidanceCommand(_ name: String, _ arguments: [String]) async -> Bool {
    false
  }

  /// Guidance keys of `state`.
  func guidanceStateMembers() -> [(key: String, value: JSONValue)] {
    []
  }

  /// Anchors that have an info popover, and the popover's id.
  var infoAnchors: [String: String] { [:] }
}
