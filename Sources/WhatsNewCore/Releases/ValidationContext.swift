/// Validates one file: its release, pages and blocks (or its manifest), dropping each bad
/// unit with a diagnostic. Fields are read through ``read``; blocks are in
/// `ValidationContext+Blocks.swift`, the manifest in `ValidationContext+Manifest.swift`.
///
/// A diagnostic's position is found from its path (``JSONTape/node(atPath:)``) as a byte
/// offset while validating, and turned into a line and column once, at the end
/// (``resolvePositions()``): a file with no diagnostic pays nothing for positions.
struct ValidationContext {
  let file: String
  var diagnostics: [ReleaseDiagnostic] = []
  /// For each diagnostic, the byte offset it points at; `nil` when its position is already
  /// set (a syntax error's) or it concerns the whole file.
  private var offsets: [Int?] = []
  /// Reads the fields of the parsed file.
  var read: FieldReader
  /// The parsed file; empty until it parsed.
  var tape: JSONTape {
    get { read.tape }
    set { read.tape = newValue }
  }

  init(file: String, englishKeys: (any TranslationKeys)?) {
    self.file = file
    read = FieldReader(englishKeys: englishKeys)
  }

  /// Records a diagnostic at `path`, pointing at `node` (else at the value the path names),
  /// at the end of the list or at index `at` (to keep file order for a diagnostic decided late).
  mutating func record(
    _ path: String, _ message: String, _ severity: ReleaseDiagnostic.Severity, node: Int? = nil,
    position: SourcePosition? = nil, at index: Int? = nil, rule: LintRule? = nil
  ) {
    let diagnostic = ReleaseDiagnostic(
      file: file, path: path, message: message, severity: severity, position: position ?? .start, rule: rule)
    let offset = position == nil ? (node ?? tape.node(atPath: path)).map(tape.offset) : nil
    let index = index ?? diagnostics.count
    diagnostics.insert(diagnostic, at: index)
    offsets.insert(offset, at: index)
  }

  mutating func warn(_ path: String, _ message: String, node: Int? = nil) {
    record(path, message, .warning, node: node)
  }

  mutating func drop(_ rejection: Rejection, unit: String) {
    record(rejection.path, "\(rejection.reason); \(unit) dropped", .dropped, rule: rejection.rule)
  }

  /// An optional field read by `body`: when it is wrong, only the field is dropped, with a
  /// diagnostic naming it (`unknown icon 'sparkels'; icon dropped, block kept`), and the
  /// unit keeps going without it: the smallest usable unit of an optional field is the field.
  mutating func optional<Value>(
    _ field: StaticString, of unit: String, _ body: () throws(Rejection) -> Value?
  ) -> Value? {
    optional(Result(catching: body), field, of: unit)
  }

  /// ``optional(_:of:_:)`` for a field read before the unit was known to be kept (a choice's
  /// `descriptionKey`, before its options): its diagnostic goes in at index `at`, where it
  /// was read, so diagnostics stay in file order; a unit dropped later never says "kept".
  mutating func optional<Value>(
    _ result: Result<Value?, Rejection>, _ field: StaticString, of unit: String, at index: Int? = nil
  ) -> Value? {
    switch result {
    case .success(let value):
      return value
    case .failure(let error):
      record(error.path, "\(error.reason); \(field) dropped, \(unit) kept", .dropped, at: index)
      return nil
    }
  }

  /// Sets every diagnostic's line and column from its byte offset, in one pass over the file.
  mutating func resolvePositions() {
    let pending = offsets.indices.filter { offsets[$0] != nil }
    guard !pending.isEmpty else { return }
    let positions = SourcePosition.of(offsets: pending.map { offsets[$0]! }, in: tape.input)
    for (index, position) in zip(pending, positions) { diagnostics[index].position = position }
  }

  // MARK: Reading objects

