import LineEditor

/// Whether output is coloured: `--color always` and `never` say so; `auto` colours only an
/// interactive session, and never with `NO_COLOR` set (to anything but the empty string),
/// `TERM=dumb` (or a `TERM` that is no terminal's name, see ``Terminal/name(_:)``) or `--accessible`.
package enum ColorPolicy {
  /// Whether to colour, for `choice` in `environment`.
  package static func colors(_ choice: ColorChoice, environment: [String: String], isInteractive: Bool, accessible: Bool)
    -> Bool
  {
    switch choice {
    case .always: return true
    case .never: return false
    case .auto:
      let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || Terminal.name(environment["TERM"]) == Terminal.dumb
      return isInteractive && !noColor && !accessible
    }
  }
}
