import WhatsNewApp
import WhatsNewSystem

// The executable is deliberately thin: everything lives in WhatsNewApp, where tests reach it.
let status = await WhatsNewCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.variables())
ProcessEnvironment.exit(status)
