/// A validated release: the pages a version announces, in file order.
///
/// Values of these types only come out of ``ReleaseValidator``, so everything they
/// name (settings, actions, icons, translation keys) is known to exist.
public struct Release: Hashable, Sendable {
  public var version: Version
  public var pages: [Page]

  public init(version: Version, pages: [Page]) {
    self.version = version
    self.pages = pages
  }
}

/// One page of the tour: a few blocks shown together.
public struct Page: Hashable, Sendable, Identifiable {
  public var id: String
  public var blocks: [Block]
  /// From this version on the page is no longer shown.
  public var supersededIn: Version?

  public init(id: String, blocks: [Block], supersededIn: Version? = nil) {
    self.id = id
    self.blocks = blocks
    self.supersededIn = supersededIn
  }
}

/// One block of a page.
public struct Block: Hashable, Sendable, Identifiable {
  public var id: String
  /// From this version on the block is no longer shown.
  public var supersededIn: Version?
  public var content: BlockContent

  public init(id: String, supersededIn: Version? = nil, content: BlockContent) {
    self.id = id
    self.supersededIn = supersededIn
    self.content = content
  }
}

/// The four kinds of block.
public enum BlockContent: Hashable, Sendable {
  case info(InfoBlock)
  case choice(ChoiceBlock)
  case action(ActionBlock)
  case featureList(FeatureListBlock)

  /// The kind's name as release files spell it.
  public var typeName: String {
    switch self {
    case .info: "info"
    case .choice: "choice"
    case .action: "action"
    case .featureList: "featureList"
    }
  }
}

/// An icon, a title and a sentence.
public struct InfoBlock: Hashable, Sendable {
  public var titleKey: String
  public var descriptionKey: String?
  public var icon: Icon?

  public init(titleKey: String, descriptionKey: String? = nil, icon: Icon? = nil) {
    self.titleKey = titleKey
    self.descriptionKey = descriptionKey
    self.icon = icon
  }
}

/// A real setting with its options shown on the page.
public struct ChoiceBlock: Hashable, Sendable {
  public var setting: Setting
  public var titleKey: String
  public var descriptionKey: String?
  /// At least two options, each a value of `setting`, no value twice.
  public var options: [ChoiceOption]

  public init(setting: Setting, titleKey: String, descriptionKey: String? = nil, options: [ChoiceOption]) {
    self.setting = setting
    self.titleKey = titleKey
    self.descriptionKey = descriptionKey
    self.options = options
  }
}

/// One option of a choice.
public struct ChoiceOption: Hashable, Sendable {
  public var value: String
  /// The option's label; `nil` when the release left `options` out and the
  /// setting's own value names are used (boolean and weekday settings).
  public var labelKey: String?
  public var icon: Icon?

  public init(value: String, labelKey: String?, icon: Icon? = nil) {
    self.value = value
    self.labelKey = labelKey
    self.icon = icon
  }
}

/// A button that opens part of the app.
public struct ActionBlock: Hashable, Sendable {
  public var action: Action
  public var labelKey: String
  public var descriptionKey: String?
  public var icon: Icon?

  public init(action: Action, labelKey: String, descriptionKey: String? = nil, icon: Icon? = nil) {
    self.action = action
    self.labelKey = labelKey
    self.descriptionKey = descriptionKey
    self.icon = icon
  }
}

/// A short list of "also new" items; an item with an action can be opened.
public struct FeatureListBlock: Hashable, Sendable {
  public var titleKey: String?
  public var items: [FeatureItem]

  public init(titleKey: String? = nil, items: [FeatureItem]) {
    self.titleKey = titleKey
    self.items = items
  }
}

/// One item of a feature list.
public struct FeatureItem: Hashable, Sendable, Identifiable {
  public var id: String
  public var titleKey: String
  public var descriptionKey: String?
  public var icon: Icon?
  public var action: Action?

  public init(id: String, titleKey: String, descriptionKey: String? = nil, icon: Icon? = nil, action: Action? = nil) {
    self.id = id
    self.titleKey = titleKey
    self.descriptionKey = descriptionKey
    self.icon = icon
    self.action = action
  }
}
