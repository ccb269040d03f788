import Caliper
import CaliperLayout
import CaliperService

/// `caliper check`: every translated string measured in the room its UI gives it; those
/// that do not fit reported, as a linter reports findings.
enum CheckCommand {
  static let name = "check"
  static let table = OptionTable(
    command: name,
    abstract: "Find translated strings that do not fit their width.",
    overview: "Measure every string of XLIFF, Android, .xcstrings, .po and .arb catalogs in its\n"
      + "font, size and width, and report each one that does not fit.",
    arguments: "<file|dir>...",
    argumentHelp: [
      (
        "<file|dir>",
        "Catalogs (.xlf, .xliff, .xml, .po, .arb, .xcstrings), or\nfolders searched for them."
      )
    ],
    options: [
      Option(
        "--constraints", value: "<file>",
        help: "JSON: key or glob → width, lines, font, size, weight,\n"
          + "scale, samples (see 'Checking translations')."
      ) { if $0.isEmpty { throw UsageError("--constraints expects a file name") } },
      Option(
        "--format", value: "<f>", help: "table (default), json, sarif or junit."
      ) { text in
        guard CheckReport.Format(rawValue: text) != nil else {
          throw UsageError("--format must be table, json, sarif or junit, not '\(text)'")
        }
      },
      Option("--json", help: "Same as --format json: one JSON object per string."),
      Option("--all", help: "List every string in the table, not only those over."),
      Option(
        "--include-untranslated",
        help: "Check untranslated units too, as their source text."),
      Option(
        "--pseudo",
        help: "Check pseudo-localized source strings: accented,\n"
          + "bracketed and expanded by the length rule."),
      Option(
        "--expand", value: "<percent>",
        help: "With --pseudo: expand every string by this percentage."
      ) { _ = try OptionValues.whole($0, option: "--expand", 0...1000, "percent") },
      Option(
        "--scale", value: "<s>",
        help: "Pixels per point for limits in pixels (default: 1).",
        check: OptionValues.checkScale),
      Option(
        "--contact-sheets", value: "<dir>",
        help: "Write a contact sheet per locale of the strings that do\nnot fit to this folder."
      ) { if $0.isEmpty { throw UsageError("--contact-sheets expects a folder") } },
      Option(
        "--max-file-bytes", value: "<n>",
        help: "Refuse a catalog larger than n bytes (default: 64 MiB)."
      ) { _ = try OptionValues.byteCount($0, option: "--max-file-bytes") },
    ] + StyleOptions.options([.style]) + SystemFontOptions.options,
    footer: """
      Exit status: 0 when every string fits, 1 when any does not, 64 for a usage error,
      65 for a file that cannot be read as its format (reported as file:line: what).
      """)

  struct Options {
    var paths: [String] = []
    var format = CheckReport.Format.table
    var all = false
    var reader = CatalogReader()
    var constraints: String?
    var pseudo = false
    var expand: Int?
    var scale = 1.0
    var png: String?
    var settings = StyleSettings()
    var systemFonts = SystemFontConfiguration.installed
  }

  static func parse(_ parsed: ParsedArguments) throws -> Options {
    var options = Options()
    options.paths = parsed.positionals
    guard !options.paths.isEmpty else {
      throw UsageError("missing a catalog file or folder to check")
    }
    if let format = parsed.last("--format") {
      options.format = CheckReport.Format(rawValue: format)!
    }
    if parsed.has("--json") {
      guard parsed.last("--format") == nil || options.format == .json else {
        throw UsageError("--json and --format \(options.format.rawValue) ask for different outputs")
      }
      options.format = .json
    }
    options.all = parsed.has("--all")
    options.pseudo = parsed.has("--pseudo")
    if let expand = parsed.last("--expand") {
      guard options.pseudo else { throw UsageError("--expand needs --pseudo") }
      options.expand = try OptionValues.whole(expand, option: "--expand", 0...1000, "percent")
    }
    options.reader.includeUntranslated = parsed.has("--include-untranslated") || options.pseudo
    if let bytes = parsed.last("--max-file-bytes") {
      options.reader.maxFileBytes = try OptionValues.byteCount(bytes, option: "--max-file-bytes")
    }
    options.constraints = parsed.last("--constraints")
    if let scale = parsed.last("--scale") { options.scale = try OptionValues.scale(scale) }
    options.png = parsed.last("--contact-sheets")
    options.settings = try StyleOptions.settings(parsed, [.style])
    options.reader.defaultLocale = options.settings.style.locale
    options.systemFonts = try SystemFontOptions.configuration(parsed)
    return options
  }

  static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
    let options = try parse(arguments)
    var unreadable = false
    func report(_ error: CatalogError) {
      Output.writeError(error.description + "\n")
      unreadable = true
    }
    var constraints = Constraints()
    if let path = options.constraints {
      do throws(CatalogError) {
        let bytes: [UInt8]
        do {
          bytes = try InputReader.read(path)
        } catch {
          throw CatalogError(file: path, line: 0, "\(error)")
        }
        constraints = try Constraints(try CatalogReader.text(bytes, path), file: path)
      } catch {
        report(error)
        return 65
      }
    }
    let files: [String]
    do throws(CatalogError) {
      files = try CatalogReader.files(options.paths)
    } catch {
      report(error)
      return 65
    }
    var strings: [CatalogString] = []
    for file in files {
      do throws(CatalogError) {
        strings += try options.reader.read(file)
      } catch {
        report(error)
      }
    }
    if options.pseudo {
      // One check per source string, not one per locale.
      var seen: Set<String> = []
      strings = strings.filter { seen.insert($0.file + "\u{0}" + $0.key).inserted }
    }
    let fonts = try FontLibrary.bundled(systemFonts: options.systemFonts)
    let measurer = CheckMeasurer(
      fonts: fonts, base: options.settings, constraints: constraints, scale: options.scale,
      pseudo: options.pseudo, expand: options.expand)
    let results = try measurer.check(strings)
    switch options.format {
    case .table: output.write(CheckReport.table(results, all: options.all, files: files.count))
    case .json:
      var writer = JSONWriter()
      for result in results {
        CheckReport.json(result, into: &writer)
        if writer.count >= 1 << 16 {
          output.write(writer.bytes)
          writer.removeAll()
        }
      }
      output.write(writer.bytes)
    case .sarif: output.write(CheckReport.sarif(results))
    case .junit: output.write(CheckReport.junit(results))
    }
    if let folder = options.png {
      try ContactSheet.write(results.filter { !$0.fits }, to: folder, fonts: fonts, output: &output)
    }
    if unreadable { return 65 }
    return results.allSatisfy(\.fits) ? 0 : 1
  }
}
