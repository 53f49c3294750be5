import WhatsNewCore

/// `whatsnew flow --seen <version|none> [--json]`: what a user who has seen through a version is shown.
struct FlowSubcommand: SubcommandRunner {
  let seen: Version?
  let json: Bool

  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    do {
      let content = try WhatsNewCommand.loadContent(options, environment: environment)
      if options.developerMode { for diagnostic in content.diagnostics { _ = WhatsNewCommand.fail(diagnostic, 0) } }
      return WhatsNewCommand.emit(
        FlowReport.render(
          releases: content.releases, seen: seen, current: options.appVersion, json: json,
          decided: Set(options.chosenSettings.keys),
          width: WhatsNewCommand.reportWidth(environment),
          diagnostics: options.developerMode ? content.releaseDiagnostics : nil),
        "the flow")
    } catch {
      return WhatsNewCommand.fail(error.description, error.exitStatus)
    }
  }
}

/// `whatsnew lint [--format text|json|sarif]`: every release and translation checked (exit 65 on problems).
struct LintSubcommand: SubcommandRunner {
  let format: LintFormat

  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    do {
      let directories = try WhatsNewCommand.contentDirectories(options)
      // No cache: lint parses every table from its `.strings` file.
      let files = try ContentLibrary.readFiles(
        releasesDirectory: directories.releases, localizationsDirectory: directories.localizations)
      let problems = files.lint(
        releasesDisplayDirectory: directories.releases, localizationsDisplayDirectory: directories.localizations)
      return WhatsNewCommand.emit(
        LintReport.render(problems, format: format, width: WhatsNewCommand.reportWidth(environment)), "the lint report",
        status: problems.contains { $0.severity.isProblem } ? ExitStatus.dataError : ExitStatus.success)
    } catch {
      return WhatsNewCommand.fail(error.description, error.exitStatus)
    }
  }
}

/// `whatsnew new-release <version>`: the release file, its manifest entry and its keys marked TODO.
struct NewReleaseSubcommand: SubcommandRunner {
  let version: Version

  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    do {
      let directories = try WhatsNewCommand.contentDirectories(options)
      let command = NewRelease(
        version: version, releasesDirectory: directories.releases, localizationsDirectory: directories.localizations,
        lockWaitSeconds: Double(options.lockWaitSeconds))
      do {
        let outcome = try command.run()
        return WhatsNewCommand.emit(
          NewRelease.report(outcome, version: version, width: WhatsNewCommand.reportWidth(environment)),
          "the new-release report",
          written: "\(version) was written and registered all the same")
      } catch {
        switch error {
        case .missing, .notRegularFile, .unreadable: return WhatsNewCommand.fail(error.description, ExitStatus.noInput)
        case .writeFailed, .lockFailed: return WhatsNewCommand.fail(error.description, ExitStatus.ioError)
        case .busy: return WhatsNewCommand.fail(error.description, ExitStatus.temporaryFailure)
        case .exists, .refused, .keyExists, .badTable: return WhatsNewCommand.fail(error.description, ExitStatus.dataError)
        }
      }
    } catch {
      return WhatsNewCommand.fail(error.description, error.exitStatus)
    }
  }
}

/// `whatsnew man`: prints the manual page (`make install` writes it as `whatsnew.1`).
struct ManualSubcommand: SubcommandRunner {
  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    WhatsNewCommand.emit(ManualPage.roff, "the manual page")
  }
}

/// `whatsnew completion <shell>`: prints the shell's completion script.
struct CompletionSubcommand: SubcommandRunner {
  let shell: String

  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    WhatsNewCommand.emit(ShellCompletion.script(for: shell), "the completion script")
  }
}