  /// Checks `node` is an object and warns about its duplicate members and about fields not in `allowed`.
  ///
  /// An unknown field is an error in a release file (`unknown`: `.dropped`: a misspelt
  /// `descriptonKey` loses its text, and `whatsnew schema` rejects it too), a warning in the
  /// manifest (nothing is lost, and its schema accepts it).
  mutating func fields(
    of node: Int, at path: String, allowed: [StaticString], unitName: String,
    unknown: ReleaseDiagnostic.Severity = .dropped
  ) throws(Rejection)
    -> Fields
  {
    guard tape.kind(node) == .object else {
      throw Rejection(path: path, reason: "expected \(unitName) to be an object, found \(tape.kindName(node))")
    }
    // A handful of members (the usual case) are compared pairwise on the tape; many go through a set.
    let memberCount = tape.nodes[node].first
    var seenKeys: Set<String>? = memberCount > 16 ? Set(minimumCapacity: memberCount) : nil
    for key in tape.memberKeys(of: node) {
      if seenKeys != nil ? !seenKeys!.insert(tape.string(key)).inserted : tape.keyRepeats(key, in: node) {
        let name = tape.string(key)
        warn(
          path.isEmpty ? name : "\(path).\(name)", "duplicate field \(Quote.quoted(name)); the first one is used", node: key)
        continue
      }
      if !allowed.contains(where: { tape.keyEquals(key, $0) }) {
        let name = tape.string(key)
        var message = "unknown field \(Quote.quoted(name))" + (unknown == .dropped ? "" : " ignored")
        message += read.didYouMean(name, allowed.map(\.description))
        if unknown == .dropped {
          let unit = unitName == "the top level" ? "release" : String(unitName.split(separator: " ").last ?? "unit")
          message += "; field dropped, \(unit) kept"
        }
        record(path.isEmpty ? name : "\(path).\(name)", message, unknown, node: key)
      }
    }
    return Fields(path: path, node: node)
  }

  // MARK: Release

  static let topLevelFields: [StaticString] = ["version", "date", "defaultChanges", "pages"]
  static let defaultChangeFields: [StaticString] = ["setting", "from", "to"]
  static let pageFields: [StaticString] = ["id", "blocks", "supersededIn"]
  static let optionFields: [StaticString] = ["value", "labelKey", "icon"]
  static let itemFields: [StaticString] = ["id", "titleKey", "descriptionKey", "icon", "action"]
  static let manifestFields: [StaticString] = ["releases", "guidance", "orderedGroups", "paceHours"]

  /// Parses `bytes` into ``tape``; a file over the size limit, or not JSON, drops `unit`
  /// (`release`, or `every release` of the manifest) and gives `false`.
  mutating func parse(_ bytes: [UInt8], unit: String) -> Bool {
    guard bytes.count <= ReleaseValidator.maximumFileSize else {
      drop(
        Rejection(
          path: "",
          reason: "file is \(bytes.count) bytes, over the \(ReleaseValidator.maximumFileSize)-byte (1 MiB) limit"),
        unit: unit)
      return false
    }
    do {
      tape = try JSONTape.parse(bytes, maxDepth: JSONReader.defaultMaxDepth)
      return true
    } catch {
      record(
        "", "\(error.description); \(unit) dropped", .dropped,
        position: SourcePosition(line: error.line, column: error.column))
      return false
    }
  }

  mutating func validateRelease(_ bytes: [UInt8], fileName: String) -> Release? {
    guard parse(bytes, unit: "release") else { return nil }
    let top: Fields
    let version: Version
    do throws(Rejection) {
      top = try fields(of: 0, at: "", allowed: Self.topLevelFields, unitName: "the top level")
      let versionText = try read.requiredString(top, "version", describing: "a string like \"2.13.1\"")
      guard let parsed = Version(versionText) else {
        throw Rejection(path: "version", reason: "version \(Quote.quoted(versionText)) is not a version (\(Version.form))")
      }
      if let problem = parsed.releaseVersionProblem { throw Rejection(path: "version", reason: problem) }
      let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
      guard versionText == stem else {
        throw Rejection(
          path: "version",
          reason: "version \(Quote.quoted(versionText)) does not match the file name \(Quote.quoted(fileName))")
      }
      version = parsed
    } catch {
      drop(error, unit: "release")
      return nil
    }
    read.releaseVersion = version
    // A date that is not one is dropped, not the release: `news` lists it without a date.
    var date: ReleaseDate?
    do throws(Rejection) {
      date = try read.releaseDate(top)
    } catch {
      record(error.path, "\(error.reason); date dropped, release kept", .dropped)
    }
    let changes = validateDefaultChanges(top, version: version)

    let pageValues: Int
    do {
      pageValues = try read.requiredArray(top, "pages")
    } catch {
      record(error.path, "\(error.reason); the release has no pages", .dropped)
      return Release(version: version, pages: [], date: date, defaultChanges: changes)
    }
    let pageCount = tape.nodes[pageValues].first
    if pageCount == 0 {
      record(
        "pages", "the release has no pages; nothing will be shown for \(version): add a page or remove the release", .dropped)
      return Release(version: version, pages: [], date: date, defaultChanges: changes)
    }

    var pages: [Page] = []
    pages.reserveCapacity(pageCount)
    var pageIDs: [String: Int] = [:]
    for (index, value) in tape.elements(of: pageValues).enumerated() {
      if let page = validatePage(value, at: "pages[\(index)]", index: index, pageIDs: &pageIDs) {
        pages.append(page)
      }
    }
    if pages.isEmpty {
      record("pages", "no usable pages left; the release shows nothing", .dropped)
    }
    return Release(version: version, pages: pages, date: date, defaultChanges: changes)
  }

