import WhatsNewCore

extension WhatsNewCommand {
  /// `whatsnew flow --seen <version|none> [--json]`: what a user who has seen through a version is shown.
  static func flow(seen: Version?, json: Bool, _ options: Options, environment: [String: String]) -> Int32 {
    do {
      let content = try loadContent(options, environment: environment)
      if options.developerMode { for diagnostic in content.diagnostics { _ = fail(diagnostic, 0) } }
      return emit(
        FlowReport.render(
          releases: content.releases, seen: seen, current: options.appVersion, json: json,
          width: reportWidth(environment),
          diagnostics: options.developerMode ? content.releaseDiagnostics : nil),
        "the flow", status: ExitStatus.success)
    } catch {
      return fail(error.description, error.exitStatus)
    }
  }

  /// `whatsnew lint [--format text|json|sarif]`: every release and translation checked (exit 65 on problems).
  static func lint(format: LintFormat, _ options: Options, environment: [String: String]) -> Int32 {
    do {
      let directories = try contentDirectories(options, environment: environment)
      // No cache: lint parses every table from its `.strings` file.
      let files = try ContentLibrary.readFiles(
        releasesDirectory: directories.releases, localizationsDirectory: directories.localizations)
      let problems = files.lint(
        releasesDisplayDirectory: directories.releases, localizationsDisplayDirectory: directories.localizations)
      return emit(
        LintReport.render(problems, format: format, width: reportWidth(environment)), "the lint report",
        status: problems.contains { $0.severity.isProblem } ? ExitStatus.dataError : ExitStatus.success)
    } catch {
      return fail(error.description, error.exitStatus)
    }
  }

  /// `whatsnew new-release <version>`: the release file, its manifest entry and its keys marked TODO.
  static func newRelease(_ version: Version, _ options: Options, environment: [String: String]) -> Int32 {
    do {
      let directories = try contentDirectories(options, environment: environment)
      let command = NewRelease(
        version: version, releasesDirectory: directories.releases, localizationsDirectory: directories.localizations,
        lockWaitSeconds: Double(options.lockWaitSeconds))
      do {
        let outcome = try command.run()
        return emit(
          NewRelease.report(outcome, version: version, width: reportWidth(environment)),
          "the new-release report", status: ExitStatus.success,
          written: "\(version) was written and registered all the same")
      } catch {
        switch error {
        case .missing, .notRegularFile, .unreadable: return fail(error.description, ExitStatus.noInput)
        case .writeFailed, .lockFailed: return fail(error.description, ExitStatus.ioError)
        case .busy: return fail(error.description, ExitStatus.temporaryFailure)
        case .exists, .refused, .keyExists, .badTable: return fail(error.description, ExitStatus.dataError)
        }
      }
    } catch {
      return fail(error.description, error.exitStatus)
    }
  }

  /// `whatsnew schema [--manifest]`: the JSON Schema of release files (or of the manifest). The
  /// release schema's descriptions quote the English table (`--localizations`, else the bundled
  /// one), so it needs one as a start does; the manifest's schema reads nothing.
  static func schema(manifest: Bool, _ options: Options, environment: [String: String]) -> Int32 {
    guard !manifest else {
      return emit(ReleaseSchema.manifest().serialized() + "\n", "the schema", status: ExitStatus.success)
    }
    let english: TranslationTable
    do {
      english = try EnglishTable.read(localizationsDirectory: options.localizationsDirectory, environment: environment)
    } catch {
      return fail(error.description, error.exitStatus)
    }
    let schema = ReleaseSchema.release(english: { english[$0] })
    return emit(schema.serialized() + "\n", "the schema", status: ExitStatus.success)
  }
}
