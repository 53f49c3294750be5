package import WhatsNewCore

/// What a tour step's card says, already worded.
package struct SpotlightCard: Sendable, Equatable {
  /// The guide's name ("Getting started").
  package var guideName: String
  package var title: String
  package var body: String
  /// 1-based step number and the step count.
  package var step: Int
  package var count: Int
  /// The commands the card offers, in order (`skip`, `back`, `next` or `finish`).
  package var commands: [String]
  /// The spotlit element's name ("Workout view") and the title of the screen that shows it.
  package var anchorName: String
  package var anchorScreenName: String
  /// The id of that screen, for the `go` hint when the element is not on screen.
  package var anchorScreenID: String
}

/// Draws guidance over a rendered screen. Pure: values in, rows out.
///
/// A tour dims the screen (every row `░ `-marked and drawn in the scrim style) and cuts
/// the target's rows out of the scrim: they keep their own styles inside a frame labelled
/// with the element's name. The step card follows at the bottom. When the target is not
/// on screen (`spotlight == nil`), the scrim has no cut-out and the card says where the
/// element is. The marks are plain characters, so scripted and colourless output still
/// shows which rows are spotlit. Accessible mode draws no boxes and dims nothing: the
/// spotlight is announced in words and the card is plain numbered lines.
package struct GuidanceOverlayRenderer: Sendable {
  package var context: RenderContext

  /// Columns the tour's marks and frame add to a screen row: the screen under a tour is drawn
  /// this much narrower (``screenContext(for:in:)``), so the frame fits the width.
  package static let frameInset = 4

  // MARK: Glyphs

  var scrimMark: String { context.ascii ? ": " : "░ " }
  var horizontal: String { context.ascii ? "-" : "─" }
  var vertical: String { context.ascii ? "|" : "│" }

  // MARK: Tour

  /// The screen under a scrim with `spotlight`'s rows framed, then the step card.
  package func renderTour(screen: Document, spotlight: ClosedRange<Int>?, card: SpotlightCard) -> Document {
    let c = context
    let spotlight = Self.inside(screen, spotlight)
    if c.accessible {
      // The card is what stays when the view is cut; the screen gives way around its target.
      return c.fit(screen.pinning(false) + [.blank] + accessibleCard(card, onScreen: spotlight != nil).pinning())
    }
    var rows: Document = []
    let inner = max(8, c.width - Self.frameInset)
    // The frame's edges carry the spotlit rows' anchors, so a trimmed view keeps them with it.
    let spotlitAnchors = spotlight.map { screen[$0.lowerBound].anchors } ?? []
    for (index, line) in screen.enumerated() {
      if let spotlight, index == spotlight.lowerBound {
        // A frame around a whole screen needs no name: the screen's own header, inside it, says it.
        let label = card.anchorName == card.anchorScreenName ? nil : card.anchorName
        rows.append(frameEdge(top: true, label: label, innerWidth: inner, anchors: spotlitAnchors))
      }
      if let spotlight, spotlight.contains(index) {
        // Wrapped inside the frame here, so the console never breaks a framed row across its sides.
        rows += LineFitter.fit(line, width: inner).map { framed($0, innerWidth: inner) }
      } else {
        rows.append(Line([Span(scrimMark, .scrim)] + line.spans.map { Span($0.text, .scrim) }, anchors: line.anchors))
      }
      if let spotlight, index == spotlight.upperBound {
        rows.append(frameEdge(top: false, label: nil, innerWidth: inner, anchors: spotlitAnchors))
      }
    }
    var cardRows: Document = [.blank]
    cardRows += c.ruleLine(
      card.title,
      trailing: card.guideName + c.separator + c.text("ui.guidance.stepOf", String(card.step), String(card.count)))
    cardRows += c.wrapped(card.body, indent: 2)
    if spotlight == nil {
      cardRows += c.wrapped(notOnScreen(card), indent: 2, style: .warning, firstPrefix: "! ")
    }
    cardRows.append(.blank)
    cardRows += c.commandList(card.commands)
    return c.fit(rows + cardRows.pinning())
  }

  /// `bounds` when they lie inside `screen`, else `nil` (nothing to point at).
  static func inside(_ screen: Document, _ bounds: ClosedRange<Int>?) -> ClosedRange<Int>? {
    bounds.flatMap { $0.lowerBound >= 0 && $0.upperBound < screen.count ? $0 : nil }
  }

  /// A row between the frame's sides, padded to `innerWidth`, keeping its own styles.
  func framed(_ line: Line, innerWidth: Int) -> Line {
    let pad = String(repeating: " ", count: max(0, innerWidth - line.width))
    return Line([Span(vertical + " ", .accent)] + line.spans + [Span(pad + " " + vertical, .accent)], anchors: line.anchors)
  }

  /// Where the step's element is, and how to get there; a step about a whole screen names the screen once.
  func notOnScreen(_ card: SpotlightCard) -> String {
    guard card.anchorName != card.anchorScreenName else {
      return context.text("ui.guidance.screenNotShown", card.anchorScreenName, card.anchorScreenID)
    }
    return context.text("ui.guidance.notOnScreen", card.anchorName, card.anchorScreenName, card.anchorScreenID)
  }

  func frameEdge(top: Bool, label: String?, innerWidth: Int, anchors: [String] = []) -> Line {
    let (topLeft, topRight, bottomLeft, bottomRight) = context.ascii ? ("+", "+", "+", "+") : ("┌", "┐", "└", "┘")
    var middle = ""
    if let label, !label.isEmpty {
      let fitted = TextLayout.truncate(label, toWidth: max(1, innerWidth - 2), ellipsis: context.ellipsis)
      middle = horizontal + " " + fitted + " "
    }
    let fill = max(0, innerWidth + 2 - DisplayWidth.of(middle))
    let text = (top ? topLeft : bottomLeft) + middle + String(repeating: horizontal, count: fill) + (top ? topRight : bottomRight)
    return Line(text, .accent, anchors: anchors)
  }

  func accessibleCard(_ card: SpotlightCard, onScreen: Bool) -> Document {
    let c = context
    var rows =
      onScreen
      ? c.wrapped(c.text("ui.guidance.spotlight", card.anchorName, card.anchorScreenName), indent: 0, style: .title)
      : c.wrapped(notOnScreen(card), indent: 0, style: .warning)
    rows += c.wrapped(
      c.text("ui.guidance.stepHeading", card.guideName, String(card.step), String(card.count), card.title), indent: 0,
      style: .title)
    rows += c.wrapped(card.body, indent: 2)
    rows.append(Line(c.text("ui.guidance.typeOne")))
    for (number, command) in card.commands.enumerated() {
      rows += c.wrapped(c.text("ui.guidance.command." + command), indent: 5, firstPrefix: "  \(number + 1). ")
    }
    return rows
  }

  // MARK: Info

  /// The screen with `step`'s popover next to `anchor`'s rows, following the step's
  /// placement and kept inside the width (the caller wraps its rows); top-centre when the
  /// anchor is not on screen.
  func placeInfo(screen: Document, anchor: ClosedRange<Int>?, step: GuidanceStep) -> Document {
    let c = context
    let anchor = Self.inside(screen, anchor)
    let (title, body) = (c.text(step.titleKey), c.text(step.bodyKey))
    if c.accessible {
      let about = c.text("ui.guidance.info.about", c.text("guidance.anchor." + step.targetAnchor), title)
      var note = c.wrapped(about, indent: 0, style: .title)
      note += c.wrapped(body, indent: 2)
      note += c.wrapped(c.text("ui.guidance.info.close"), indent: 2, style: .command)
      guard let anchor else { return note + [.blank] + screen }
      return Array(screen[...anchor.upperBound]) + note + Array(screen[(anchor.upperBound + 1)...])
    }
    let maxInner = 34
    guard let anchor else {
      let box = self.box(title, body, innerWidth: min(maxInner, c.width - 4))
      let indent = max(0, (c.width - (box.first?.width ?? 0)) / 2)
      return box.map(indented(indent)) + [.blank] + screen
    }
    let widest = screen[anchor].map(\.width).max() ?? 0
    switch step.placement {
    case .right, .left:
      // Two columns between the rows and a box on their right, one between a box on their left and them.
      let onLeft = step.placement == .left
      let inner = min(maxInner, c.width - widest - (onLeft ? 1 : 2) - 4)
      if inner >= 24 {
        return beside(
          screen, anchor: anchor, box: box(title, body, innerWidth: inner), boxOnLeft: onLeft, column: onLeft ? 0 : widest + 2)
      }
    case .above:
      let box = self.box(title, body, innerWidth: min(maxInner, c.width - 6)).map(indented(2)).anchored(
        screen[anchor.lowerBound].anchors)
      return Array(screen[..<anchor.lowerBound]) + box + Array(screen[anchor.lowerBound...])
    case .below, .bottomCenter:
      break
    }
    // Below (also the fallback when a side has too little room).
    let box = self.box(title, body, innerWidth: min(maxInner, c.width - 6))
    let indent = step.placement == .bottomCenter ? max(0, (c.width - (box.first?.width ?? 0)) / 2) : 2
    let placed = box.map(indented(indent)).anchored(screen[anchor.upperBound].anchors)
    return Array(screen[...anchor.upperBound]) + placed + Array(screen[(anchor.upperBound + 1)...])
  }

  /// A popover box: the title in the top edge, the body, and how to close it.
  func box(_ title: String, _ body: String, innerWidth: Int) -> Document {
    let inner = max(10, innerWidth)
    // A title too long for the edge opens the box instead.
    let titleFits = DisplayWidth.of(title) <= inner - 2
    var content = titleFits ? [] : TextLayout.wrap(title, width: inner).map { Line($0, .title) }
    content += TextLayout.wrap(body, width: inner).map { Line($0) }
    content += TextLayout.wrap(context.text("ui.guidance.info.close"), width: inner).map { Line($0, .command) }
    return [frameEdge(top: true, label: titleFits ? title : nil, innerWidth: inner)]
      + content.map { framed($0, innerWidth: inner) } + [frameEdge(top: false, label: nil, innerWidth: inner)]
  }

  func indented(_ columns: Int) -> (Line) -> Line {
    { line in Line([Span(String(repeating: " ", count: columns))] + line.spans, anchors: line.anchors) }
  }

  /// The box beside the anchor's rows; rows the anchor lacks are added below it.
  func beside(_ screen: Document, anchor: ClosedRange<Int>, box: Document, boxOnLeft: Bool, column: Int) -> Document {
    var middle: Document = []
    let boxWidth = box.first?.width ?? 0
    let rowCount = max(anchor.count, box.count)
    for offset in 0..<rowCount {
      let row: Line? = offset < anchor.count ? screen[anchor.lowerBound + offset] : nil
      let piece: [Span] = offset < box.count ? box[offset].spans : []
      var spans: [Span]
      if boxOnLeft {
        let boxPart = piece.isEmpty ? [Span(String(repeating: " ", count: boxWidth))] : piece
        spans = boxPart + [Span(" ")] + (row?.spans ?? [])
      } else {
        let rowWidth = row?.width ?? 0
        spans = (row?.spans ?? []) + [Span(String(repeating: " ", count: max(0, column - rowWidth)))] + piece
      }
      // Rows the box adds below the element belong with it (a cut view keeps them together).
      middle.append(Line(spans, anchors: row?.anchors ?? screen[anchor.upperBound].anchors))
    }
    return Array(screen[..<anchor.lowerBound]) + middle + Array(screen[(anchor.upperBound + 1)...])
  }
}

