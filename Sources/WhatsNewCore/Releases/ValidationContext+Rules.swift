// Rules content writes (`"when": [...]` on a block or a guidance, and the manifest's
// `guidance` object): each read with its JSON path, and one that could never hold refused, so
// `lint` finds a block or guide that would never show.

extension FieldReader {
  static let ruleKinds: [StaticString] = ["setting", "event", "language", "seenThrough", "onboarding"]

  /// The rules of `fields`' `when` (none without it). A rule that cannot be read, or could
  /// never hold (a value the setting never takes, more events than are kept, a language the
  /// app lacks, two values for one setting), throws: the unit would never show, or show wrongly.
  /// A block's rules are checked as its page is drawn, with no clock: `withinDays` is refused there.
  func rules(_ fields: Fields, onBlock: Bool = false) throws(Rejection) -> [Rule] {
    guard let list = try optionalArray(fields, "when") else { return [] }
    var rules: [Rule] = []
    for (index, node) in tape.elements(of: list).enumerated() {
      let rule = Fields(path: fields.childPath("when") + "[\(index)]", node: node)
      guard tape.kind(node) == .object else {
        throw Rejection(path: rule.path, reason: "expected a rule to be an object, found \(tape.kindName(node))")
      }
      let kinds = Self.ruleKinds.filter { member(rule, $0) != nil }
      guard kinds.count == 1, let kind = kinds.first else {
        throw Rejection(
          path: rule.path, reason: "a rule names exactly one of \(Self.ruleKinds.map(\.description).joined(separator: ", "))")
      }
      let text = try requiredString(rule, kind)
      let parsed: Rule
      switch kind.description {
      case "setting":
        guard let setting = Setting(rawValue: text) else {
          throw Rejection(path: rule.childPath(kind), reason: "unknown setting \(Quote.quoted(text))")
        }
        let value = try requiredString(rule, "is", describing: "one of \(setting.kind.values.joined(separator: ", "))")
        guard setting.accepts(value) else {
          throw Rejection(
            path: rule.childPath("is"),
            reason: "\(setting.rawValue) is never \(Quote.quoted(value)) (it is one of "
              + "\(setting.kind.values.joined(separator: ", "))): the rule can never hold", rule: .neverShows)
        }
        if rules.contains(where: { if case .setting(setting, let other) = $0 { other != value } else { false } }) {
          throw Rejection(
            path: rule.path, reason: "\(setting.rawValue) cannot be two values at once: the rules can never hold",
            rule: .neverShows)
        }
        parsed = .setting(setting, is: value)
      case "event":
        guard let event = AppEvent(name: text, guidance: Set(GuidanceCatalog.all.map(\.id))) else {
          throw Rejection(
            path: rule.childPath(kind),
            reason: "no command donates the event \(Quote.quoted(text)) (visited:<screen>, changed:<setting>, "
              + "shown:<guide or popover or tour>, closed:<guide or popover>)")
        }
        let atLeast = try count(rule, "atLeast", in: 1...EventLog.retention) ?? 1
        let days = try count(rule, "withinDays", in: 1...3650)
        if onBlock, days != nil {
          throw Rejection(
            path: rule.childPath("withinDays"), reason: "a block's rule counts every kept event: withinDays is for guidance")
        }
        parsed = .event(event, atLeast: atLeast, withinDays: days)
      case "language":
        guard let language = Language(rawValue: text) else {
          throw Rejection(path: rule.childPath(kind), reason: "the app has no language \(Quote.quoted(text))")
        }
        parsed = .language(language)
      case "seenThrough":
        guard let version = Version(text) else {
          throw Rejection(path: rule.childPath(kind), reason: "\(Quote.quoted(text)) is not a version (\(Version.form))")
        }
        parsed = .seenThrough(version)
      default:
        guard ["complete", "incomplete"].contains(text) else {
          throw Rejection(path: rule.childPath(kind), reason: "onboarding is \"complete\" or \"incomplete\"")
        }
        parsed = .onboarding(complete: text == "complete")
      }
      rules.append(parsed)
    }
    return rules
  }

  /// Whole number `key` of `fields` within `range`, if there.
  func count(_ fields: Fields, _ key: StaticString, in range: ClosedRange<Int>) throws(Rejection) -> Int? {
    guard let node = member(fields, key) else { return nil }
    let number = tape.kind(node) == .number ? tape.number(node) : .nan
    guard number == number.rounded(), range.contains(Int(exactly: number) ?? -1) else {
      throw Rejection(
        path: fields.childPath(key),
        reason: "expected a whole number from \(range.lowerBound) to \(range.upperBound) for '\(key)'"
          + (range.upperBound == EventLog.retention ? " (the most times an event is kept)" : ""))
    }
    return Int(number)
  }
}

extension ValidationContext {
  static let guidanceRuleFields: [StaticString] = ["when", "maxDisplayCount", "invalidatedBy"]

