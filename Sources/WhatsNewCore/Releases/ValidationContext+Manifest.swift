// The manifest: `{"releases": ["2.11.0", ...]}`, each bad entry dropped.

/// A version `manifest.json` registers: its index in `releases` and the byte offset of its
/// string, for a diagnostic about it (a registered release whose file is missing).
package struct ManifestEntry: Sendable {
  package var version: Version
  package var index: Int
  package var offset: Int
}

extension ValidationContext {
  // MARK: Manifest

  /// The manifest's entries; `attention` gets what it says of guides and popovers and the pace.
  mutating func validateManifest(_ bytes: [UInt8], attention: inout Attention) -> [ManifestEntry] {
    guard parse(bytes, unit: "every release") else { return [] }
    let entries: Int
    do throws(Rejection) {
      let top = try fields(of: 0, at: "", allowed: Self.manifestFields, unitName: "the top level", unknown: .warning)
      var neverShowing: [String: String] = [:]
      attention.rules = validateGuidanceRules(top, neverShowing: &neverShowing)
      validateOrderedGroups(top, into: &attention.rules, neverShowing: neverShowing)
      do throws(Rejection) {
        // Up to 30 days: nothing starts by itself sooner than this after the last display.
        if let hours = try read.count(top, "paceHours", in: 1...720) { attention.interval = Double(hours) * 3600 }
      } catch {
        drop(error, unit: "the pace (a day instead)")
      }
      entries = try read.requiredArray(top, "releases")
    } catch {
      drop(error, unit: "every release")
      return []
    }
    var result: [ManifestEntry] = []
    var seen: [Version: Int] = [:]
    for (index, entry) in tape.elements(of: entries).enumerated() {
      let path = "releases[\(index)]"
      guard tape.kind(entry) == .string else {
        drop(Rejection(path: path, reason: "expected a version string, found \(tape.kindName(entry))"), unit: "entry")
        continue
      }
      let text = tape.string(entry)
      guard let version = Version(text) else {
        drop(Rejection(path: path, reason: "\(Quote.quoted(text)) is not a version (\(Version.form))"), unit: "entry")
        continue
      }
      if let problem = version.releaseVersionProblem {
        drop(Rejection(path: path, reason: problem), unit: "entry")
        continue
      }
      if let first = seen[version] {
        warn(path, "duplicate entry '\(version)' (already listed at releases[\(first)]); counted once")
        continue
      }
      seen[version] = index
      result.append(ManifestEntry(version: version, index: index, offset: tape.offset(entry)))
    }
    // A `seenThrough` newer than every release here never holds: no one is told of that release.
    guard let newest = result.map(\.version).max() else { return result }
    let guidance = attention.rules
    for (id, rules) in guidance.sorted(by: { $0.key < $1.key }) {
      for case (let index, .seenThrough(let version)) in rules.when.enumerated() where version > newest {
        let waiting = guidance.filter { $0.value.after.contains(id) }.keys.sorted()
        record(
          "guidance.\(id).when[\(index)].seenThrough",
          "\(version) is newer than every release here (the newest is \(newest)): the rule can never hold, so \(id) "
            + "never starts by itself"
            + (waiting.isEmpty ? "" : ", nor does what waits for it in its group (\(waiting.joined(separator: ", ")))"),
          .warning, rule: .neverShows)
      }
    }
    return result
  }
}