extension GuidanceOverlayRenderer {
  /// The context to draw the screen under a `mode` overlay in: a tour's marks and frame take
  /// ``frameInset`` columns (none in accessible mode).
  package static func screenContext(for mode: GuidanceMode, in context: RenderContext) -> RenderContext {
    guard mode == .tour, !context.accessible else { return context }
    var narrow = context
    narrow.width = max(8, context.width - frameInset)
    return narrow
  }

  /// `guide`'s step `stepIndex` over `screen`, as the user sees it: a tour step's spotlight and
  /// card, or an info popover next to its element. The screen comes already drawn (in
  /// ``screenContext(for:in:)``), with the rows its target was drawn on (`nil`: not on screen).
  func render(
    _ guide: Guidance, stepIndex: Int, over screen: Screen, drawn screenDocument: Document, targetRows: ClosedRange<Int>?
  ) -> Document {
    let step = guide.steps[stepIndex]
    let anchorName = context.text("guidance.anchor." + step.targetAnchor)
    switch guide.mode {
    case .tour:
      let home = guide.routeForAnchor[step.targetAnchor] ?? Self.screen(owning: step.targetAnchor) ?? screen
      let commands = GuidanceMachine.commands(ofStep: stepIndex, in: guide)
      let card = SpotlightCard(
        guideName: context.text(guide.nameKey), title: context.text(step.titleKey), body: context.text(step.bodyKey),
        step: stepIndex + 1, count: guide.steps.count, commands: commands, anchorName: anchorName,
        anchorScreenName: context.text(home.titleKey), anchorScreenID: home.rawValue)
      return renderTour(screen: screenDocument, spotlight: targetRows, card: card)
    case .info:
      return context.fit(placeInfo(screen: screenDocument, anchor: targetRows, step: step))
    }
  }

  /// The screen that draws `anchor`, if any.
  static func screen(owning anchor: String) -> Screen? {
    Screen.allCases.first { ScreenRenderer.anchors[$0]?.contains(anchor) ?? false }
  }
}