  /// The manifest's `guidance`: `{"<guide or popover id>": {"when", "maxDisplayCount",
  /// "invalidatedBy"}}`. An entry for no guidance, or one that could never show, is dropped and named.
  /// `neverShowing` gets why each entry dropped for never showing would never show.
  mutating func validateGuidanceRules(_ top: Fields, neverShowing: inout [String: String]) -> [String: GuidanceRules] {
    guard let object = read.member(top, "guidance") else { return [:] }
    guard tape.kind(object) == .object else {
      record("guidance", "expected an object of guidance ids, found \(tape.kindName(object)); rules dropped", .dropped)
      return [:]
    }
    let ids = Set(GuidanceCatalog.all.map(\.id))
    var result: [String: GuidanceRules] = [:]
    for key in tape.memberKeys(of: object) {
      let id = tape.string(key)
      let path = "guidance.\(id)"
      do throws(Rejection) {
        guard ids.contains(id) else {
          throw Rejection(
            path: path, reason: "no guide or popover is named \(Quote.quoted(id))\(read.didYouMean(id, ids.sorted()))")
        }
        let entry = try fields(of: tape.next(after: key), at: path, allowed: Self.guidanceRuleFields, unitName: "rules")
        var rules = GuidanceRules(when: try read.rules(entry))
        rules.maxDisplayCount = try read.count(entry, "maxDisplayCount", in: 1...EventLog.retention)
        if let list = try read.optionalArray(entry, "invalidatedBy") {
          for (index, node) in tape.elements(of: list).enumerated() {
            let name = tape.kind(node) == .string ? tape.string(node) : ""
            guard let event = AppEvent(name: name, guidance: ids) else {
              throw Rejection(
                path: "\(path).invalidatedBy[\(index)]", reason: "no command donates the event \(Quote.quoted(name))")
            }
            rules.invalidatedBy.append(event)
          }
        }
        if let problem = Self.neverShows(rules) {
          neverShowing[id] = problem
          throw Rejection(path: path, reason: problem, rule: .neverShows)
        }
        result[id] = rules
      } catch {
        drop(error, unit: "guidance rules")
      }
    }
    return result
  }

  /// The manifest's `orderedGroups`: `{"<group>": ["<guide or popover id>", ...]}`: a member
  /// starts by itself only once every member before it is done (TipKit's `.ordered`). A group
  /// is dropped and named when a member is unknown, listed twice (or in two groups), starts
  /// only when asked, or waits behind one that can never show (`neverShowing`): the rest of the
  /// group would wait forever, so its members start as if it were not there.
  mutating func validateOrderedGroups(
    _ top: Fields, into rules: inout [String: GuidanceRules], neverShowing: [String: String]
  ) {
    guard let object = read.member(top, "orderedGroups") else { return }
    guard tape.kind(object) == .object else {
      record("orderedGroups", "expected an object of group names, found \(tape.kindName(object)); groups dropped", .dropped)
      return
    }
    let ids = GuidanceCatalog.all.map(\.id)
    var grouped: [String: String] = [:]
    for key in tape.memberKeys(of: object) {
      let group = tape.string(key)
      let path = "orderedGroups.\(group)"
      do throws(Rejection) {
        guard ReleaseValidator.isValidID(group) else {
          throw Rejection(path: path, reason: "group name \(Quote.quoted(group)) is not valid (use A-Z a-z 0-9 _ . -)")
        }
        let list = tape.next(after: key)
        let elements = tape.kind(list) == .array ? Array(tape.elements(of: list)) : []
        guard elements.count >= 2 else {
          throw Rejection(path: path, reason: "expected an array of at least two guide or popover ids, in the order they show")
        }
        var members: [String] = []
        for (index, node) in elements.enumerated() {
          let id = tape.kind(node) == .string ? tape.string(node) : ""
          let memberPath = "\(path)[\(index)]"
          guard let guidance = GuidanceCatalog.find(id) else {
            throw Rejection(
              path: memberPath, reason: "no guide or popover is named \(Quote.quoted(id))\(read.didYouMean(id, ids))")
          }
          if let other = grouped[id] ?? (members.contains(id) ? group : nil) {
            throw Rejection(
              path: memberPath,
              reason: "\(id) is already in the group \(Quote.quoted(other)): a guide or popover waits in one group")
          }
          guard GuidanceCatalog.orderable.contains(guidance) else {
            throw Rejection(
              path: memberPath, reason: "\(id) starts only when asked, so no order can hold it back; leave it out")
          }
          if let blocker = members.first(where: { neverShowing[$0] != nil }), let why = neverShowing[blocker] {
            throw Rejection(
              path: memberPath,
              reason: "\(id) waits behind \(blocker), whose rules can never hold (\(why)): the group can never reach it",
              rule: .neverShows)
          }
          members.append(id)
        }
        for (index, id) in members.enumerated() {
          grouped[id] = group
          rules[id, default: GuidanceRules()].group = group
          rules[id, default: GuidanceRules()].after = Array(members[..<index])
        }
      } catch {
        drop(error, unit: "group")
      }
    }
  }

  /// Why a guidance with `rules` could never start by itself, if it could not: a rule on
  /// onboarding not done (guidance waits for it), or an event it needs that closes it.
  static func neverShows(_ rules: GuidanceRules) -> String? {
    for rule in rules.when {
      if rule == .onboarding(complete: false) {
        return "needs onboarding incomplete, but no guide or popover starts before onboarding is complete: it can never show"
      }
      if case .event(let event, _, _) = rule, rules.invalidatedBy.contains(event) {
        return "needs the event \(event.name), which also invalidates it: it can never show"
      }
    }
    return nil
  }
}