  /// The release's `defaultChanges`, each one the vocabulary records for `version`
  /// (``DefaultChange/recorded``); any other is dropped (`undeclared-default-change`).
  mutating func validateDefaultChanges(_ top: Fields, version: Version) -> [DefaultChange] {
    let recorded = DefaultChange.recorded.filter { $0.release == version }.map(\.change)
    var changes: [DefaultChange] = []
    do throws(Rejection) {
      guard let values = try read.optionalArray(top, "defaultChanges") else { return [] }
      for (index, value) in tape.elements(of: values).enumerated() {
        let change = try fields(
          of: value, at: "defaultChanges[\(index)]", allowed: Self.defaultChangeFields, unitName: "a change")
        let setting: Setting = try read.word(try read.requiredString(change, "setting"), of: change, "setting")
        let (from, to) = (try read.requiredString(change, "from"), try read.requiredString(change, "to"))
        for (field, value) in [("from", from), ("to", to)] where !setting.accepts(value) {
          throw Rejection(
            path: "\(change.path).\(field)",
            reason:
              "\(setting.rawValue) does not take \(Quote.quoted(value)); it takes \(setting.kind.values.joined(separator: ", "))")
        }
        guard recorded.contains(DefaultChange(setting: setting, from: from, to: to)) else {
          let known = recorded.map { "\($0.setting.rawValue) \($0.from) → \($0.to)" }.joined(separator: ", ")
          throw Rejection(
            path: change.path,
            reason: "Vocabulary.swift records no change of \(setting.rawValue) from \(from) to \(to) in \(version) "
              + "(it records \(known.isEmpty ? "none" : known)); make the two agree")
        }
        changes.append(DefaultChange(setting: setting, from: from, to: to))
      }
    } catch {
      record(error.path, "\(error.reason); defaultChanges dropped, release kept", .dropped, rule: .undeclaredDefaultChange)
      return []
    }
    return changes
  }

  mutating func validatePage(_ value: Int, at path: String, index: Int, pageIDs: inout [String: Int]) -> Page? {
    do throws(Rejection) {
      let page = try fields(of: value, at: path, allowed: Self.pageFields, unitName: "a page")
      let pageID = try read.uniqueID(page, index: index, seen: &pageIDs, kind: "page") { "pages[\($0)]" }
      let superseded = try read.supersededIn(page)
      let blockValues = try read.requiredArray(page, "blocks")
      let blockCount = tape.nodes[blockValues].first
      guard blockCount > 0 else { throw Rejection(path: page.childPath("blocks"), reason: "the page has no blocks") }
      var blocks: [Block] = []
      blocks.reserveCapacity(blockCount)
      var blockIDs: [String: Int] = [:]
      for (blockIndex, blockValue) in tape.elements(of: blockValues).enumerated() {
        if let block = validateBlock(
          blockValue, at: "\(path).blocks[\(blockIndex)]", index: blockIndex, blockIDs: &blockIDs)
        {
          blocks.append(block)
        }
      }
      guard !blocks.isEmpty else { throw Rejection(path: path, reason: "no usable blocks left") }
      return Page(id: pageID, blocks: blocks, supersededIn: superseded)
    } catch {
      drop(error, unit: "page")
      return nil
    }
  }
}
