import Foundation
import WhatsNewApp

// The executable is deliberately thin: everything lives in WhatsNewApp, where tests reach it.
let status = await WhatsNewCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
